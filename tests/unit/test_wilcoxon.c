/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * test_wilcoxon.c -- lib/wilcoxon.c against reference p-values.
 *
 * Every expected p-value below was printed by SciPy 1.17.1 (NumPy 2.4.6,
 * Python 3.11.7) with
 *   scipy.stats.mannwhitneyu(x, y, alternative=ALT, method=METHOD,
 *                            use_continuity=True)
 * for ALT = "two-sided", "less", "greater" and METHOD = "exact" or
 * "asymptotic" as named per case; tests/unit/wilcoxon_ref.py is that
 * script (same case names, same sample formulas).  Checked to 1e-10
 * relative.  The U statistic is SciPy's `statistic` (U of x).
 */
#include <config.h>

#include <math.h>
#include <stdlib.h>

#include "sk_test.h"
#include "wilcoxon.h"

/* Relative agreement to 1e-10. */
#define CHECK_P(got, want) SK_CHECK_NEAR((got), (want), 1e-10 * (want))

/* The generated samples of wilcoxon_ref.py: distinct integers (a) and
 * distinct half-integers (b), shifted. */
static double *gen_a(size_t n, double shift)
{
  double *x = malloc(n * sizeof *x);
  for (size_t i = 1; i <= n; i++)
    x[i - 1] = (double)((i * 7919) % 1009) + shift;
  return x;
}

static double *gen_b(size_t n, double shift)
{
  double *x = malloc(n * sizeof *x);
  for (size_t j = 1; j <= n; j++)
    x[j - 1] = (double)((j * 104729 + 13) % 1013) + 0.5 + shift;
  return x;
}

/* Runs one case and checks method, U and the three p-values. */
static void check_case(const char *name, const double *x, size_t n1,
                       const double *y, size_t n2, sk_wilcoxon_method_t m,
                       sk_wilcoxon_method_t want_m, double want_u,
                       double two, double less, double greater)
{
  sk_wilcoxon_t r;

  fprintf(stderr, "case %s\n", name);
  SK_CHECK_INT(sk_wilcoxon_test(x, n1, y, n2, m, &r), 0);
  SK_CHECK_INT(r.method, want_m);
  SK_CHECK_NEAR(r.u_a, want_u, 0.0);
  CHECK_P(r.p_two_sided, two);
  CHECK_P(r.p_less, less);
  CHECK_P(r.p_greater, greater);
}

static void test_exact_small(void)
{
  double x[] = {1.1, 2.3, 0.7, 4.5, 3.2}, y[] = {5.1, 6.2, 4.9, 7.3, 5.5, 6.8};
  double p[] = {19, 22, 16, 29, 24}, q[] = {20, 11, 17, 12};

  check_case("small", x, 5, y, 6, SK_WILCOXON_AUTO, SK_WILCOXON_EXACT, 0,
             0.004329004329004329, 0.0021645021645021645, 1);
  check_case("mixed", p, 5, q, 4, SK_WILCOXON_EXACT, SK_WILCOXON_EXACT, 17,
             0.1111111111111111, 0.96825396825396826,
             0.055555555555555552);
  check_case("small_norm", x, 5, y, 6, SK_WILCOXON_NORMAL,
             SK_WILCOXON_NORMAL, 0, 0.0081131172655657807,
             0.0040565586327828904, 0.99767187137643709);
}

static void test_n1(void)
{
  double one[] = {1}, two[] = {2}, three[] = {3}, four[] = {1, 2, 4, 5};

  check_case("one_one", one, 1, two, 1, SK_WILCOXON_AUTO, SK_WILCOXON_EXACT,
             0, 1, 0.5, 1);
  check_case("one_four", three, 1, four, 4, SK_WILCOXON_AUTO,
             SK_WILCOXON_EXACT, 2, 1, 0.60000000000000009,
             0.60000000000000009);
  /* one tied pair: the tie-corrected variance is 0, every p is 1 */
  check_case("one_tie", one, 1, one, 1, SK_WILCOXON_AUTO,
             SK_WILCOXON_NORMAL, 0.5, 1, 1, 1);
}

static void test_exact_generated(void)
{
  double *a, *b;

  a = gen_a(7, 0), b = gen_b(9, 300);   /* n1*n2 odd */
  check_case("gen_7_9", a, 7, b, 9, SK_WILCOXON_AUTO, SK_WILCOXON_EXACT, 17,
             0.14160839160839161, 0.070804195804195807,
             0.94291958041958035);
  free(a), free(b);
  a = gen_a(12, 0), b = gen_b(15, 150);
  check_case("gen_12_15", a, 12, b, 15, SK_WILCOXON_AUTO, SK_WILCOXON_EXACT,
             66, 0.25624596608578298, 0.12812298304289149,
             0.88187347344030609);
  free(a), free(b);
  a = gen_a(30, 100), b = gen_b(45, 0);
  check_case("gen_30_45", a, 30, b, 45, SK_WILCOXON_AUTO, SK_WILCOXON_EXACT,
             839, 0.076944191724280006, 0.96243461254132567,
             0.038472095862140003);
  free(a), free(b);
  a = gen_a(50, 0), b = gen_b(50, 120);
  check_case("gen_50_50", a, 50, b, 50, SK_WILCOXON_AUTO, SK_WILCOXON_EXACT,
             1025, 0.12204877381515482, 0.061024386907577409,
             0.93980863323770147);
  check_case("gen_50_50n", a, 50, b, 50, SK_WILCOXON_NORMAL,
             SK_WILCOXON_NORMAL, 1025, 0.12170356021669182,
             0.06085178010834591, 0.93997412061182983);
  free(a), free(b);
}

/* Completely separated samples: P = 1 / C(40, 20) one-sided. */
static void test_exact_tail(void)
{
  double x[20], y[20];

  for (int i = 0; i < 20; i++)
    x[i] = i, y[i] = 100 + i;
  check_case("sep_20_20", x, 20, y, 20, SK_WILCOXON_AUTO, SK_WILCOXON_EXACT,
             0, 1.4508889103849684e-11, 7.2544445519248422e-12, 1);
}

static void test_normal(void)
{
  double x[] = {1, 2, 2, 3, 3, 3, 5}, y[] = {2, 3, 4, 4, 5, 6, 6, 7};
  double e[] = {1, 2, 3, 4, 5};
  double *a = gen_a(60, 0), *b = gen_b(70, 80);

  check_case("gen_60_70", a, 60, b, 70, SK_WILCOXON_AUTO, SK_WILCOXON_NORMAL,
             1825, 0.1998585378593819, 0.099929268929690951,
             0.90088746001193387);
  free(a), free(b);
  check_case("ties", x, 7, y, 8, SK_WILCOXON_AUTO, SK_WILCOXON_NORMAL, 10,
             0.039716086997011353, 0.019858043498505677,
             0.98515549585286055);
  check_case("equal", e, 5, e, 5, SK_WILCOXON_AUTO, SK_WILCOXON_NORMAL, 12.5,
             1, 0.54223501331161406, 0.54223501331161406);
  a = gen_a(55, 0), b = gen_b(60, 0);
  for (size_t i = 0; i < 55; i++)
    a[i] = floor(a[i] / 100);
  for (size_t j = 0; j < 60; j++)
    b[j] = floor((b[j] + 60) / 100);
  check_case("ties_big", a, 55, b, 60, SK_WILCOXON_AUTO, SK_WILCOXON_NORMAL,
             1547, 0.56421129883004018, 0.28210564941502009,
             0.71979175019332831);
  free(a), free(b);
}

/* Every value equal: no evidence either way (SciPy gives 1 as well). */
static void test_all_equal(void)
{
  double x[] = {7, 7, 7}, y[] = {7, 7};
  sk_wilcoxon_t r;

  SK_CHECK_INT(sk_wilcoxon_test(x, 3, y, 2, SK_WILCOXON_AUTO, &r), 0);
  SK_CHECK_INT(r.has_ties, 1);
  SK_CHECK_NEAR(r.u_a, 3.0, 0.0);
  SK_CHECK_NEAR(r.rank_sum_a, 9.0, 0.0);
  SK_CHECK_NEAR(r.p_two_sided, 1.0, 0.0);
  SK_CHECK_NEAR(r.p_less, 1.0, 0.0);
  SK_CHECK_NEAR(r.p_greater, 1.0, 0.0);
}

/* The roles of A and B swap the one-sided p-values. */
static void test_symmetry(void)
{
  double *a = gen_a(9, 0), *b = gen_b(11, 200);
  sk_wilcoxon_t ab, ba;

  SK_CHECK_INT(sk_wilcoxon_test(a, 9, b, 11, SK_WILCOXON_AUTO, &ab), 0);
  SK_CHECK_INT(sk_wilcoxon_test(b, 11, a, 9, SK_WILCOXON_AUTO, &ba), 0);
  SK_CHECK_NEAR(ab.u_a + ba.u_a, 99.0, 0.0);
  CHECK_P(ab.p_less, ba.p_greater);
  CHECK_P(ab.p_greater, ba.p_less);
  CHECK_P(ab.p_two_sided, ba.p_two_sided);
  free(a), free(b);
}

static void test_refusals(void)
{
  double x[] = {1, 2, 2}, y[] = {3, 4}, bad[] = {1, NAN};
  double *big = gen_a(51, 0);
  sk_wilcoxon_t r;

  SK_CHECK_INT(sk_wilcoxon_test(x, 0, y, 2, SK_WILCOXON_AUTO, &r), -1);
  SK_CHECK_INT(sk_wilcoxon_test(x, 3, y, 0, SK_WILCOXON_AUTO, &r), -1);
  SK_CHECK_INT(sk_wilcoxon_test(bad, 2, y, 2, SK_WILCOXON_AUTO, &r), -1);
  SK_CHECK_INT(sk_wilcoxon_test(x, 3, y, 2, SK_WILCOXON_EXACT, &r), -1);
  SK_CHECK_INT(sk_wilcoxon_test(big, 51, y, 2, SK_WILCOXON_EXACT, &r), -1);
  /* the same without forcing: normal approximation */
  SK_CHECK_INT(sk_wilcoxon_test(big, 51, y, 2, SK_WILCOXON_AUTO, &r), 0);
  SK_CHECK_INT(r.method, SK_WILCOXON_NORMAL);
  free(big);
}

static void test_stars(void)
{
  SK_CHECK_STR(sk_wilcoxon_stars(0.0), "***");
  SK_CHECK_STR(sk_wilcoxon_stars(0.001), "***");
  SK_CHECK_STR(sk_wilcoxon_stars(0.0010001), "**");
  SK_CHECK_STR(sk_wilcoxon_stars(0.01), "**");
  SK_CHECK_STR(sk_wilcoxon_stars(0.0100001), "*");
  SK_CHECK_STR(sk_wilcoxon_stars(0.05), "*");
  SK_CHECK_STR(sk_wilcoxon_stars(0.0500001), "");
  SK_CHECK_STR(sk_wilcoxon_stars(1.0), "");
  SK_CHECK_STR(sk_wilcoxon_stars(NAN), "");
  SK_CHECK_STR(sk_wilcoxon_method_name(SK_WILCOXON_EXACT), "exact");
  SK_CHECK_STR(sk_wilcoxon_method_name(SK_WILCOXON_NORMAL), "normal");
}

/* The power floor: the smallest p of n1 and n2 values is the p of two
 * samples that do not overlap, 2 / C(n1 + n2, n1) (by hand: C(6,3) = 20,
 * C(7,3) = 35, C(8,4) = 70, C(16,8) = 12870), and the test agrees. */
static void test_min_p(void)
{
  static const double a[8] = {1, 2, 3, 4, 5, 6, 7, 8};
  static const double b[8] = {11, 12, 13, 14, 15, 16, 17, 18};
  sk_wilcoxon_t w;
  size_t m, n;
  SK_CHECK_REL(sk_wilcoxon_min_p(3, 3), 0.1, 1e-12);
  SK_CHECK_REL(sk_wilcoxon_min_p(4, 3), 2.0 / 35.0, 1e-12);
  SK_CHECK_REL(sk_wilcoxon_min_p(3, 4), 2.0 / 35.0, 1e-12);
  SK_CHECK_REL(sk_wilcoxon_min_p(4, 4), 2.0 / 70.0, 1e-12);
  SK_CHECK_REL(sk_wilcoxon_min_p(8, 8), 2.0 / 12870.0, 1e-12);
  SK_CHECK_REL(sk_wilcoxon_min_p(1, 1), 1.0, 1e-12);
  SK_CHECK_REL(sk_wilcoxon_min_p(0, 5), 1.0, 1e-12);
  for (m = 1; m <= 8; m++)
    for (n = 1; n <= 8; n++)
      if (sk_wilcoxon_test(a, m, b, n, SK_WILCOXON_AUTO, &w) == 0)
        SK_CHECK_REL(w.p_two_sided, sk_wilcoxon_min_p(m, n), 1e-9);
  /* beyond the exact sizes, the normal approximation's: z = 1799.5 /
   * 190.5 = 9.45, p about 3e-21 */
  SK_CHECK(sk_wilcoxon_min_p(60, 60) < 1e-15);
  SK_CHECK(sk_wilcoxon_min_p(60, 60) >= 0.0);
}

int main(void)
{
  test_min_p();
  test_exact_small();
  test_n1();
  test_exact_generated();
  test_exact_tail();
  test_normal();
  test_all_equal();
  test_symmetry();
  test_refusals();
  test_stars();
  return sk_test_result();
}
