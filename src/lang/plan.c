/*
 * plan.c -- releasing a plan; names of its enumerations.
 */
#include <config.h>

#include "plan.h"

#include <stdlib.h>

#include "keys.h"

void sk_plan_free(sk_plan_t *plan)
{
  size_t i, j;
  if (plan == NULL)
    return;
  for (i = 0; i < plan->nmeta; i++) {
    free(plan->meta[i].key);
    free(plan->meta[i].value);
  }
  for (i = 0; i < plan->nbasetypes; i++) {
    for (j = 0; j < plan->basetypes[i].nfields; j++)
      free(plan->basetypes[i].fields[j].mpi_type);
    free(plan->basetypes[i].fields);
  }
  for (i = 0; i < plan->nsuites; i++)
    free(plan->suites[i].name);
  free(plan->path);
  free(plan->meta);
  free(plan->outfile);
  free(plan->logfile);
  free(plan->io_directory);
  free(plan->basetypes);
  free(plan->suites);
  free(plan);
}

/* The name the suite language accepts (lib/keys.def). */
const char *sk_variation_name(sk_variation_t v)
{
  const char *name = sk_suitekey_value(SK_KEY_VARIATION, (long)v);
  return name ? name : "?";
}

