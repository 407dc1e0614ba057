/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * webpage.h -- what the pages of skampi-db serve share (web_pages.c: the
 * three steps; web_cmp.c: the comparison; web_hist.c: the history),
 * for the server and for the static site of skampi-db publish alike.
 * Every value from the database goes through sk_wbuf_html() or
 * sk_wbuf_url(); the scripts are app.js (no inline script).
 */
#ifndef SK_WEBPAGE_H
#define SK_WEBPAGE_H

#include "wbuf.h"

/* Where a page is: the server, or a static site (SK_PAGE_STATIC) that
 * may also have a comparison page (SK_PAGE_COMPARE). */
enum { SK_PAGE_SERVER = 0, SK_PAGE_STATIC = 1, SK_PAGE_COMPARE = 2 };

/* The link to WHAT ("static", "runs", "suites", "plot", "compare",
 * "history") from a page of PUB. */
const char *sk_page_to(int pub, const char *what);

/* <head> with TITLE (our text), the scripts, and <body data-page=PAGE>
 * up to the navigation; DYGRAPHS loads the chart library. */
void sk_page_head(sk_wbuf_t *b, const char *page, const char *title,
                  int dygraphs, int pub);

/* The navigation: the three steps (STEP 1-3 marked; 4 the comparison,
 * 5 the history), SEL (NULL: none) carried to step 2, then <main>. */
void sk_page_nav(sk_wbuf_t *b, int step, const char *sel, int pub);

/* </main></body></html>. */
void sk_page_tail(sk_wbuf_t *b);

#endif
