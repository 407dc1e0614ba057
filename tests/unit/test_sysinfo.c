/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * test_sysinfo.c -- CPU lists, the environment filter, UTC time stamps.
 */
#include <config.h>

#include <stdlib.h>

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
  SK_CHECK(sk_sysinfo_env_relevant("MPICH_ASYNC_PROGRESS=1"));
  SK_CHECK(!sk_sysinfo_env_relevant("XMPICH_=1"));
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
  test_time();
  return sk_test_result();
}
