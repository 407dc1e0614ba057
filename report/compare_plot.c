/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * compare_plot.c -- the gnuplot pages of --runs and --compare: a title
 * page, box plots of the per-run medians with Wilcoxon stars (Hunold &
 * Carpen-Amarie Fig. 10/11) and reproducibility pages (Fig. 12).
 */
#include <config.h>

#include "compare_plot.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "gp.h"
#include "units.h"

/* One category of a box page: an argument of a suite, one or two sets. */
typedef struct sk_cplot_cat {
  const sk_compare_point_t *pt[2];
  double scale[2];         /* every value is divided by this */
  const char *stars[2];    /* two-sided, A faster; NULL: no row */
} sk_cplot_cat_t;

static void sk_cplot_xlabel(const sk_compare_suite_t *s, double arg,
                            char *buf, size_t size)
{
  if (!s->varied)
    snprintf(buf, size, "%s", "(no variation)");
  else if (s->bytes)
    sk_units_bytes(arg, buf, size);
  else
    snprintf(buf, size, "%g", arg);
}

/* The boxes ($B<k>: x q1 min max q3 median) and the runs ($P<k>: x y)
 * of set K; x is the category number shifted by OFF. */
static int sk_cplot_data(FILE *f, const sk_cplot_cat_t *c, size_t n, int k,
                         double off)
{
  double q[5], x;
  size_t i, r;
  fprintf(f, "$B%d << EOD\n", k);
  for (i = 0; i < n; i++) {
    if (sk_compare_box(c[i].pt[k], c[i].scale[k], q) != 0)
      return -1;
    x = (double)(i + 1) + off;
    fprintf(f, "%g %.17g %.17g %.17g %.17g %.17g\n", x, q[1], q[0], q[4],
            q[3], q[2]);
  }
  fprintf(f, "EOD\n$P%d << EOD\n", k);
  for (i = 0; i < n; i++)
    for (r = 0; r < c[i].pt[k]->n; r++)
      fprintf(f, "%g %.17g\n", (double)(i + 1) + off,
              c[i].pt[k]->med[r] / c[i].scale[k]);
  fputs("EOD\n", f);
  return 0;
}

static void sk_cplot_series(FILE *f, int k, const char *label, int first)
{
  const char *col = sk_gp_colour(k + 1);
  fprintf(f, "%s$B%d using 1:2:3:4:5 with candlesticks whiskerbars 0.5 "
          "lw 1.5 lc rgb '%s' title ", first ? "plot " : ", ", k, col);
  sk_gp_text(f, label, 60);
  fprintf(f, ", $B%d using 1:6:6:6:6 with candlesticks lw 3 lc rgb '%s' "
          "notitle, $P%d using 1:2 with points pt 7 ps 0.5 lc rgb '%s' "
          "notitle", k, col, k, col);
}

/* The stars of both rows above the boxes and the rows' names. */
static void sk_cplot_stars(FILE *f, const sk_cplot_cat_t *c, size_t n)
{
  static const char *const rows[2] = {"A \xe2\x89\xa0 B", "A < B"};
  static const double y[2] = {0.965, 0.925};
  size_t i;
  int k;
  if (!c[0].stars[0])
    return;
  for (k = 0; k < 2; k++) {
    fputs("set label ", f);
    sk_gp_text(f, rows[k], 0);
    fprintf(f, " at graph -0.01, graph %.3f right font '%s,9'\n", y[k],
            SK_GP_FONT);
    for (i = 0; i < n; i++) {
      fputs("set label ", f);
      sk_gp_text(f, c[i].stars[k], 0);
      fprintf(f, " at first %zu, graph %.3f center font '%s Bold,11'\n",
              i + 1, y[k], SK_GP_FONT);
    }
  }
}

/* The axes and the plot of the categories C[0..N-1] of suite S. */
static int sk_cplot_boxes(FILE *f, const sk_compare_suite_t *s,
                          const sk_cplot_cat_t *c, size_t n,
                          const char *labels[2], const char *ylabel)
{
  char buf[64];
  size_t i;
  int two = c[0].pt[1] != NULL;
  sk_gp_margins(f, SK_GP_LEFT, SK_GP_RIGHT, SK_GP_TOP - 0.03,
                SK_GP_BOTTOM + 0.05);
  fprintf(f, "set key at screen %g, screen %g left top\n", SK_GP_KEY_X,
          SK_GP_TOP);
  fprintf(f, "set boxwidth %g absolute\nset grid ytics\n"
          "set xrange [0.5:%zu.5]\nset offsets 0, 0, graph 0.2, graph 0.05\n"
          "set xtics rotate by 45 right (", two ? 0.3 : 0.5, n);
  for (i = 0; i < n; i++) {
    sk_cplot_xlabel(s, c[i].pt[0]->argument, buf, sizeof buf);
    fputs(i ? ", " : "", f);
    sk_gp_text(f, buf, 0);
    fprintf(f, " %zu", i + 1);
  }
  fputs(")\nset ylabel ", f);
  sk_gp_text(f, ylabel, 0);
  fputs("\nset xlabel ", f);
  sk_gp_text(f, s->bytes ? "message length" : s->varied ? "argument" : "",
             0);
  fputs("\n", f);
  sk_cplot_stars(f, c, n);
  if (sk_cplot_data(f, c, n, 0, two ? -0.18 : 0.0) != 0 ||
      (two && sk_cplot_data(f, c, n, 1, 0.18) != 0))
    return -1;
  sk_cplot_series(f, 0, labels[0], 1);
  if (two)
    sk_cplot_series(f, 1, labels[1], 0);
  fputs("\nunset multiplot\n", f);
  return 0;
}


/* The verdict in one line: how many points each side wins. */
static void sk_cplot_summary(FILE *f, const sk_compare_plot_t *pl)
{
  size_t i, fa = 0, fb = 0, same = 0;
  char buf[256];
  for (i = 0; i < pl->nrows; i++) {
    fa += pl->rows[i].w.p_less <= 0.05;
    fb += pl->rows[i].w.p_greater <= 0.05;
    same += !(pl->rows[i].w.p_two_sided <= 0.05);
  }
  snprintf(buf, sizeof buf, "Points in both sets: %zu. A faster (one-sided "
           "p \xe2\x89\xa4 0.05): %zu. B faster: %zu. No difference shown "
           "(two-sided p > 0.05): %zu.", pl->nrows, fa, fb, same);
  sk_gp_label(f, 0.05, 0.70, "left", 11, 1, NULL, buf, 0);
}

void sk_compare_plot_title(FILE *f, sk_compare_plot_t *pl)
{
  sk_page_t pg;
  char buf[512];
  int k;
  memset(&pg, 0, sizeof pg);
  pg.kind = SK_PAGE_TITLE;
  pg.number = pl->page++;
  sk_gp_page_begin(f);
  sk_gp_frame(f, &pg, pl->npages, pl->b ? "skampi: two sets of runs compared"
              : "skampi: several runs", NULL, NULL, NULL, NULL);
  for (k = 0; k < (pl->b ? 2 : 1); k++) {
    const sk_compare_set_t *s = k ? pl->b : pl->a;
    snprintf(buf, sizeof buf, "%s: %s (%ld runs)", k ? "B" : "A", s->label,
             s->runs);
    sk_gp_label(f, 0.05, 0.80 - 0.05 * k, "left", 12, 0, sk_gp_colour(k + 1),
                buf, 120);
  }
  if (pl->b)
    sk_cplot_summary(f, pl);
  sk_gp_label(f, 0.05, 0.66, "left", 10, 0, NULL, "Every box is the "
              "distribution over the runs of one point's per-run median: "
              "box Q1..Q3, thick line the median, whiskers min and max, "
              "dots the runs.", 0);
  if (pl->b)
    sk_gp_label(f, 0.05, 0.62, "left", 10, 0, NULL, "Stars: Wilcoxon "
                "rank-sum test of A's against B's per-run medians; "
                "* p \xe2\x89\xa4 0.05, ** p \xe2\x89\xa4 0.01, "
                "*** p \xe2\x89\xa4 0.001. Row 'A \xe2\x89\xa0 B': two-sided; "
                "row 'A < B': one-sided, is A faster than B?", 0);
  sk_gp_label(f, 0.05, 0.58, "left", 10, 0, NULL, "Reproducibility pages "
              "(Hunold & Carpen-Amarie, Fig. 12): each run's median divided "
              "by the smallest over the runs of its set.", 0);
  sk_gp_blank_plot(f);
  fputs("unset multiplot\n", f);
}

static void sk_cplot_frame(FILE *f, sk_compare_plot_t *pl,
                           const sk_compare_suite_t *s, const char *what,
                           const char *note)
{
  sk_page_t pg;
  char title[256];
  memset(&pg, 0, sizeof pg);
  pg.kind = SK_PAGE_COMPARE;
  pg.number = pl->page++;
  snprintf(title, sizeof title, "%s: %s", s->name, what);
  sk_gp_page_begin(f);
  sk_gp_frame(f, &pg, pl->npages, title, note, NULL, NULL, NULL);
}

int sk_compare_plot_tests(FILE *f, sk_compare_plot_t *pl,
                          const sk_compare_row_t *rows, size_t n)
{
  sk_cplot_cat_t *c = calloc(n + 1, sizeof *c);
  const char *labels[2] = {pl->a->label, pl->b->label};
  double q[5];
  size_t i;
  int rc = 0;
  if (!c)
    return -1;
  for (i = 0; i < n && rc == 0; i++) {
    c[i].pt[0] = rows[i].a;
    c[i].pt[1] = rows[i].b;
    rc = sk_compare_box(rows[i].a, 1.0, q);
    c[i].scale[0] = c[i].scale[1] = q[2];
    c[i].stars[0] = sk_wilcoxon_stars(rows[i].w.p_two_sided);
    c[i].stars[1] = sk_wilcoxon_stars(rows[i].w.p_less);
  }
  sk_cplot_frame(f, pl, rows[0].suite, "A against B (Wilcoxon rank-sum)",
                 "per-run medians over the median of A's; stars: * p "
                 "\xe2\x89\xa4 0.05, ** p \xe2\x89\xa4 0.01, *** p "
                 "\xe2\x89\xa4 0.001");
  if (rc == 0)
    rc = sk_cplot_boxes(f, rows[0].suite, c, n, labels,
                        "time / median of A");
  free(c);
  return rc;
}

int sk_compare_plot_repro(FILE *f, sk_compare_plot_t *pl,
                          const sk_compare_suite_t *s,
                          const sk_compare_point_t *const *pa,
                          const sk_compare_point_t *const *pb, size_t n)
{
  sk_cplot_cat_t *c = calloc(n + 1, sizeof *c);
  const char *labels[2] = {pl->a->label, pl->b ? pl->b->label : ""};
  size_t i;
  int rc;
  if (!c)
    return -1;
  for (i = 0; i < n; i++) {
    c[i].pt[0] = pa[i];
    c[i].scale[0] = sk_compare_min(pa[i]);
    c[i].pt[1] = pb ? pb[i] : NULL;
    c[i].scale[1] = pb ? sk_compare_min(pb[i]) : 1.0;
  }
  sk_cplot_frame(f, pl, s, "reproducibility over the runs",
                 "each run's median over the smallest of its set "
                 "(1 = the fastest run)");
  rc = sk_cplot_boxes(f, s, c, n, labels, "time / fastest run");
  free(c);
  return rc;
}
