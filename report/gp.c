/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * gp.c -- gnuplot script pieces: quoted text, labels, page frame.
 */
#include <config.h>

#include "gp.h"

#include <stdlib.h>
#include <string.h>

#include "escape.h"
#include "units.h"

/* Colour-blind safe (Okabe and Ito), then two darker extras. */
static const char *const sk_gp_colours[SK_PAGES_COLOURS] = {
  "#0072b2", "#d55e00", "#009e73", "#cc79a7",
  "#e69f00", "#56b4e9", "#555555", "#8b4513"
};

const char *sk_gp_colour(int index)
{
  return sk_gp_colours[(index - 1 + SK_PAGES_COLOURS) % SK_PAGES_COLOURS];
}

/* S (malloc'ed, taken) cut to MAX characters (0: no limit) with a
 * trailing ellipsis; NULL when out of memory. */
static char *sk_gp_cut(char *s, size_t max)
{
  size_t chars = 0, i;
  char *t;
  for (i = 0; max && s[i]; i++)
    /* A UTF-8 character starts at any byte that is not 10xxxxxx. */
    if (((unsigned char)s[i] & 0xc0) != 0x80 && ++chars > max)
      break;
  if (!max || !s[i])
    return s;
  if ((t = malloc(i + 4)) != NULL) {
    memcpy(t, s, i);
    memcpy(t + i, "\xe2\x80\xa6", 4);
  }
  free(s);
  return t;
}

/* TEXT with every run of blanks (space, tab, newline, carriage return,
 * vertical tab, form feed) as one space: a library's version string
 * spans lines and lines up its columns with tabs.  Malloc'ed. */
static char *sk_gp_blanks(const char *text)
{
  char *s = malloc(strlen(text) + 1), *o = s;
  int blank = 0;
  if (!s)
    return NULL;
  for (; *text; text++) {
    int b = *text == ' ' || (*text >= '\t' && *text <= '\r');
    if (!(b && blank))
      *o++ = b ? ' ' : *text;
    blank = b;
  }
  *o = '\0';
  return s;
}

void sk_gp_text(FILE *f, const char *text, size_t max)
{
  /* Blanks as one space; what gnuplot cannot show (another control
   * character, a byte that is not UTF-8) shown escaped, as a message
   * would show it; the rest as it is, quoted so that gnuplot reads back
   * exactly those bytes. */
  char *blanks = sk_gp_blanks(text ? text : ""), *shown, *gp;
  shown = blanks ? sk_escape_shown(blanks) : NULL;
  free(blanks);
  if (!shown || !(shown = sk_gp_cut(shown, max))) {
    fputs("\"\"", f);
    return;
  }
  gp = sk_escape_gp(shown);
  fputs(gp ? gp : "\"\"", f);
  free(gp);
  free(shown);
}

/* Number of UTF-8 characters in S. */
static size_t sk_gp_chars(const char *s)
{
  size_t n = 0;
  for (; *s; s++)
    n += ((unsigned char)*s & 0xc0) != 0x80;
  return n;
}

/* Pointer to the start of character number I (0-based) of S. */
static const char *sk_gp_at(const char *s, size_t i)
{
  for (; *s; s++)
    if (((unsigned char)*s & 0xc0) != 0x80 && i-- == 0)
      return s;
  return s;
}

void sk_gp_text_mid(FILE *f, const char *text, size_t max)
{
  size_t n = sk_gp_chars(text ? text : ""), head;
  char *buf;
  const char *tail;
  if (max < 5 || n <= max) {
    sk_gp_text(f, text, max);
    return;
  }
  head = (max - 1) / 2 + (max - 1) % 2;
  tail = sk_gp_at(text, n - (max - 1 - head));
  buf = malloc(strlen(text) + 4);
  if (!buf) {
    sk_gp_text(f, text, max);
    return;
  }
  memcpy(buf, text, (size_t)(sk_gp_at(text, head) - text));
  strcpy(buf + (sk_gp_at(text, head) - text), "\xe2\x80\xa6");
  strcat(buf, tail);
  sk_gp_text(f, buf, 0);
  free(buf);
}

/* The part of `set label` after the text. */
static void sk_gp_label_at(FILE *f, double x, double y, const char *align,
                           int size, int bold, const char *colour)
{
  fprintf(f, " at screen %.4f,%.4f %s font '%s%s,%d' tc rgb '%s' front\n",
          x, y, align, SK_GP_FONT, bold ? " Bold" : "", size,
          colour ? colour : "#000000");
}

void sk_gp_label(FILE *f, double x, double y, const char *align, int size,
                 int bold, const char *colour, const char *text, size_t max)
{
  fputs("set label ", f);
  sk_gp_text(f, text, max);
  sk_gp_label_at(f, x, y, align, size, bold, colour);
}

void sk_gp_label_mid(FILE *f, double x, double y, int size,
                     const char *text, size_t max)
{
  fputs("set label ", f);
  sk_gp_text_mid(f, text, max);
  sk_gp_label_at(f, x, y, "left", size, 0, NULL);
}

void sk_gp_num(FILE *f, double v)
{
  char buf[40];
  sk_units_num(v, buf, sizeof buf);
  fputs(buf, f);
}

void sk_gp_page_begin(FILE *f)
{
  fputs("reset\nset multiplot\n", f);
}

void sk_gp_blank_plot(FILE *f)
{
  fputs("unset border\nunset tics\nunset key\n"
        "set xrange [0:1]\nset yrange [0:1]\n"
        "set lmargin at screen 0\nset rmargin at screen 1\n"
        "set tmargin at screen 1\nset bmargin at screen 0\n"
        "plot 2 notitle\n", f);
}

static const char *sk_gp_kind(const sk_page_t *p)
{
  switch (p->kind) {
  case SK_PAGE_TITLE: return "result file";
  case SK_PAGE_SUITE: return "suite";
  case SK_PAGE_SINGLE: return "single measurements";
  case SK_PAGE_COMPARE: return "comparison";
  case SK_PAGE_GROUP: return "group";
  case SK_PAGE_PLACED: return "pair placement";
  case SK_PAGE_MODEL: return "max-rate model";
  case SK_PAGE_BCAST: return "broadcast methods";
  case SK_PAGE_RATE: return "rate";
  case SK_PAGE_COLLBW: return "collective bandwidth";
  case SK_PAGE_OVERLAP: return "overlap";
  case SK_PAGE_RANKS: return "per-rank times";
  case SK_PAGE_TAIL: return "tail latency";
  }
  return "";
}

void sk_gp_frame(FILE *f, const sk_page_t *page, size_t npages,
                 const char *title, const char *sub1, const char *sub2,
                 const char *sub3, const char *sub3_colour)
{
  char buf[64];
  sk_gp_label(f, 0.03, 0.955, "left", 16, 1, NULL, title, 90);
  if (sub1)
    sk_gp_label(f, 0.03, 0.918, "left", SK_GP_SIZE, 0, NULL, sub1, 170);
  if (sub2)
    sk_gp_label(f, 0.03, 0.892, "left", SK_GP_SIZE, 0, NULL, sub2, 170);
  if (sub3)
    sk_gp_label(f, 0.03, 0.866, "left", SK_GP_SIZE, 0, sub3_colour, sub3,
                170);
  snprintf(buf, sizeof buf, "skampi-report %s", PACKAGE_VERSION);
  sk_gp_label(f, 0.03, 0.025, "left", 8, 0, "#666666", buf, 0);
  sk_gp_label(f, 0.5, 0.025, "center", 8, 0, "#666666", sk_gp_kind(page), 0);
  snprintf(buf, sizeof buf, "page %d of %lu", page->number,
           (unsigned long)npages);
  sk_gp_label(f, 0.97, 0.025, "right", 8, 0, "#666666", buf, 0);
}

void sk_gp_tic_list(FILE *f, const char *axis, const double *tics,
                    size_t n, int bytes)
{
  char buf[32];
  size_t i;
  fprintf(f, "set %stics (", axis);
  for (i = 0; i < n; i++) {
    if (bytes) {
      sk_units_bytes(tics[i], buf, sizeof buf);
      sk_gp_text(f, buf, 0);
      fputc(' ', f);
    }
    sk_gp_num(f, tics[i]);
    fputs(i + 1 < n ? ", " : "", f);
  }
  fputs(")\n", f);
}

#define SK_GP_COUNT_TICS 12

void sk_gp_count_axis(FILE *f, double lo, double hi)
{
  double tics[SK_GP_COUNT_TICS + 1], step;
  size_t n;
  if (!(hi >= lo))
    hi = lo;
  if (!(lo >= 1) || hi <= 16 || hi < 16 * lo) {
    step = hi - lo <= 16 ? 1 : sk_units_step(hi - lo, SK_GP_COUNT_TICS, 1);
    fprintf(f, "unset logscale x\nset xrange [%.17g:%.17g]\n"
            "set xtics %.17g\n", lo - 0.5, hi + 0.5, step);
    return;
  }
  n = sk_units_log2_tics(lo, hi, tics, SK_GP_COUNT_TICS);
  fprintf(f, "set logscale x 2\nset xrange [%.17g:%.17g]\n", lo / 1.2,
          hi * 1.2);
  sk_gp_tic_list(f, "x", tics, n, 0);
}

void sk_gp_header(FILE *f, const char *pdf_gp)
{
  fprintf(f, "# written by skampi-report %s\n", PACKAGE_VERSION);
  fprintf(f, "set terminal pdfcairo noenhanced color size 29.7cm,21cm "
          "font '%s,%d' linewidth 1\n", SK_GP_FONT, SK_GP_SIZE);
  fprintf(f, "set encoding utf8\nset output %s\n", pdf_gp);
}

void sk_gp_margins(FILE *f, double left, double right, double top,
                   double bottom)
{
  fprintf(f, "set lmargin at screen %.3f\nset rmargin at screen %.3f\n"
          "set tmargin at screen %.3f\nset bmargin at screen %.3f\n",
          left, right, top, bottom);
}
