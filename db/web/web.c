/*
 * web.c -- skampi-db serve: the daemon, the router, the request log and
 * the static files (web.h).
 *
 * libmicrohttpd runs a pool of worker threads; each opens its own
 * read-only connection to the database the first time it answers
 * (SQLite connections are not shared between threads) and closes it
 * when the daemon stops.  The main thread waits for SIGINT or SIGTERM.
 */
#include <config.h>

#include "web.h"

#include <arpa/inet.h>
#include <errno.h>
#include <limits.h>
#include <microhttpd.h>
#include <netinet/in.h>
#include <pthread.h>
#include <signal.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <time.h>
#include <unistd.h>

#include "datadir.h"
#include "escape.h"
#include "msg.h"
#include "skpaths.h"

/* A POST's body is taken up to this size; more gets 413. */
#define SK_WEB_BODY_MAX ((size_t)64 << 20)
/* Idle connections are closed after this many seconds. */
#define SK_WEB_TIMEOUT 30

/* The routes: METHOD PATH (exact, or a prefix ending in '/') FUNCTION.
 * Adding an endpoint is one row here and its function (web.h). */
typedef struct sk_web_route {
  const char *method, *path;
  sk_web_fn fn;
} sk_web_route_t;

static const sk_web_route_t sk_web_routes[] = {
  {"GET", "/", sk_page_runs},
  {"GET", "/suites", sk_page_suites},
  {"GET", "/plot", sk_page_plot},
  {"GET", "/compare", sk_page_compare},
  {"GET", "/api/runs", sk_api_runs},
  {"GET", "/api/runs/", sk_api_run},
  {"GET", "/api/suites", sk_api_suites},
  {"GET", "/api/series", sk_api_series},
  {"GET", "/api/series.csv", sk_api_series_csv},
  {"GET", "/api/compare", sk_api_compare},
  {"GET", "/history", sk_page_history},
  {"GET", "/api/plot.pdf", sk_api_plot_pdf},
  {"GET", "/api/plot.svg", sk_api_plot_svg},
  {"GET", "/api/history", sk_api_history},
  {"GET", "/api/history.pdf", sk_api_history_pdf},
  {"GET", "/api/history.svg", sk_api_history_svg},
  {"GET", "/api/arguments", sk_api_arguments},
  {"GET", "/api/suite-history", sk_api_suite_history},
  {"POST", "/api/runs", sk_api_upload},   /* with --allow-upload only */
};

/* The files under /static/: ours from the data directory, dygraphs from
 * Debian's libjs-dygraphs; read once at start. */
typedef struct sk_web_asset {
  const char *path, *dir, *file, *type;
  char *data;
  size_t len;
} sk_web_asset_t;

static sk_web_asset_t sk_web_assets[] = {
  {"/static/app.js", NULL, "app.js", "text/javascript; charset=utf-8",
   NULL, 0},
  {"/static/style.css", NULL, "style.css", "text/css; charset=utf-8",
   NULL, 0},
  {"/static/dygraph.min.js", SK_DYGRAPHS_DIR, "dygraph.min.js",
   "text/javascript; charset=utf-8", NULL, 0},
  {"/static/dygraph.min.css", SK_DYGRAPHS_DIR, "dygraph.min.css",
   "text/css; charset=utf-8", NULL, 0},
};
#define SK_WEB_NASSETS (sizeof sk_web_assets / sizeof *sk_web_assets)

static const char *sk_web_db;
static int sk_web_allow_upload;

const char *sk_web_db_path(void)
{
  return sk_web_db;
}
static pthread_key_t sk_web_key;

/* Scripts only from our own files; dygraphs sets style attributes on
 * the elements it makes, hence 'unsafe-inline' for styles (never for
 * scripts). */
static const char sk_web_csp[] =
  "default-src 'self'; script-src 'self'; "
  "style-src 'self' 'unsafe-inline'; "
  "img-src 'self' data:; connect-src 'self'; object-src 'none'; "
  "base-uri 'none'; form-action 'self'; frame-ancestors 'none'";

/* ---- the per-request state -------------------------------------------- */

typedef struct sk_web_ctx {
  struct timespec t0;
  char *body;
  size_t len, cap;
  int too_large;
  int discard;        /* an upload without a valid token: body dropped */
} sk_web_ctx_t;

static double sk_web_ms(const struct timespec *t0)
{
  struct timespec t;
  clock_gettime(CLOCK_MONOTONIC, &t);
  return (double)(t.tv_sec - t0->tv_sec) * 1e3 +
         (double)(t.tv_nsec - t0->tv_nsec) / 1e6;
}

static int sk_web_append(sk_web_ctx_t *c, const char *data, size_t n)
{
  char *grown;
  size_t cap;
  if (c->discard)
    return 0;
  if (c->too_large || c->len + n > SK_WEB_BODY_MAX) {
    c->too_large = 1;
    return 0;
  }
  if (c->len + n + 1 > c->cap) {
    for (cap = c->cap ? c->cap : 65536; cap < c->len + n + 1; cap *= 2)
      ;
    if (!(grown = realloc(c->body, cap)))
      return -1;
    c->body = grown;
    c->cap = cap;
  }
  memcpy(c->body + c->len, data, n);
  c->len += n;
  c->body[c->len] = '\0';
  return 0;
}

static void sk_web_completed(void *cls, struct MHD_Connection *conn,
                             void **con_cls,
                             enum MHD_RequestTerminationCode toe)
{
  sk_web_ctx_t *c = *con_cls;
  (void)cls;
  (void)conn;
  (void)toe;
  if (c) {
    free(c->body);
    free(c);
  }
  *con_cls = NULL;
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
  if (strncmp(r->path, "/api/", 5) == 0) {
    r->type = "application/json";
    sk_wbuf_puts(&r->out, "{\"error\":");
    sk_wbuf_json_str(&r->out, msg);
    sk_wbuf_puts(&r->out, "}\n");
  } else {
    r->type = "text/html; charset=utf-8";
    sk_wbuf_printf(&r->out, "<!DOCTYPE html>\n<html lang=\"en\"><head>"
                   "<meta charset=\"utf-8\"><title>%u</title>"
                   "<link rel=\"stylesheet\" href=\"/static/style.css\">"
                   "</head><body><main><h1>%u</h1><p class=\"error\">",
                   status, status);
    sk_wbuf_html(&r->out, msg);
    sk_wbuf_puts(&r->out, "</p><p><a href=\"/\">Runs</a></p></main>"
                 "</body></html>\n");
  }
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

/* ---- answering -------------------------------------------------------- */

static enum MHD_Result sk_web_long_arg(void *cls, enum MHD_ValueKind kind,
                                       const char *key, const char *value)
{
  int *too_long = cls;
  (void)kind;
  if ((key && strlen(key) > SK_WEB_ARG_MAX) ||
      (value && strlen(value) > SK_WEB_ARG_MAX)) {
    *too_long = 1;
    return MHD_NO;
  }
  return MHD_YES;
}

/* What a worker thread keeps: its connection and its cache. */
typedef struct sk_web_thread {
  sk_store_t *st;
  sk_web_cache_t cache;
} sk_web_thread_t;

static sk_web_thread_t *sk_web_thread(void)
{
  sk_web_thread_t *t = pthread_getspecific(sk_web_key);
  if (t)
    return t;
  if (!(t = calloc(1, sizeof *t)))
    return NULL;
  if (!(t->st = sk_store_open_ro(sk_web_db))) {
    free(t);
    return NULL;
  }
  pthread_setspecific(sk_web_key, t);
  return t;
}

static const sk_web_asset_t *sk_web_asset(const char *path)
{
  size_t i;
  for (i = 0; i < SK_WEB_NASSETS; i++)
    if (strcmp(path, sk_web_assets[i].path) == 0)
      return &sk_web_assets[i];
  return NULL;
}

/* Routes R to its handler: 404 unknown path, 405 known path with
 * another method (ALLOW then names the methods it takes). */
static void sk_web_route(sk_web_req_t *r, char *allow, size_t allowlen)
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
      sk_web_thread_t *t = sk_web_thread();
      r->tail = r->path + n;
      if (!t) {
        sk_web_fail_msg(r, 503, "the database cannot be opened");
        return;
      }
      r->st = t->st;
      r->cache = &t->cache;
      x->fn(r);
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

static void sk_web_log(const sk_web_req_t *r, size_t bytes, double ms)
{
  char *p = sk_escape_text(r->path);
  fprintf(stderr, "%s %s %u %zu %.1f ms\n", r->method, p ? p : "?",
          r->status, bytes, ms);
  free(p);
}

static enum MHD_Result sk_web_queue(sk_web_req_t *r, const char *data,
                                    size_t len, int own, const char *allow,
                                    const sk_web_ctx_t *c)
{
  struct MHD_Response *res = MHD_create_response_from_buffer(len,
    (void *)data, own ? MHD_RESPMEM_MUST_FREE : MHD_RESPMEM_PERSISTENT);
  enum MHD_Result ok;
  char disp[160];
  if (!res) {
    if (own)
      free((void *)data);
    return MHD_NO;
  }
  MHD_add_response_header(res, "Content-Type",
                          r->type ? r->type : "application/json");
  MHD_add_response_header(res, "Content-Security-Policy", sk_web_csp);
  MHD_add_response_header(res, "X-Content-Type-Options", "nosniff");
  MHD_add_response_header(res, "Referrer-Policy", "no-referrer");
  MHD_add_response_header(res, "X-Frame-Options", "DENY");
  MHD_add_response_header(res, "Cache-Control",
                          r->no_store ? "no-store" : "no-cache");
  if (allow && *allow)
    MHD_add_response_header(res, "Allow", allow);
  if (r->status == 401)
    MHD_add_response_header(res, "WWW-Authenticate",
                            "Bearer realm=\"skampi-db\"");
  if (r->filename) {
    snprintf(disp, sizeof disp, "attachment; filename=\"%s\"", r->filename);
    MHD_add_response_header(res, "Content-Disposition", disp);
  }
  ok = MHD_queue_response(r->conn, r->status, res);
  MHD_destroy_response(res);
  sk_web_log(r, len, sk_web_ms(&c->t0));
  return ok;
}

static enum MHD_Result sk_web_answer(struct MHD_Connection *conn,
                                     const char *url, const char *method,
                                     sk_web_ctx_t *c)
{
  sk_web_req_t r;
  const sk_web_asset_t *a;
  char allow[64] = "";
  int too_long = 0;
  size_t len;
  char *data;
  enum MHD_Result ok;
  memset(&r, 0, sizeof r);
  r.conn = conn;
  r.method = method;
  r.path = url;
  r.status = 200;
  r.body = c->body;
  r.body_len = c->len;
  sk_msg_capture(r.msg, sizeof r.msg);
  MHD_get_connection_values(conn, MHD_GET_ARGUMENT_KIND, sk_web_long_arg,
                            &too_long);
  if ((a = sk_web_asset(url)) != NULL &&
      (!strcmp(method, "GET") || !strcmp(method, "HEAD"))) {
    sk_msg_capture(NULL, 0);
    r.type = a->type;
    return sk_web_queue(&r, a->data, a->len, 0, NULL, c);
  }
  if (c->too_large)
    sk_web_fail(&r, 413, "the request body is larger than %zu bytes",
                (size_t)SK_WEB_BODY_MAX);
  else if (too_long)
    sk_web_fail(&r, 413, "a parameter is longer than %d bytes",
                SK_WEB_ARG_MAX);
  else
    sk_web_route(&r, allow, sizeof allow);
  sk_msg_capture(NULL, 0);
  if (r.out.failed)
    sk_web_fail(&r, 500, "the answer would be too large");
  if (r.status >= 500 && r.msg[0]) {
    char *m = sk_escape_text(r.msg);
    fprintf(stderr, "skampi-db: error: %s\n", m ? m : "?");
    free(m);
  }
  if (!r.out.data)
    sk_wbuf_puts(&r.out, "");
  data = sk_wbuf_take(&r.out, &len);
  ok = sk_web_queue(&r, data, len, 1, allow, c);
  return ok;
}

static enum MHD_Result sk_web_access(void *cls, struct MHD_Connection *conn,
                                     const char *url, const char *method,
                                     const char *version,
                                     const char *upload_data,
                                     size_t *upload_data_size,
                                     void **con_cls)
{
  sk_web_ctx_t *c = *con_cls;
  (void)cls;
  (void)version;
  if (!c) {
    if (!(c = calloc(1, sizeof *c)))
      return MHD_NO;
    clock_gettime(CLOCK_MONOTONIC, &c->t0);
    *con_cls = c;
    /* an upload is read only from a holder of a token; the handler
     * answers the others 401 or 403 */
    if (sk_web_allow_upload && strcmp(method, "POST") == 0 &&
        strcmp(url, "/api/runs") == 0)
    {
      sk_web_thread_t *t = sk_web_thread();
      c->discard = !sk_web_upload_authorized(conn, t ? t->st : NULL);
    }
    /* answered in a later call, once the request is read whole: an
     * answer queued at the first call closes the connection */
    return MHD_YES;
  }
  if (*upload_data_size) {
    if (sk_web_append(c, upload_data, *upload_data_size) < 0)
      return MHD_NO;
    *upload_data_size = 0;
    return MHD_YES;
  }
  return sk_web_answer(conn, url, method, c);
}

/* ---- starting and stopping -------------------------------------------- */

static void sk_web_thread_free(void *arg)
{
  sk_web_thread_t *t = arg;
  sk_store_close(t->st);
  free(t->cache.data);
  free(t);
}

/* The directory of our scripts and style: the source tree's when this
 * program runs from its build tree, else the installation's, found
 * from where the program is (lib/datadir.h). */
const char *sk_web_files_dir(void)
{
  static char dir[PATH_MAX];
  char exe[PATH_MAX];
  ssize_t n = readlink("/proc/self/exe", exe, sizeof exe - 1);
  size_t b = strlen(SK_BUILD_DBDIR);
  if (n > 0) {
    exe[n] = '\0';
    if ((size_t)n > b && strncmp(exe, SK_BUILD_DBDIR, b) == 0 &&
        exe[b] == '/' && !strchr(exe + b + 1, '/'))
      return SK_SOURCE_WEBDIR;
  }
  return sk_datadir_locate(SK_BINDIR, SK_WEBDIR, "app.js", dir, sizeof dir);
}

static int sk_web_load(sk_web_asset_t *a, const char *dir)
{
  char path[PATH_MAX];
  FILE *f;
  long n;
  snprintf(path, sizeof path, "%s/%s", a->dir ? a->dir : dir, a->file);
  if (!(f = fopen(path, "rb"))) {
    char *p = sk_escape_text(path);
    sk_msg_error("%s: %s (the web interface's files)", p ? p : "?",
                 strerror(errno));
    free(p);
    return -1;
  }
  if (fseek(f, 0, SEEK_END) == 0 && (n = ftell(f)) >= 0 &&
      fseek(f, 0, SEEK_SET) == 0 && (a->data = malloc((size_t)n + 1)) &&
      fread(a->data, 1, (size_t)n, f) == (size_t)n) {
    a->len = (size_t)n;
    fclose(f);
    return 0;
  }
  fclose(f);
  sk_msg_error("cannot read %s", a->file);
  return -1;
}

/* "ADDR:PORT" (IPv4) into SA. */
static int sk_web_addr(const char *text, struct sockaddr_in *sa)
{
  char host[64];
  const char *colon = strrchr(text, ':');
  char *end;
  long port;
  memset(sa, 0, sizeof *sa);
  sa->sin_family = AF_INET;
  if (colon && (size_t)(colon - text) < sizeof host) {
    memcpy(host, text, (size_t)(colon - text));
    host[colon - text] = '\0';
    errno = 0;
    port = strtol(colon + 1, &end, 10);
    if (!errno && end != colon + 1 && !*end && port >= 0 && port <= 65535 &&
        inet_pton(AF_INET, host, &sa->sin_addr) == 1) {
      sa->sin_port = htons((uint16_t)port);
      return 0;
    }
  }
  {
    char *e = sk_escape_text(text);
    sk_msg_error("--listen takes ADDR:PORT with an IPv4 address, such as "
                 "127.0.0.1:8077 (port 0: any free port), not '%s'",
                 e ? e : "?");
    free(e);
  }
  return -1;
}

static void sk_web_unload(void)
{
  size_t i;
  for (i = 0; i < SK_WEB_NASSETS; i++) {
    free(sk_web_assets[i].data);
    sk_web_assets[i].data = NULL;
  }
}

/* Prints the address the daemon listens on ("listening on http://..."). */
static void sk_web_announce(struct MHD_Daemon *d)
{
  const union MHD_DaemonInfo *info =
    MHD_get_daemon_info(d, MHD_DAEMON_INFO_LISTEN_FD);
  struct sockaddr_in sa;
  socklen_t len = sizeof sa;
  char host[INET_ADDRSTRLEN] = "?";
  if (info && getsockname(info->listen_fd, (struct sockaddr *)&sa, &len) == 0)
    inet_ntop(AF_INET, &sa.sin_addr, host, sizeof host);
  else
    sa.sin_port = 0;
  fprintf(stderr, "skampi-db: listening on http://%s:%u/\n", host,
          ntohs(sa.sin_port));
  fflush(stderr);
}

int sk_web_serve(const sk_web_opts_t *o)
{
  struct sockaddr_in sa;
  struct MHD_Daemon *d;
  sk_store_t *check;
  sigset_t stop;
  const char *dir = sk_web_files_dir();
  size_t i;
  int sig = 0;
  if (sk_web_addr(o->listen ? o->listen : "127.0.0.1:8077", &sa) < 0)
    return 2;
  sk_store_threads_init();
  /* the database must open now, not at the first request */
  if (!(check = sk_store_open_ro(o->db)))
    return 3;
  sk_store_close(check);
  for (i = 0; i < SK_WEB_NASSETS; i++)
    if (sk_web_load(&sk_web_assets[i], dir) < 0) {
      sk_web_unload();
      return 1;
    }
  sk_web_db = o->db;
  sk_web_allow_upload = o->allow_upload;
  pthread_key_create(&sk_web_key, sk_web_thread_free);
  /* the workers inherit a mask without SIGINT and SIGTERM: only the main
   * thread takes them, in sigwait() */
  sigemptyset(&stop);
  sigaddset(&stop, SIGINT);
  sigaddset(&stop, SIGTERM);
  pthread_sigmask(SIG_BLOCK, &stop, NULL);
  signal(SIGPIPE, SIG_IGN);
  d = MHD_start_daemon(MHD_USE_INTERNAL_POLLING_THREAD | MHD_USE_EPOLL,
    0, NULL, NULL, sk_web_access, NULL,
    MHD_OPTION_SOCK_ADDR, (struct sockaddr *)&sa,
    MHD_OPTION_THREAD_POOL_SIZE, (unsigned)(o->threads ? o->threads : 4),
    MHD_OPTION_CONNECTION_LIMIT, (unsigned)(o->max_conn ? o->max_conn : 256),
    MHD_OPTION_CONNECTION_TIMEOUT, (unsigned)SK_WEB_TIMEOUT,
    MHD_OPTION_CONNECTION_MEMORY_LIMIT, (size_t)(128 * 1024),
    MHD_OPTION_NOTIFY_COMPLETED, sk_web_completed, NULL,
    MHD_OPTION_END);
  if (!d) {
    char a[INET_ADDRSTRLEN] = "?";
    inet_ntop(AF_INET, &sa.sin_addr, a, sizeof a);
    sk_msg_error("cannot listen on %s:%u (in use, or not an address of "
                 "this machine)", a, ntohs(sa.sin_port));
    sk_web_unload();
    return 1;
  }
  sk_web_announce(d);
  sigwait(&stop, &sig);
  fprintf(stderr, "skampi-db: %s: stopping\n",
          sig == SIGINT ? "SIGINT" : "SIGTERM");
  MHD_stop_daemon(d);   /* joins the workers, which close their stores */
  pthread_key_delete(sk_web_key);
  sk_web_unload();
  fprintf(stderr, "skampi-db: stopped\n");
  return 0;
}
