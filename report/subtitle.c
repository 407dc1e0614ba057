/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * subtitle.c -- the settings line of a suite page (subtitle.h).
 */
#include <config.h>

#include "subtitle.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "stats.h"

#define SK_SUB_DOT " \xc2\xb7 "

/* Appends FMT to BUF of SIZE, keeping it terminated. */
static void sk_sub_add(char *buf, size_t size, const char *fmt,
                       const char *a, const char *b)
{
  size_t len = strlen(buf);
  if (len + 1 < size)
    snprintf(buf + len, size - len, fmt, a, b);
}

/* Suite key KEY as recorded, when it has a value (not null). */
static const char *sk_sub_param(const sk_rfile_suite_t *s, sk_key_id_t key)
{
  const char *v = sk_rfile_key(s, key);
  return v && *v && strcmp(v, "null") != 0 && strcmp(v, "~") != 0 ? v
                                                                  : NULL;
}

static void sk_sub_repetitions(const sk_rfile_suite_t *s, char *buf,
                               size_t size)
{
  const char *fixed = sk_sub_param(s, SK_KEY_FIXED_REPETITIONS);
  const char *eps = sk_sub_param(s, SK_KEY_STANDARD_ERROR);
  const char *lo = sk_sub_param(s, SK_KEY_MIN_REPETITION);
  const char *hi = sk_sub_param(s, SK_KEY_MAX_REPETITION);
  if (fixed) {
    sk_sub_add(buf, size, SK_SUB_DOT "%s repetitions (fixed)%s", fixed, "");
    return;
  }
  if (eps)
    sk_sub_add(buf, size, SK_SUB_DOT "\xce\xb5 %s%s", eps, "");
  if (lo && hi)
    sk_sub_add(buf, size, SK_SUB_DOT "repetitions %s\xe2\x80\x93%s", lo, hi);
  else if (lo)
    sk_sub_add(buf, size, SK_SUB_DOT "min. repetitions %s%s", lo, "");
  else if (hi)
    sk_sub_add(buf, size, SK_SUB_DOT "max. repetitions %s%s", hi, "");
}

/* The recorded Outlier_Filter as an SK_STATS_FILTER_* (the order of its
 * values in keys.def; tests/unit/test_suitekey.c): a file from before
 * the key that records Cut_Quantile cut by it; -1 when the file does
 * not say, or names a filter this reader does not know. */
static long sk_sub_filter_of(const sk_rfile_suite_t *s)
{
  const char *f = sk_sub_param(s, SK_KEY_OUTLIER_FILTER);
  if (!f)
    return sk_sub_param(s, SK_KEY_CUT_QUANTILE) ? SK_STATS_FILTER_CUT : -1;
  return sk_suitekey_value_of(SK_KEY_OUTLIER_FILTER, f);
}

/* The outlier filter; "" when the file does not say. */
static void sk_sub_filter(const sk_rfile_suite_t *s, char *buf, size_t size,
                          int statistic)
{
  long f = sk_sub_filter_of(s);
  const char *q = sk_sub_param(s, SK_KEY_CUT_QUANTILE);
  if (f == SK_STATS_FILTER_CUT && q && statistic) {
    /* the legend takes a number, never the file's text */
    char num[32];
    char *end;
    double d = strtod(q, &end);
    if (end != q && *end == '\0' && d >= 0 && d < 1) {
      snprintf(num, sizeof num, "%g", d);
      sk_sub_add(buf, size, "the cut (quantile %s)%s", num, "");
    } else
      sk_sub_add(buf, size, "the cut%s%s", "", "");
  } else if (f == SK_STATS_FILTER_CUT && q)
    sk_sub_add(buf, size, SK_SUB_DOT "cut quantile %s%s", q, "");
  else if (f == SK_STATS_FILTER_TUKEY)
    sk_sub_add(buf, size, "%sTukey fences%s", statistic ? "" : SK_SUB_DOT,
               "");
  else if (f == SK_STATS_FILTER_NONE)
    sk_sub_add(buf, size, "%s%s", statistic ? "" : SK_SUB_DOT,
               statistic ? "" : "no outlier filter");
}

/* timing, synchronization, window: fixed identifiers (rfile.h). */
static void sk_sub_timing(const sk_rfile_suite_t *s, char *buf, size_t size)
{
  char w[48];
  if (*s->timing)
    sk_sub_add(buf, size, SK_SUB_DOT "timing %s%s", s->timing, "");
  if (!*s->sync)
    return;
  w[0] = '\0';
  if (isfinite(s->sync_window))
    snprintf(w, sizeof w, " (window %.3g ms)", s->sync_window * 1e3);
  sk_sub_add(buf, size, SK_SUB_DOT "%s sync%s", s->sync, w);
}

/* "pair 0–2 (Inter_Node: node0 ↔ node1, inter-node)", "pair 0–1
 * (Intra_Socket: vm, intra-node, same socket)", or "pair 0–1" for a file
 * that does not say where it ran; host names cut to 24 bytes. */
static void sk_sub_pair(const sk_rfile_suite_t *s, char *buf, size_t size)
{
  char pair[64], where[160];
  const char *h0 = s->pair_hosts[0], *h1 = s->pair_hosts[1];
  size_t len;
  snprintf(pair, sizeof pair, "%ld\xe2\x80\x93%ld", s->pair[0], s->pair[1]);
  sk_sub_add(buf, size, SK_SUB_DOT "pair %s%s", pair, "");
  if (!*s->pair_selection)
    return;
  snprintf(where, sizeof where, " (%s", s->pair_selection);
  len = strlen(where);
  if (h0 && h1 && strcmp(h0, h1) != 0)
    snprintf(where + len, sizeof where - len, ": %.24s \xe2\x86\x94 %.24s",
             h0, h1);
  else if (h0)
    snprintf(where + len, sizeof where - len, ": %.24s", h0);
  len = strlen(where);
  if (s->pair_inter >= 0)
    snprintf(where + len, sizeof where - len, ", %s",
             s->pair_inter ? "inter-node" : "intra-node");
  len = strlen(where);
  if (s->pair_inter == 0 && s->pair_socket >= 0)
    snprintf(where + len, sizeof where - len, ", %s",
             s->pair_socket ? "same socket" : "two sockets");
  sk_sub_add(buf, size, "%s)%s", where, "");
}

void sk_subtitle_pair(const sk_rfile_suite_t *s, char *buf, size_t size)
{
  char tmp[256] = "";
  size_t dot = sizeof SK_SUB_DOT - 1;
  if (size == 0)
    return;
  buf[0] = '\0';
  if (s->pair[0] < 0)
    return;
  sk_sub_pair(s, tmp, sizeof tmp);
  snprintf(buf, size, "%s", strlen(tmp) >= dot ? tmp + dot : tmp);
}

/* In_Place, Root and Verify where they are not the default: "in
 * place", "root rotating" / "root 3", "data verified".  A Root is
 * shown only when it is Rotate or a rank (the file is untrusted). */
static void sk_sub_keys(const sk_rfile_suite_t *s, char *buf, size_t size)
{
  const char *v;
  if ((v = sk_sub_param(s, SK_KEY_IN_PLACE)) && strcmp(v, "true") == 0)
    sk_sub_add(buf, size, SK_SUB_DOT "in place%s%s", "", "");
  if ((v = sk_sub_param(s, SK_KEY_ROOT))) {
    size_t n = strlen(v);
    if (strcmp(v, "Rotate") == 0)
      sk_sub_add(buf, size, SK_SUB_DOT "root rotating%s%s", "", "");
    else if (n > 0 && n < 8 && strspn(v, "0123456789") == n &&
             strcmp(v, "0") != 0)
      sk_sub_add(buf, size, SK_SUB_DOT "root %s%s", v, "");
  }
  if ((v = sk_sub_param(s, SK_KEY_VERIFY)) && strcmp(v, "true") == 0)
    sk_sub_add(buf, size, SK_SUB_DOT "data verified%s%s", "", "");
}

void sk_subtitle_settings(const sk_rfile_suite_t *s, char *buf, size_t size)
{
  const char *v;
  if (size == 0)
    return;
  snprintf(buf, size, "variation %s", sk_rfile_arg_name(s->arg));
  if ((v = sk_sub_param(s, SK_KEY_SCALE)))
    sk_sub_add(buf, size, SK_SUB_DOT "scale %s%s", v, "");
  sk_sub_repetitions(s, buf, size);
  sk_sub_filter(s, buf, size, 0);
  if (s->arg != SK_RESULT_ARG_LENGTH &&
      (v = sk_sub_param(s, SK_KEY_DEFAULT_MESSAGE_LENGTH)))
    sk_sub_add(buf, size, SK_SUB_DOT "message length %s%s", v, "");
  if (s->arg != SK_RESULT_ARG_CHUNKS &&
      strcmp(s->pattern, "master_worker") == 0 &&
      (v = sk_sub_param(s, SK_KEY_DEFAULT_CHUNKS)))
    sk_sub_add(buf, size, SK_SUB_DOT "chunks %s%s", v, "");
  sk_sub_timing(s, buf, size);
  sk_sub_keys(s, buf, size);
  if (s->pair[0] >= 0)
    sk_sub_pair(s, buf, size);
  /* the key's first value (Halves) is the default, not worth a word */
  if (*s->pairs_selection &&
      sk_suitekey_value_of(SK_KEY_PAIRS_PLACEMENT, s->pairs_selection) != 0)
    sk_sub_add(buf, size, SK_SUB_DOT "pairs %s%s", s->pairs_selection, "");
}

void sk_subtitle_statistic(const sk_rfile_suite_t *s, char *buf,
                           size_t size)
{
  long f = sk_sub_filter_of(s);
  if (size == 0)
    return;
  if (f == SK_STATS_FILTER_NONE ||
      (!sk_sub_param(s, SK_KEY_OUTLIER_FILTER) &&
       !sk_sub_param(s, SK_KEY_CUT_QUANTILE))) {
    snprintf(buf, size, "mean of all repetitions");
    return;
  }
  snprintf(buf, size, "mean after ");
  sk_sub_filter(s, buf, size, 1);
  if (strcmp(buf, "mean after ") == 0)
    snprintf(buf, size, "mean after the outlier filter");
}
