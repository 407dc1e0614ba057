/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * web.c -- skampi-db serve: the router, the helpers of the handlers, the
 * error answers and headers every answer carries, the request log
 * (web.h).  The daemon itself is webserve.c, the gate before it
 * webgate.c, the connections and drawings the requests share
 * webpool.c.
 */
#include <config.h>

#include "web.h"

#include <errno.h>
#include <microhttpd.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "escape.h"
#include "grow.h"
#include "msg.h"
#include "webpool.h"

/* The routes: METHOD PATH (exact, or a prefix ending in '/') FUNCTION.
 * Adding an endpoint is one row here and its function (web.h). */
typedef struct sk_web_route {
  const char *method, *path;
  sk_web_fn fn;
  int draws;                  /* gnuplot draws it: one of the drawings */
} sk_web_route_t;

static const sk_web_route_t sk_web_routes[] = {
  {"GET", "/", sk_page_runs, 0},
  {"GET", "/suites", sk_page_suites, 0},
  {"GET", "/plot", sk_page_plot, 0},
  {"GET", "/compare", sk_page_compare, 0},
  {"GET", "/api/runs", sk_api_runs, 0},
  {"GET", "/api/runs/", sk_api_run, 0},
  {"GET", "/api/suites", sk_api_suites, 0},
  {"GET", "/api/series", sk_api_series, 0},
  {"GET", "/api/series.csv", sk_api_series_csv, 0},
  {"GET", "/api/compare", sk_api_compare, 0},
  {"GET", "/history", sk_page_history, 0},
  {"GET", "/api/plot.pdf", sk_api_plot_pdf, 1},
  {"GET", "/api/plot.svg", sk_api_plot_svg, 1},
  {"GET", "/api/history", sk_api_history, 0},
  {"GET", "/api/history.pdf", sk_api_history_pdf, 1},
  {"GET", "/api/history.svg", sk_api_history_svg, 1},
  {"GET", "/api/arguments", sk_api_arguments, 0},
  {"GET", "/api/suite-history", sk_api_suite_history, 0},
  {"POST", "/api/runs", sk_api_upload, 0},   /* with --allow-upload only */
};

/* Scripts only from our own files; dygraphs sets style attributes on
 * the elements it makes, hence 'unsafe-inline' for styles (never for
 * scripts). */
static const char sk_web_csp[] =
  "default-src 'self'; script-src 'self'; "
  "style-src 'self' 'unsafe-inline'; "
  "img-src 'self' data:; connect-src 'self'; object-src 'none'; "
  "base-uri 'none'; form-action 'self'; frame-ancestors 'none'";

const sk_web_header_t sk_web_headers[] = {
  {"Content-Security-Policy", sk_web_csp},
  {"X-Content-Type-Options", "nosniff"},
  {"Referrer-Policy", "no-referrer"},
  {"X-Frame-Options", "DENY"},
  {"Cross-Origin-Resource-Policy", "same-origin"},
  /* one request a connection: nothing after the first request of a
   * connection is read, so the gate sees every request */
  {"Connection", "close"},
  {NULL, NULL}
};

static int sk_web_allow_upload;

void sk_web_routes_init(int allow_upload)
{
  sk_web_allow_upload = allow_upload;
}

/* ---- error answers, the gate's too --------------------------------------- */

const char *sk_web_error_body(sk_wbuf_t *b, int api, unsigned status,
                              const char *msg)
{
  if (api) {
    sk_wbuf_puts(b, "{\"error\":");
    sk_wbuf_json_str(b, msg);
    sk_wbuf_puts(b, "}\n");
    return "application/json";
  }
  sk_wbuf_printf(b, "<!DOCTYPE html>\n<html lang=\"en\"><head>"
                 "<meta charset=\"utf-8\"><title>%u</title>"
                 "<link rel=\"stylesheet\" href=\"/static/style.css\">"
                 "</head><body><main><h1>%u</h1><p class=\"error\">",
                 status, status);
  sk_wbuf_html(b, msg);
  sk_wbuf_puts(b, "</p><p><a href=\"/\">Runs</a></p></main>"
               "</body></html>\n");
  return "text/html; charset=utf-8";
}

const char *sk_web_reason(unsigned status)
{
  switch (status) {
  case 200: return "OK";
  case 201: return "Created";
  case 400: return "Bad Request";
  case 401: return "Unauthorized";
  case 403: return "Forbidden";
  case 404: return "Not Found";
  case 405: return "Method Not Allowed";
  case 408: return "Request Timeout";
  case 411: return "Length Required";
  case 413: return "Content Too Large";
  case 414: return "URI Too Long";
  case 417: return "Expectation Failed";
  case 422: return "Unprocessable Content";
  case 431: return "Request Header Fields Too Large";
  case 500: return "Internal Server Error";
  case 501: return "Not Implemented";
  case 503: return "Service Unavailable";
  case 505: return "HTTP Version Not Supported";
  default: return "Error";
  }
}

size_t sk_web_raw_answer(char *buf, size_t cap, unsigned status,
                         const char *why, int api, unsigned retry)
{
  sk_wbuf_t body = {NULL, 0, 0, 0}, all = {NULL, 0, 0, 0};
  const char *type = sk_web_error_body(&body, api, status, why);
  const sk_web_header_t *h;
  size_t n;
  sk_wbuf_printf(&all, "HTTP/1.1 %u %s\r\nContent-Type: %s\r\n"
                 "Content-Length: %zu\r\nCache-Control: no-store\r\n",
                 status, sk_web_reason(status), type, body.len);
  for (h = sk_web_headers; h->name; h++)
    sk_wbuf_printf(&all, "%s: %s\r\n", h->name, h->value);
  if (retry)
    sk_wbuf_printf(&all, "Retry-After: %u\r\n", retry);
  if (status == 401)
    sk_wbuf_puts(&all, "WWW-Authenticate: Bearer realm=\"skampi-db\"\r\n");
  sk_wbuf_puts(&all, "\r\n");
  sk_wbuf_put(&all, body.data ? body.data : "", body.len);
  n = all.failed || all.len > cap ? 0 : all.len;
  if (n)
    memcpy(buf, all.data, n);
  sk_wbuf_free(&body);
  sk_wbuf_free(&all);
  return n;
}

/* ---- the request log ---------------------------------------------------- */

void sk_web_log_raw(const char *method, size_t mlen, const char *target,
                    size_t tlen, unsigned status, size_t bytes, double ms,
                    const char *why)
{
  char m[64], t[SK_WEB_LOG_TARGET + 1];
  char *em, *et;
  snprintf(m, sizeof m, "%.*s", (int)(mlen < 63 ? mlen : 63), method);
  snprintf(t, sizeof t, "%.*s", (int)(tlen < SK_WEB_LOG_TARGET ? tlen
                                      : SK_WEB_LOG_TARGET), target);
  em = sk_escape_text(m);
  et = sk_escape_text(t);
  fprintf(stderr, "%s %s%s %u %zu %.1f ms%s%s\n", em ? em : "?", et ? et : "?",
          tlen > SK_WEB_LOG_TARGET ? "..." : "", status, bytes, ms,
          why ? ": " : "", why ? why : "");
  free(em);
  free(et);
}

void sk_web_log(const sk_web_req_t *r, size_t bytes, double ms)
{
  sk_web_log_raw(r->method, strlen(r->method), r->path, strlen(r->path),
                 r->status, bytes, ms, NULL);
}

/* ---- helpers of the handlers ------------------------------------------ */

int sk_web_fail(sk_web_req_t *r, unsigned status, const char *fmt, ...)
{
  char msg[1024];
  va_list ap;
  va_start(ap, fmt);
  vsnprintf(msg, sizeof msg, fmt, ap);
  va_end(ap);
  sk_wbuf_free(&r->out);
  r->status = status;
  r->no_store = 1;
  r->filename = NULL;
  r->type = sk_web_error_body(&r->out, strncmp(r->path, "/api/", 5) == 0,
                              status, msg);
  return 0;
}

int sk_web_fail_msg(sk_web_req_t *r, unsigned status, const char *fallback)
{
  return sk_web_fail(r, status, "%s", r->msg[0] ? r->msg : fallback);
}

const char *sk_web_arg(sk_web_req_t *r, const char *key)
{
  return MHD_lookup_connection_value(r->conn, MHD_GET_ARGUMENT_KIND, key);
}

typedef struct sk_web_collect {
  const char *key;
  const char **out;
  size_t max, n;
} sk_web_collect_t;

static enum MHD_Result sk_web_collect(void *cls, enum MHD_ValueKind kind,
                                      const char *key, const char *value)
{
  sk_web_collect_t *c = cls;
  (void)kind;
  if (key && strcmp(key, c->key) == 0) {
    if (c->n < c->max)
      c->out[c->n] = value ? value : "";
    c->n++;
  }
  return MHD_YES;
}

size_t sk_web_args(sk_web_req_t *r, const char *key, const char **out,
                   size_t max)
{
  sk_web_collect_t c = {key, out, max, 0};
  MHD_get_connection_values(r->conn, MHD_GET_ARGUMENT_KIND, sk_web_collect,
                            &c);
  return c.n;
}

int sk_web_selection(sk_web_req_t *r, const char *key, int optional,
                     sk_sel_t *sel)
{
  const char *v = sk_web_arg(r, key);
  char *copy, *w, *save = NULL;
  int rc = 0, words = 0;
  memset(sel, 0, sizeof *sel);
  if (!v || !*v) {
    if (optional)
      return 0;
    sk_web_fail(r, 400, "missing parameter '%s' (a selection such as "
                "'machine=NAME np=4' or 'all')", key);
    return -1;
  }
  if (!(copy = strdup(v))) {
    sk_web_fail(r, 500, "out of memory");
    return -1;
  }
  for (w = strtok_r(copy, " \t\r\n", &save); w && rc == 0;
       w = strtok_r(NULL, " \t\r\n", &save), words++)
    rc = sk_sel_add(sel, w);
  free(copy);
  if (rc < 0) {
    sk_sel_free(sel);
    sk_web_fail(r, 400, "%s: %s", key, r->msg[0] ? r->msg
                : "bad selection");
    return -1;
  }
  if (!words && !optional) {
    sk_web_fail(r, 400, "empty parameter '%s'", key);
    return -1;
  }
  return 0;
}

int sk_web_number(sk_web_req_t *r, const char *key, double def, double *out)
{
  const char *v = sk_web_arg(r, key);
  char *end;
  double d;
  *out = def;
  if (!v || !*v)
    return 0;
  errno = 0;
  d = strtod(v, &end);
  if (errno || end == v || *end || d != d || d - d != 0) {
    sk_web_fail(r, 400, "parameter '%s' takes a finite number", key);
    return -1;
  }
  *out = d;
  return 0;
}

/* ---- routing ------------------------------------------------------------ */

/* Runs route X's handler for R with a connection of the pool; a
 * drawing first waits for its place among the drawings (holding no
 * connection meanwhile). */
static void sk_web_run(sk_web_req_t *r, const sk_web_route_t *x)
{
  sk_webpool_slot_t *s;
  if (x->draws && sk_webpool_draw() < 0) {
    sk_web_fail(r, 503, "the server is drawing as many plots as it takes "
                "(%d, and %d waiting); try again in a few seconds",
                SK_WEBPOOL_DRAWS, SK_WEBPOOL_QUEUE);
    r->retry_after = 5;
    return;
  }
  if (!(s = sk_webpool_get())) {
    sk_web_fail_msg(r, 503, "no connection to the database came free in "
                    "time");
    r->retry_after = 2;
  } else {
    r->st = s->st;
    r->cache = &s->cache;
    x->fn(r);
    r->st = NULL;
    r->cache = NULL;
    sk_webpool_put(s);
  }
  if (x->draws)
    sk_webpool_draw_done();
}

/* Routes R to its handler: 404 unknown path, 405 known path with
 * another method (ALLOW then names the methods it takes). */
void sk_web_route(sk_web_req_t *r, char *allow, size_t allowlen)
{
  size_t i, n;
  int known = 0;
  allow[0] = '\0';
  for (i = 0; i < sizeof sk_web_routes / sizeof *sk_web_routes; i++) {
    const sk_web_route_t *x = &sk_web_routes[i];
    if (x->fn == sk_api_upload && !sk_web_allow_upload)
      continue;
    n = strlen(x->path);
    if (strcmp(r->path, x->path) != 0 &&
        !(n > 1 && x->path[n - 1] == '/' && strncmp(r->path, x->path, n) == 0
          && r->path[n]))
      continue;
    if (strcmp(r->method, x->method) == 0 ||
        (strcmp(r->method, "HEAD") == 0 && strcmp(x->method, "GET") == 0)) {
      r->tail = r->path + n;
      sk_web_run(r, x);
      return;
    }
    known = 1;
    snprintf(allow + strlen(allow), allowlen - strlen(allow), "%s%s",
             allow[0] ? ", " : "", x->method);
  }
  if (known)
    sk_web_fail(r, 405, "%s is not allowed here", r->method);
  else
    sk_web_fail(r, 404, "no such page");
}

