/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * test_suitekey.c -- the suite keys' names from lib/keys.def
 * (lib/suitekey.h) and the orders the readers of a result file rely on:
 * the values of Outlier_Filter are SK_STATS_FILTER_* (lib/merge.c,
 * report/subtitle.c), those of Variation are sk_rfile_arg_t
 * (lib/rfile_load.c); sk_rfile_key() finds a recorded parameter by id.
 */
#include <config.h>

#include <stddef.h>

#include "rfile.h"
#include "stats.h"
#include "suitekey.h"
#include "sk_test.h"

int main(void)
{
  sk_rfile_kv_t kv[] = {{"Scale", "Fixed_log"},
                        {"Outlier_Filter", "Tukey"},
                        {"Default_Message_length", "256"}};
  sk_rfile_suite_t s = {0};

  SK_CHECK_STR(sk_suitekey_name(SK_KEY_TYPE), "Type");
  SK_CHECK_STR(sk_suitekey_name(SK_KEY_OUTLIER_FILTER), "Outlier_Filter");
  SK_CHECK_STR(sk_suitekey_name(SK_KEY_DEFAULT_MESSAGE_LENGTH),
               "Default_Message_length");
  SK_CHECK_STR(sk_suitekey_name(SK_KEY_COUNT), NULL);
  SK_CHECK_STR(sk_suitekey_name((sk_key_id_t)-1), NULL);

  /* the order of the filters is the engine's and the merge's */
  SK_CHECK_STR(sk_suitekey_value(SK_KEY_OUTLIER_FILTER, SK_STATS_FILTER_CUT),
               "Cut_Quantile");
  SK_CHECK_STR(sk_suitekey_value(SK_KEY_OUTLIER_FILTER,
                                 SK_STATS_FILTER_TUKEY), "Tukey");
  SK_CHECK_STR(sk_suitekey_value(SK_KEY_OUTLIER_FILTER,
                                 SK_STATS_FILTER_NONE), "None");
  SK_CHECK_STR(sk_suitekey_value(SK_KEY_OUTLIER_FILTER, 3), NULL);
  SK_CHECK_STR(sk_suitekey_value(SK_KEY_OUTLIER_FILTER, -1), NULL);
  /* the order of the variations is the report's */
  SK_CHECK_STR(sk_suitekey_value(SK_KEY_VARIATION, SK_RESULT_ARG_NONE),
               "None");
  SK_CHECK_STR(sk_suitekey_value(SK_KEY_VARIATION, SK_RESULT_ARG_LENGTH),
               "Length");
  SK_CHECK_STR(sk_suitekey_value(SK_KEY_VARIATION, SK_RESULT_ARG_NODES),
               "Nodes");
  SK_CHECK_STR(sk_suitekey_value(SK_KEY_VARIATION, SK_RESULT_ARG_CHUNKS),
               "Chunks");
  /* a key that is not an ENUM has no values */
  SK_CHECK_STR(sk_suitekey_value(SK_KEY_MIN_REPETITION, 0), NULL);
  SK_CHECK_INT(sk_suitekey_value_of(SK_KEY_MIN_REPETITION, "8"), -1);

  /* names are matched as the suite language matches them: any case */
  SK_CHECK_INT(sk_suitekey_value_of(SK_KEY_OUTLIER_FILTER, "Tukey"),
               SK_STATS_FILTER_TUKEY);
  SK_CHECK_INT(sk_suitekey_value_of(SK_KEY_OUTLIER_FILTER, "none"),
               SK_STATS_FILTER_NONE);
  SK_CHECK_INT(sk_suitekey_value_of(SK_KEY_OUTLIER_FILTER, "Tukey "), -1);
  SK_CHECK_INT(sk_suitekey_value_of(SK_KEY_OUTLIER_FILTER, ""), -1);
  SK_CHECK_INT(sk_suitekey_value_of(SK_KEY_OUTLIER_FILTER, NULL), -1);
  SK_CHECK_INT(sk_suitekey_value_of(SK_KEY_COUNT, "None"), -1);

  s.params = kv;
  s.nparams = sizeof kv / sizeof kv[0];
  SK_CHECK_STR(sk_rfile_key(&s, SK_KEY_SCALE), "Fixed_log");
  SK_CHECK_STR(sk_rfile_key(&s, SK_KEY_OUTLIER_FILTER), "Tukey");
  SK_CHECK_STR(sk_rfile_key(&s, SK_KEY_DEFAULT_MESSAGE_LENGTH), "256");
  SK_CHECK_STR(sk_rfile_key(&s, SK_KEY_CUT_QUANTILE), NULL);
  SK_CHECK_STR(sk_rfile_key(&s, SK_KEY_COUNT), NULL);
  return sk_test_result();
}
