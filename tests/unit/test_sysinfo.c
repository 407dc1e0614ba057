/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * test_sysinfo.c -- CPU lists, the environment filter, text a result can
 * hold, the batch system's job, UTC time stamps.
 */
#include <config.h>

#include <stdlib.h>
#include <string.h>

#include "sysinfo.h"
#include "sk_test.h"

static void test_cpus(void)
{
  static const unsigned char m[] = {1, 1, 1, 1, 0, 0, 1, 0, 1, 1};
  static const unsigned char none[] = {0, 0, 0};
  static const unsigned char last[] = {0, 0, 1};
  char buf[64], tiny[8];
  sk_sysinfo_format_cpus(m, sizeof m, buf, sizeof buf);
  SK_CHECK_STR(buf, "0-3,6,8-9");
  sk_sysinfo_format_cpus(none, sizeof none, buf, sizeof buf);
  SK_CHECK_STR(buf, "");
  sk_sysinfo_format_cpus(last, sizeof last, buf, sizeof buf);
  SK_CHECK_STR(buf, "2");
  /* "0-3,6" fits in 8 bytes, ",8-9" does not: the last 3 characters
   * that fit become "...". */
  sk_sysinfo_format_cpus(m, sizeof m, tiny, sizeof tiny);
  SK_CHECK_STR(tiny, "0-3,...");
  sk_sysinfo_affinity(buf, sizeof buf);
  SK_CHECK(buf[0] != '\0');
}

static void test_env(void)
{
  char *envp[] = {"PATH=/bin", "UCX_TLS=sm,self", "MPIR_CVAR_ASYNC=1",
                  "OMPI_COMM_WORLD_RANK=0", "OMPI_MCA_btl=self",
                  "SKAMPI_CALIBRATE=1,2,3,4", "HOME=/root", NULL};
  size_t n = 0, i;
  char **v = sk_sysinfo_env(envp, &n);
  SK_CHECK(n == 4);
  if (v != NULL && n == 4) {
    SK_CHECK_STR(v[0], "MPIR_CVAR_ASYNC=1");
    SK_CHECK_STR(v[1], "OMPI_MCA_btl=self");
    SK_CHECK_STR(v[2], "SKAMPI_CALIBRATE=1,2,3,4");
    SK_CHECK_STR(v[3], "UCX_TLS=sm,self");
  }
  for (i = 0; i < n; i++)
    free(v[i]);
  free(v);
  envp[1] = NULL;
  SK_CHECK(sk_sysinfo_env(envp, &n) == NULL && n == 0);
  /* a value YAML cannot hold (not UTF-8) made text; a long one cut */
  {
    char big[SK_SYSINFO_ENV_MAX + 64];
    char *bad[] = {"UCX_X=a\xff", big, NULL};
    memset(big, 'x', sizeof big - 1);
    big[sizeof big - 1] = '\0';
    memcpy(big, "FI_Y=", 5);
    v = sk_sysinfo_env(bad, &n);
    SK_CHECK(n == 2);
    if (v != NULL && n == 2) {
      SK_CHECK(strlen(v[0]) == SK_SYSINFO_ENV_MAX);
      SK_CHECK(strcmp(v[0] + SK_SYSINFO_ENV_MAX - 3, "...") == 0);
      SK_CHECK_STR(v[1], "UCX_X=a?");
    }
    for (i = 0; i < n; i++)
      free(v[i]);
    free(v);
  }
  SK_CHECK(sk_sysinfo_env_relevant("MPICH_ASYNC_PROGRESS=1"));
  SK_CHECK(!sk_sysinfo_env_relevant("XMPICH_=1"));
}

static void test_text(void)
{
  char *t;
  /* an invalid byte, a lone continuation byte and a surrogate become
   * '?' each; valid UTF-8 and control characters are kept */
  t = sk_sysinfo_text("a\xff" "b\x80" "c\xed\xa0\x80" "\xc3\xa9\x01", 64);
  SK_CHECK_STR(t, "a?b?c???\xc3\xa9\x01");
  free(t);
  t = sk_sysinfo_text("", 4);
  SK_CHECK_STR(t, "");
  free(t);
  /* 10 bytes into 8: 5 kept and "..."; never a character cut in two */
  t = sk_sysinfo_text("0123456789", 8);
  SK_CHECK_STR(t, "01234...");
  free(t);
  t = sk_sysinfo_text("0123\xc3\xa9" "6789", 8);
  SK_CHECK_STR(t, "0123...");
  free(t);
  t = sk_sysinfo_text("01234567", 8);
  SK_CHECK_STR(t, "01234567");
  free(t);
}

/* The batch entries of envp joined with '|', system first. */
static void batch_of(char **envp, char *buf, size_t size)
{
  const char *sys = "?";
  size_t n = 9, i, len;
  char **v = sk_sysinfo_batch(envp, &sys, &n);
  snprintf(buf, size, "%s", sys ? sys : "none");
  for (i = 0; i < n; i++) {
    len = strlen(buf);
    snprintf(buf + len, size - len, "|%s", v[i]);
    free(v[i]);
  }
  free(v);
  if (v == NULL)
    SK_CHECK(n == 0);
}

static void test_batch(void)
{
  char *slurm[] = {"SLURM_CPU_BIND=quiet,cores", "PATH=/bin",
                   "SLURM_JOB_NAME=skampi", "SLURM_JOBID=77",
                   "SLURM_JOB_ID=4242", "SLURM_JOB_PARTITION=debug",
                   "SLURM_NODELIST=n[0-1]", "SLURM_TASKS_PER_NODE=2(x2)",
                   "SLURM_STEPID=0", "SLURM_JOB_QOS=", "PBS_JOBID=1.pbs",
                   NULL};
  char *old[] = {"SLURM_JOBID=77", "SLURM_NNODES=2", NULL};
  char *pbs[] = {"PBS_JOBID=123.server", "PBS_JOBNAME=run",
                 "PBS_QUEUE=workq", "PBS_NODEFILE=/var/spool/pbs/aux/123",
                 "PBS_ARRAYID=3", "FLUX_JOB_ID=f1", NULL};
  char *flux[] = {"FLUX_JOB_ID=f2Dcz8GS", "FLUX_JOB_SIZE=4",
                  "FLUX_JOB_NNODES=2", NULL};
  char *lsf[] = {"LSB_JOBID=55", "LSB_QUEUE=normal",
                 "LSB_MCPU_HOSTS=h1 4 h2 4", NULL};
  char *none[] = {"PATH=/bin", "SLURM_JOB_ID=", "HOME=/root", NULL};
  char *bad[] = {"SLURM_JOB_ID=9", "SLURM_JOB_NAME=a\xff\nb", NULL};
  char buf[512];
  /* the new name wins over the old, empty values are left out, the
   * order is the table's, not the environment's; Slurm before PBS */
  batch_of(slurm, buf, sizeof buf);
  SK_CHECK_STR(buf, "slurm|job_id=4242|job_name=skampi|step_id=0|"
                    "partition=debug|nodes=n[0-1]|tasks_per_node=2(x2)|"
                    "cpu_bind=quiet,cores");
  batch_of(old, buf, sizeof buf);
  SK_CHECK_STR(buf, "slurm|job_id=77|node_count=2");
  batch_of(pbs, buf, sizeof buf);
  SK_CHECK_STR(buf, "pbs|job_id=123.server|job_name=run|array_task_id=3|"
                    "partition=workq|node_file=/var/spool/pbs/aux/123");
  batch_of(flux, buf, sizeof buf);
  SK_CHECK_STR(buf, "flux|job_id=f2Dcz8GS|node_count=2|tasks=4");
  batch_of(lsf, buf, sizeof buf);
  SK_CHECK_STR(buf, "lsf|job_id=55|partition=normal|hosts=h1 4 h2 4");
  batch_of(none, buf, sizeof buf);
  SK_CHECK_STR(buf, "none");
  batch_of(NULL, buf, sizeof buf);
  SK_CHECK_STR(buf, "none");
  batch_of(bad, buf, sizeof buf);
  SK_CHECK_STR(buf, "slurm|job_id=9|job_name=a?\nb");
}

static void test_time(void)
{
  char buf[32];
  sk_sysinfo_iso_time(0, buf);
  SK_CHECK_STR(buf, "1970-01-01T00:00:00Z");
  sk_sysinfo_iso_time(1700000000, buf);
  SK_CHECK_STR(buf, "2023-11-14T22:13:20Z");
}

int main(void)
{
  test_cpus();
  test_env();
  test_text();
  test_batch();
  test_time();
  return sk_test_result();
}
