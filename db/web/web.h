/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * web.h -- skampi-db serve: the HTTP server of the web interface
 * (doc/database.md, "The web interface" and "Limits").
 *
 * webgate.c listens and takes each request's head; webserve.c runs
 * libmicrohttpd, a thread a connection, one request a connection;
 * web.c routes the request to its handler with a database connection
 * of the pool (webpool.c); web_api.c answers /api/..., web_pages.c the
 * pages.  A handler is a function of sk_web_fn and one row in web.c's
 * route table; it fills req->out and sets req->status (200 unless
 * told), req->type and, for a download, req->filename; errors go
 * through sk_web_fail().
 */
#ifndef SK_WEB_H
#define SK_WEB_H

#include <stddef.h>

#include "selection.h"
#include "store.h"
#include "wbuf.h"

struct MHD_Connection;

/* --public-url given at most this often. */
#define SK_WEB_PUBLIC_MAX 8

typedef struct sk_web_opts {
  const char *db;             /* the database file */
  const char *listen;         /* "ADDR:PORT", NULL: 127.0.0.1:8077 */
  int allow_upload;           /* POST /api/runs (web_upload.c) */
  char *const *public_urls;   /* --public-url: names Host may carry */
  size_t npublic;
  unsigned draw_seconds;      /* gnuplot's time for a drawing (0: the
                                 default, SK_WEBPOOL_DRAW_S) */
} sk_web_opts_t;

/* One answer a worker thread keeps (the whole run list) while the
 * database's data_version stays the same. */
typedef struct sk_web_cache {
  char *data;
  size_t len;
  long long version;
} sk_web_cache_t;

typedef struct sk_web_req {
  struct MHD_Connection *conn;
  const char *method, *path;  /* path without the query */
  const char *tail;           /* after a prefix route's prefix */
  sk_store_t *st;             /* this thread's connection */
  sk_web_cache_t *cache;      /* this thread's cache */
  const char *body;           /* a POST's body (NULL for GET) */
  size_t body_len;
  sk_wbuf_t out;
  unsigned status;
  const char *type;           /* Content-Type; default JSON */
  const char *filename;       /* Content-Disposition: attachment (ours) */
  int no_store;               /* Cache-Control: no-store */
  unsigned retry_after;       /* Retry-After: seconds (503), 0: none */
  char msg[1024];             /* errors of the modules (sk_msg_capture) */
} sk_web_req_t;

typedef int (*sk_web_fn)(sk_web_req_t *r);

/* Runs the server until SIGINT or SIGTERM; the exit status. */
int sk_web_serve(const sk_web_opts_t *o);

/* An error answer: JSON {"error": MESSAGE} under /api/, else a small
 * HTML page; never cached.  MESSAGE is formatted from our text (values
 * from outside pass through %s and are escaped where they land).
 * Returns 0 (a handler returns it). */
int sk_web_fail(sk_web_req_t *r, unsigned status, const char *fmt, ...)
  SK_MSG_PRINTF(3, 4);
/* The same with the message a module gave (r->msg), or FALLBACK. */
int sk_web_fail_msg(sk_web_req_t *r, unsigned status, const char *fallback);

/* The query argument KEY (decoded), NULL when absent. */
const char *sk_web_arg(sk_web_req_t *r, const char *key);
/* Every value of a repeated KEY, up to MAX; how many there were. */
size_t sk_web_args(sk_web_req_t *r, const char *key, const char **out,
                   size_t max);

/* The selection in argument KEY ("" or absent: every run when
 * OPTIONAL, else 400).  0, or -1 with the error answer made. */
int sk_web_selection(sk_web_req_t *r, const char *key, int optional,
                     sk_sel_t *sel);
/* A number in argument KEY, DEF when absent; -1 with 400 when bad. */
int sk_web_number(sk_web_req_t *r, const char *key, double def,
                  double *out);

/* The database file the server was started on. */
const char *sk_web_db_path(void);

/* ---- every answer, the gate's too (web.c) ------------------------------ */
typedef struct sk_web_header {
  const char *name, *value;
} sk_web_header_t;

/* The headers of every answer (Content-Security-Policy, nosniff, ...,
 * Connection: close), ended by {NULL, NULL}. */
extern const sk_web_header_t sk_web_headers[];

/* An error answer's body into B: JSON {"error": MSG} when API, else a
 * small HTML page; its Content-Type. */
const char *sk_web_error_body(sk_wbuf_t *b, int api, unsigned status,
                              const char *msg);
/* The reason phrase of STATUS. */
const char *sk_web_reason(unsigned status);
/* A whole error answer (status line, headers, body; RETRY: Retry-After
 * seconds, 0 none) into buf[0..cap); its length, 0 when it does not
 * fit. */
size_t sk_web_raw_answer(char *buf, size_t cap, unsigned status,
                         const char *why, int api, unsigned retry);

/* One line of the request log on stderr: METHOD TARGET STATUS BYTES MS,
 * the method and the target escaped (escape.h) and the target cut at
 * SK_WEB_LOG_TARGET bytes ("..."), then ": WHY" when WHY is given. */
#define SK_WEB_LOG_TARGET 300
void sk_web_log_raw(const char *method, size_t mlen, const char *target,
                    size_t tlen, unsigned status, size_t bytes, double ms,
                    const char *why);
void sk_web_log(const sk_web_req_t *r, size_t bytes, double ms);

/* Routes R to its handler (404, 405 with the methods in ALLOW). */
void sk_web_route(sk_web_req_t *r, char *allow, size_t allowlen);
/* Whether POST /api/runs is a route. */
void sk_web_routes_init(int allow_upload);

/* ---- the handlers (web_api.c, web_pages.c) ---------------------------- */
int sk_api_runs(sk_web_req_t *r);
int sk_api_run(sk_web_req_t *r);        /* /api/runs/ID */
int sk_api_suites(sk_web_req_t *r);
int sk_api_series(sk_web_req_t *r);
int sk_api_series_csv(sk_web_req_t *r);
int sk_api_compare(sk_web_req_t *r);
int sk_api_upload(sk_web_req_t *r);     /* POST, --allow-upload only */
/* 1 when the request's headers carry a valid upload token: asked before
 * the body is read, so that a stranger's body is not kept in memory. */
int sk_web_upload_authorized(struct MHD_Connection *conn, sk_store_t *st);
/* The same for the gate (webgate.h, sk_webgate_auth_fn), on a
 * connection of its own, closed by sk_web_upload_fini. */
unsigned sk_web_upload_gate(void *arg, const char *auth, size_t len,
                            char *why, size_t n);
void sk_web_upload_fini(void);
int sk_page_runs(sk_web_req_t *r);
int sk_page_suites(sk_web_req_t *r);
int sk_page_plot(sk_web_req_t *r);
int sk_page_compare(sk_web_req_t *r);
int sk_page_history(sk_web_req_t *r);
int sk_api_plot_pdf(sk_web_req_t *r);    /* web_plot.c */
int sk_api_plot_svg(sk_web_req_t *r);
int sk_api_history(sk_web_req_t *r);
int sk_api_history_pdf(sk_web_req_t *r);
int sk_api_history_svg(sk_web_req_t *r);
int sk_api_arguments(sk_web_req_t *r);   /* web_plot.c */
int sk_api_suite_history(sk_web_req_t *r);

/* ---- shared with the static site (publish.c) -------------------------- */
/* forward: webdata.h includes this header */
struct sk_webdata_series;

/* /api/runs's answer for the runs of SEL (NULL: all) into B; -1 when the
 * database failed. */
int sk_api_runs_json(sk_store_t *st, const sk_sel_t *sel, sk_wbuf_t *b);
/* One series of /api/series (FIRST: no comma before). */
int sk_api_series_one(sk_wbuf_t *b, const struct sk_webdata_series *s,
                      int first);
/* The header line and the rows of one series of /api/series.csv. */
void sk_api_series_csv_head(sk_wbuf_t *b);
int sk_api_series_csv_one(sk_wbuf_t *b, const struct sk_webdata_series *s);
/* A page of the static site into B: PAGE "runs" (the runs of SEL, NULL:
 * all), "suites", "plot", "compare" or "history" (filled by app.js from
 * the data files); PUB SK_PAGE_COMPARE (webpage.h) when the site has a
 * comparison.  -1 when the database failed. */
int sk_page_static(sk_store_t *st, const sk_sel_t *sel, const char *page,
                   int pub, sk_wbuf_t *b);
/* The static site's comparison and history pages (web_cmp.c,
 * web_hist.c). */
int sk_page_compare_static(sk_wbuf_t *b, int pub);
int sk_page_history_static(sk_wbuf_t *b, int pub);
/* A comparison as /api/compare answers it (regress.h). */
struct sk_regress;
void sk_api_compare_json(sk_wbuf_t *b, const struct sk_regress *x);

/* A point's history as /api/history answers it, a suite's grid as
 * /api/suite-history does (history.h). */
struct sk_history;
struct sk_history_grid;
void sk_history_json(sk_wbuf_t *b, const struct sk_history *h);
struct sk_history_gridcp;
void sk_history_grid_json(sk_wbuf_t *b, const struct sk_history_grid *g,
                          const char *kind,
                          const struct sk_history_gridcp *cps, size_t ncps);

/* The directory of app.js and style.css (the source tree's when the
 * program runs from its build tree). */
const char *sk_web_files_dir(char *dir, size_t size);

#endif
