/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * webserve.c -- skampi-db serve itself (web.h): the gate (webgate.c)
 * listens and hands each connection whose request head it took to
 * libmicrohttpd, which gives every connection a thread of its own and
 * reads that one request (a body only of an authorized upload), and the
 * router (web.c) answers it with a database connection of the pool
 * (webpool.c).  Every answer closes its connection.  The main thread
 * waits for SIGINT or SIGTERM.  The limits: doc/database.md, "Limits".
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
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/socket.h>
#include <time.h>
#include <unistd.h>

#include "datadir.h"
#include "escape.h"
#include "gnuplot.h"
#include "msg.h"
#include "skpaths.h"
#include "webgate.h"
#include "webpool.h"

/* A connection handed on is closed after this many idle seconds. */
#define SK_WEB_IDLE_S 15
/* An upload's body must be whole this many seconds after its head. */
#define SK_WEB_BODY_S 300
/* An answer must be taken by the client within this many seconds. */
#define SK_WEB_SEND_S 60
/* libmicrohttpd's memory of one connection: the head (at most
 * SK_WEBHEAD_MAX), its parsed fields and arguments, the answer's head. */
#define SK_WEB_CONN_MEMORY ((size_t)64 << 10)

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
static sk_webgate_t *sk_web_gate;
static struct MHD_Daemon *sk_web_daemon;

const char *sk_web_db_path(void)
{
  return sk_web_db;
}

/* ---- the per-request state -------------------------------------------- */

typedef struct sk_web_ctx {
  struct timespec t0;
  char *body;                 /* an authorized upload's, Content-Length */
  size_t len, cap;            /* cap: the bytes reserved */
} sk_web_ctx_t;

static double sk_web_ms(const struct timespec *t0)
{
  struct timespec t;
  clock_gettime(CLOCK_MONOTONIC, &t);
  return (double)(t.tv_sec - t0->tv_sec) * 1e3 +
         (double)(t.tv_nsec - t0->tv_nsec) / 1e6;
}

/* A connection handed on, as the gate counts it. */
typedef struct sk_web_counted {
  uint32_t addr;              /* the client's, network order */
  int counted;                /* still in the gate's counts */
} sk_web_counted_t;

/* Out of the gate's counts: when its one request is over (its thread
 * still has to end, and libmicrohttpd's own thread to clean it up, which
 * may lag behind), else when it closes. */
static void sk_web_uncount(sk_web_counted_t *k)
{
  if (k && k->counted) {
    k->counted = 0;
    sk_webgate_closed(sk_web_gate, k->addr);
  }
}

static void sk_web_completed(void *cls, struct MHD_Connection *conn,
                             void **con_cls,
                             enum MHD_RequestTerminationCode toe)
{
  sk_web_ctx_t *c = *con_cls;
  const union MHD_ConnectionInfo *ci =
    MHD_get_connection_info(conn, MHD_CONNECTION_INFO_SOCKET_CONTEXT);
  (void)cls;
  (void)toe;
  if (ci)
    sk_web_uncount(ci->socket_context);
  if (c) {
    if (c->body)
      sk_webpool_release(c->cap, 0);
    free(c->body);
    free(c);
  }
  *con_cls = NULL;
}

/* ---- answering -------------------------------------------------------- */

static const sk_web_asset_t *sk_web_asset(const char *path)
{
  size_t i;
  for (i = 0; i < SK_WEB_NASSETS; i++)
    if (strcmp(path, sk_web_assets[i].path) == 0)
      return &sk_web_assets[i];
  return NULL;
}

/* An answer's bytes while libmicrohttpd sends them, counted against the
 * answers' budget (webpool.h). */
typedef struct sk_web_out {
  char *data;
  size_t len;
  struct timespec t0;
} sk_web_out_t;

static ssize_t sk_web_out_read(void *cls, uint64_t pos, char *buf,
                               size_t max)
{
  sk_web_out_t *o = cls;
  size_t n;
  if (pos >= o->len)
    return MHD_CONTENT_READER_END_OF_STREAM;
  /* a client that takes an answer slower than this holds a thread: the
   * connection is closed */
  if (sk_web_ms(&o->t0) > SK_WEB_SEND_S * 1e3)
    return MHD_CONTENT_READER_END_WITH_ERROR;
  n = o->len - (size_t)pos < max ? o->len - (size_t)pos : max;
  memcpy(buf, o->data + pos, n);
  return (ssize_t)n;
}

static void sk_web_out_free(void *cls)
{
  sk_web_out_t *o = cls;
  sk_webpool_release(o->len, 1);
  free(o->data);
  free(o);
}

/* DATA[0..LEN) as a response; OWN: ours to free (and to count). */
static struct MHD_Response *sk_web_response(const char *data, size_t len,
                                            int own)
{
  struct MHD_Response *res;
  sk_web_out_t *o;
  if (!own)
    return MHD_create_response_from_buffer(len, (void *)data,
                                           MHD_RESPMEM_PERSISTENT);
  if (!(o = malloc(sizeof *o))) {
    free((void *)data);
    return NULL;
  }
  o->data = (char *)data;
  o->len = len;
  clock_gettime(CLOCK_MONOTONIC, &o->t0);
  res = MHD_create_response_from_callback(len, 65536, sk_web_out_read, o,
                                          sk_web_out_free);
  if (!res)
    sk_web_out_free(o);
  return res;
}

static enum MHD_Result sk_web_queue(sk_web_req_t *r, const char *data,
                                    size_t len, int own, const char *allow,
                                    const sk_web_ctx_t *c)
{
  struct MHD_Response *res;
  const sk_web_header_t *h;
  enum MHD_Result ok;
  char disp[160], retry[16];
  if (own && sk_webpool_reserve(len, 1) < 0) {
    /* too many bytes of answers are on their way */
    free((void *)data);
    sk_web_fail(r, 503, "the server is sending as many bytes of answers as "
                "it keeps; try again in a few seconds");
    r->retry_after = 5;
    data = sk_wbuf_take(&r->out, &len);
    if (!data || sk_webpool_reserve(len, 1) < 0) {
      free((void *)data);
      return MHD_NO;
    }
  }
  if (!(res = sk_web_response(data, len, own)))
    return MHD_NO;
  MHD_add_response_header(res, "Content-Type",
                          r->type ? r->type : "application/json");
  for (h = sk_web_headers; h->name; h++)
    MHD_add_response_header(res, h->name, h->value);
  MHD_add_response_header(res, "Cache-Control",
                          r->no_store ? "no-store" : "no-cache");
  if (allow && *allow)
    MHD_add_response_header(res, "Allow", allow);
  if (r->retry_after) {
    snprintf(retry, sizeof retry, "%u", r->retry_after);
    MHD_add_response_header(res, "Retry-After", retry);
  }
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

/* Answers the request (BUSY: 503, the bodies' budget is spent). */
static enum MHD_Result sk_web_answer(struct MHD_Connection *conn,
                                     const char *url, const char *method,
                                     sk_web_ctx_t *c, int busy)
{
  sk_web_req_t r;
  const sk_web_asset_t *a;
  char allow[64] = "";
  size_t len;
  char *data;
  memset(&r, 0, sizeof r);
  r.conn = conn;
  r.method = method;
  r.path = url;
  r.status = 200;
  r.body = c->body;
  r.body_len = c->len;
  if ((a = sk_web_asset(url)) != NULL &&
      (!strcmp(method, "GET") || !strcmp(method, "HEAD"))) {
    r.type = a->type;
    return sk_web_queue(&r, a->data, a->len, 0, NULL, c);
  }
  sk_msg_capture(r.msg, sizeof r.msg);
  if (busy) {
    sk_web_fail(&r, 503, "the server holds as many bytes of uploads as it "
                "keeps; try again in a few seconds");
    r.retry_after = 5;
  } else
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
  return sk_web_queue(&r, data, len, 1, allow, c);
}

/* The first call of an upload: read its body only from a holder of a
 * token, into the bytes its Content-Length reserves; anyone else is
 * answered at once, the body left unread.  1: read the body; 0: answer
 * now (401, 403); -1: the bodies' budget is spent (503). */
static int sk_web_upload_start(struct MHD_Connection *conn, sk_web_ctx_t *c)
{
  const char *cl = MHD_lookup_connection_value(conn, MHD_HEADER_KIND,
                                               "Content-Length");
  size_t n = cl ? (size_t)strtoull(cl, NULL, 10) : 0;
  sk_webpool_slot_t *s = sk_webpool_get();
  int ok = s && sk_web_upload_authorized(conn, s->st);
  if (s)
    sk_webpool_put(s);
  if (!ok || n == 0)
    return 0;
  if (sk_webpool_reserve(n + 1, 0) < 0)
    return -1;
  if (!(c->body = malloc(n + 1))) {
    sk_webpool_release(n + 1, 0);
    return -1;
  }
  c->cap = n + 1;
  c->body[0] = '\0';
  return 1;
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
    /* the gate let a body through only to an upload */
    if (sk_web_allow_upload && strcmp(method, "POST") == 0 &&
        strcmp(url, "/api/runs") == 0) {
      int up = sk_web_upload_start(conn, c);
      if (up <= 0)
        return sk_web_answer(conn, url, method, c, up < 0);
    }
    /* answered in a later call, once the request is read whole */
    return MHD_YES;
  }
  if (*upload_data_size) {
    if (!c->body || c->len + *upload_data_size >= c->cap ||
        sk_web_ms(&c->t0) > SK_WEB_BODY_S * 1e3)
      return MHD_NO;          /* more than it said, or too slow: closed */
    memcpy(c->body + c->len, upload_data, *upload_data_size);
    c->len += *upload_data_size;
    c->body[c->len] = '\0';
    *upload_data_size = 0;
    return MHD_YES;
  }
  if (c->body && c->len + 1 != c->cap)
    return MHD_NO;
  return sk_web_answer(conn, url, method, c, 0);
}

/* The counts of the gate: a connection handed on starts and ends. */
static void sk_web_notify(void *cls, struct MHD_Connection *conn,
                          void **socket_context,
                          enum MHD_ConnectionNotificationCode code)
{
  sk_web_counted_t *k = *socket_context;
  (void)cls;
  if (code == MHD_CONNECTION_NOTIFY_STARTED) {
    const union MHD_ConnectionInfo *ci =
      MHD_get_connection_info(conn, MHD_CONNECTION_INFO_CLIENT_ADDRESS);
    if (!(k = malloc(sizeof *k)))
      return;
    k->addr = ci && ci->client_addr && ci->client_addr->sa_family == AF_INET
              ? ((const struct sockaddr_in *)(const void *)ci->client_addr)
                  ->sin_addr.s_addr : 0;
    k->counted = 1;
    *socket_context = k;
    sk_webgate_opened(sk_web_gate, k->addr);
  } else if (k) {
    sk_web_uncount(k);
    free(k);
    *socket_context = NULL;
  }
}

static int sk_web_hand(void *arg, int fd, const struct sockaddr_in *peer)
{
  (void)arg;
  MHD_add_connection(sk_web_daemon, fd, (const struct sockaddr *)peer,
                     sizeof *peer);
  return 0;
}

/* ---- starting and stopping -------------------------------------------- */

/* The directory of our scripts and style: the source tree's when this
 * program runs from its build tree, else the installation's, found
 * from where the program is (lib/datadir.h). */
const char *sk_web_files_dir(char *dir, size_t size)
{
  char exe[PATH_MAX];
  ssize_t n = readlink("/proc/self/exe", exe, sizeof exe - 1);
  size_t b = strlen(SK_BUILD_DBDIR);
  if (n > 0) {
    exe[n] = '\0';
    if ((size_t)n > b && strncmp(exe, SK_BUILD_DBDIR, b) == 0 &&
        exe[b] == '/' && !strchr(exe + b + 1, '/'))
      return SK_SOURCE_WEBDIR;
  }
  return sk_datadir_locate(SK_BINDIR, SK_WEBDIR, "app.js", dir, size);
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

static void sk_web_unload(void)
{
  size_t i;
  for (i = 0; i < SK_WEB_NASSETS; i++) {
    free(sk_web_assets[i].data);
    sk_web_assets[i].data = NULL;
  }
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

/* --public-url http[s]://NAME[:PORT][/...] as a name of the server. */
static int sk_web_public(const char *url, sk_webgate_name_t *n,
                         char *buf, size_t size)
{
  const char *h = NULL, *end;
  unsigned long port;
  char *e;
  if (strncmp(url, "http://", 7) == 0)
    h = url + 7, n->port = 80;
  else if (strncmp(url, "https://", 8) == 0)
    h = url + 8, n->port = 443;
  end = h ? h + strcspn(h, ":/?#") : NULL;
  if (h && end > h && (size_t)(end - h) < size &&
      strspn(h, "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ"
             "0123456789.-_") == (size_t)(end - h)) {
    memcpy(buf, h, (size_t)(end - h));
    buf[end - h] = '\0';
    n->name = buf;
    if (*end != ':')
      return 0;
    errno = 0;
    port = strtoul(end + 1, &e, 10);
    if (!errno && e != end + 1 && port > 0 && port <= 65535 &&
        (!*e || *e == '/')) {
      n->port = (unsigned)port;
      return 0;
    }
  }
  e = sk_escape_text(url);
  sk_msg_error("--public-url takes http://NAME[:PORT]/ or https://..., the "
               "address browsers use for this server, not '%s'", e ? e : "?");
  free(e);
  return -1;
}

/* The names the gate takes in Host: the machine's own name and the
 * public URLs' (the address a connection comes to is always taken). */
static int sk_web_names(const sk_web_opts_t *o, unsigned port,
                        sk_webgate_name_t *names, char (*buf)[256],
                        size_t *n)
{
  size_t i;
  *n = 0;
  if (gethostname(buf[0], 255) == 0 && buf[0][0]) {
    buf[0][255] = '\0';
    names[0].name = buf[0];
    names[0].port = port;
    *n = 1;
  }
  for (i = 0; i < o->npublic; i++, (*n)++)
    if (sk_web_public(o->public_urls[i], &names[*n], buf[*n], 256) < 0)
      return -1;
  return 0;
}

/* Enough descriptors for the connections the limits allow. */
static void sk_web_files(void)
{
  struct rlimit r;
  if (getrlimit(RLIMIT_NOFILE, &r) == 0 && r.rlim_cur < 4096 &&
      r.rlim_cur < r.rlim_max) {
    r.rlim_cur = r.rlim_max < 4096 ? r.rlim_max : 4096;
    setrlimit(RLIMIT_NOFILE, &r);
  }
}

static struct MHD_Daemon *sk_web_start(void)
{
  return MHD_start_daemon(MHD_USE_THREAD_PER_CONNECTION |
    MHD_USE_INTERNAL_POLLING_THREAD | MHD_USE_NO_LISTEN_SOCKET |
    MHD_USE_ITC, 0, NULL, NULL, sk_web_access, NULL,
    /* the gate keeps to SK_WEBGATE_ACTIVE by libmicrohttpd's own
     * counts, which lag a burst by a little: room for it, so that
     * libmicrohttpd never closes a connection unanswered */
    MHD_OPTION_CONNECTION_LIMIT, (unsigned)(4 * SK_WEBGATE_ACTIVE),
    MHD_OPTION_CONNECTION_TIMEOUT, (unsigned)SK_WEB_IDLE_S,
    MHD_OPTION_CONNECTION_MEMORY_LIMIT, SK_WEB_CONN_MEMORY,
    MHD_OPTION_NOTIFY_COMPLETED, sk_web_completed, NULL,
    MHD_OPTION_NOTIFY_CONNECTION, sk_web_notify, NULL,
    MHD_OPTION_END);
}

int sk_web_serve(const sk_web_opts_t *o)
{
  sk_webgate_opts_t go;
  sk_webgate_name_t names[SK_WEB_PUBLIC_MAX + 1];
  char namebuf[SK_WEB_PUBLIC_MAX + 1][256];
  sk_store_t *check;
  sigset_t stop;
  char dirbuf[PATH_MAX];
  const char *dir = sk_web_files_dir(dirbuf, sizeof dirbuf);
  char host[INET_ADDRSTRLEN] = "?";
  size_t i;
  int sig = 0, rc = 1;
  memset(&go, 0, sizeof go);
  if (sk_web_addr(o->listen ? o->listen : "127.0.0.1:8077", &go.addr) < 0 ||
      sk_web_names(o, ntohs(go.addr.sin_port), names, namebuf,
                   &go.nnames) < 0)
    return 2;
  sk_store_threads_init();
  /* the database must open now, not at the first request */
  if (!(check = sk_store_open(o->db, SK_STORE_SERVE)))
    return 3;
  sk_store_close(check);
  for (i = 0; i < SK_WEB_NASSETS; i++)
    if (sk_web_load(&sk_web_assets[i], dir) < 0) {
      sk_web_unload();
      return 1;
    }
  sk_web_db = o->db;
  sk_web_allow_upload = o->allow_upload;
  sk_web_routes_init(o->allow_upload);
  sk_webpool_init(o->db);
  sk_gnuplot_limit(o->draw_seconds ? o->draw_seconds : SK_WEBPOOL_DRAW_S);
  sk_web_files();
  go.names = names;
  go.allow_upload = o->allow_upload;
  go.authorized = sk_web_upload_gate;
  go.hand = sk_web_hand;
  /* the threads inherit a mask without SIGINT and SIGTERM: only the
   * main thread takes them, in sigwait() */
  sigemptyset(&stop);
  sigaddset(&stop, SIGINT);
  sigaddset(&stop, SIGTERM);
  pthread_sigmask(SIG_BLOCK, &stop, NULL);
  signal(SIGPIPE, SIG_IGN);
  if (!(sk_web_gate = sk_webgate_open(&go)))
    goto out;
  /* a Host of the listening port: known once it is bound (port 0) */
  for (i = 0; i < go.nnames; i++)
    if (names[i].port == 0)
      names[i].port = sk_webgate_port(sk_web_gate);
  if (!(sk_web_daemon = sk_web_start())) {
    sk_msg_error("cannot start libmicrohttpd");
    goto out;
  }
  if (sk_webgate_run(sk_web_gate) < 0)
    goto out;
  inet_ntop(AF_INET, &sk_webgate_addr(sk_web_gate)->sin_addr, host,
            sizeof host);
  fprintf(stderr, "skampi-db: listening on http://%s:%u/\n", host,
          sk_webgate_port(sk_web_gate));
  fflush(stderr);
  sigwait(&stop, &sig);
  fprintf(stderr, "skampi-db: %s: stopping\n",
          sig == SIGINT ? "SIGINT" : "SIGTERM");
  rc = 0;
out:
  if (sk_web_gate)
    sk_webgate_stop(sk_web_gate);   /* no new connection is handed on */
  if (sk_web_daemon)
    MHD_stop_daemon(sk_web_daemon); /* joins the connections' threads */
  sk_webgate_close(sk_web_gate);
  sk_web_upload_fini();
  sk_web_gate = NULL;
  sk_web_daemon = NULL;
  sk_webpool_fini();
  sk_web_unload();
  if (rc == 0)
    fprintf(stderr, "skampi-db: stopped\n");
  return rc;
}
