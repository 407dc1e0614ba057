/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * push.c -- skampi-db push (push.h): each file one POST to URL/api/runs
 * with the bearer token, and what the server answered.
 *
 * The server is trusted no more than a file: its answer is read up to
 * SK_PUSH_ANSWER_MAX bytes, only two fields are taken from it, and its
 * text is escaped before it reaches the terminal.  Redirects are not
 * followed (the token would go along), only http and https are spoken.
 */
#include <config.h>

#include "push.h"

#include <curl/curl.h>
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <dirent.h>
#include <sys/stat.h>
#include <unistd.h>

#include "dbstatus.h"
#include "escape.h"
#include "grow.h"
#include "msg.h"
#include "tar.h"

#define SK_PUSH_ANSWER_MAX (64 * 1024)
#define SK_PUSH_FILE_MAX (1ull << 30)
#define SK_PUSH_CONNECT_S 10L

/* ---- the server's answer ---------------------------------------------- */

static size_t sk_push_ws(const char *t, size_t len, size_t i)
{
  while (i < len && (t[i] == ' ' || t[i] == '\t' || t[i] == '\n' ||
                     t[i] == '\r'))
    i++;
  return i;
}

static int sk_push_hex4(const char *t, size_t len, size_t i, unsigned *cp)
{
  size_t k;
  *cp = 0;
  if (i + 4 > len)
    return -1;
  for (k = 0; k < 4; k++) {
    char c = t[i + k];
    unsigned d = c >= '0' && c <= '9' ? (unsigned)(c - '0')
               : c >= 'a' && c <= 'f' ? (unsigned)(c - 'a' + 10)
               : c >= 'A' && c <= 'F' ? (unsigned)(c - 'A' + 10) : 16u;
    if (d > 15)
      return -1;
    *cp = *cp * 16 + d;
  }
  return 0;
}

/* One code point of an escape as UTF-8 into out (4 bytes at most). */
static size_t sk_push_utf8(unsigned cp, char *out)
{
  if (cp == '\n' || cp == '\t' || (cp >= 0x20 && cp < 0x80)) {
    out[0] = (char)cp;
    return 1;
  }
  if (cp < 0x20 || (cp >= 0xD800 && cp <= 0xDFFF)) {
    out[0] = '?';
    return 1;
  }
  if (cp < 0x800) {
    out[0] = (char)(0xC0 | (cp >> 6));
    out[1] = (char)(0x80 | (cp & 0x3F));
    return 2;
  }
  out[0] = (char)(0xE0 | (cp >> 12));
  out[1] = (char)(0x80 | ((cp >> 6) & 0x3F));
  out[2] = (char)(0x80 | (cp & 0x3F));
  return 3;
}

/* The JSON string at t[*i] (its opening quote); *i moves past it.  OUT
 * (when not NULL) gets the unescaped text, NUL-terminated; it has room
 * for len bytes plus one.  -1 when not a string. */
static int sk_push_string(const char *t, size_t len, size_t *i, char *out)
{
  static const char from[] = "\"\\/bfnrt", to[] = "\"\\/?\?\n?\t";
  size_t j = *i + 1, o = 0;
  unsigned cp;
  if (*i >= len || t[*i] != '"')
    return -1;
  while (j < len && t[j] != '"') {
    const char *e;
    char u[4];
    size_t k, n;
    if ((unsigned char)t[j] < 0x20)
      return -1;
    if (t[j] != '\\') {
      if (out)
        out[o++] = t[j];
      j++;
      continue;
    }
    if (++j >= len)
      return -1;
    if (t[j] == 'u') {
      if (sk_push_hex4(t, len, j + 1, &cp) < 0)
        return -1;
      n = sk_push_utf8(cp, u);
      j += 5;
    } else if ((e = strchr(from, t[j])) != NULL && t[j]) {
      u[0] = to[e - from];
      n = 1;
      j++;
    } else
      return -1;
    for (k = 0; out && k < n; k++)   /* \uXXXX: 6 bytes in, 3 out */
      out[o++] = u[k];
  }
  if (j >= len)
    return -1;
  if (out)
    out[o] = '\0';
  *i = j + 1;
  return 0;
}

/* Skips one JSON value at t[*i]: a string, or anything up to the ',' or
 * closing bracket of its level. */
static int sk_push_skip(const char *t, size_t len, size_t *i)
{
  int depth = 0;
  while (*i < len) {
    char c = t[*i];
    if (c == '"') {
      if (sk_push_string(t, len, i, NULL) < 0)
        return -1;
      if (depth == 0)
        return 0;
      continue;
    }
    if (c == '{' || c == '[')
      depth++;
    else if (c == '}' || c == ']') {
      if (depth == 0)
        return 0;
      if (--depth == 0) {
        (*i)++;
        return 0;
      }
    } else if (c == ',' && depth == 0)
      return 0;
    else if (depth > 64)
      return -1;
    (*i)++;
  }
  return -1;
}

static char *sk_push_scalar(const char *t, size_t len, size_t i)
{
  size_t j = i;
  char *out;
  if (i < len && t[i] == '"') {
    if (!(out = malloc(len - i + 1)) || sk_push_string(t, len, &j, out) < 0) {
      free(out);
      return NULL;
    }
    return out;
  }
  while (j < len && (strchr("+-.eE", t[j]) || (t[j] >= '0' && t[j] <= '9')))
    j++;
  return j > i ? strndup(t + i, j - i) : NULL;
}

char *sk_push_json_get(const char *t, size_t len, const char *key)
{
  size_t i = sk_push_ws(t, len, 0), klen = strlen(key);
  char *name;
  if (i >= len || t[i] != '{' || !(name = malloc(len + 1)))
    return NULL;
  i = sk_push_ws(t, len, i + 1);
  while (i < len && t[i] == '"') {
    if (sk_push_string(t, len, &i, name) < 0)
      break;
    i = sk_push_ws(t, len, i);
    if (i >= len || t[i] != ':')
      break;
    i = sk_push_ws(t, len, i + 1);
    if (strlen(name) == klen && strcmp(name, key) == 0) {
      free(name);
      return sk_push_scalar(t, len, i);
    }
    if (sk_push_skip(t, len, &i) < 0)
      break;
    i = sk_push_ws(t, len, i);
    if (i >= len || t[i] != ',')
      break;
    i = sk_push_ws(t, len, i + 1);
  }
  free(name);
  return NULL;
}

/* ---- one request ------------------------------------------------------ */

typedef struct sk_push_buf {
  char *data;
  size_t len;
  int cut;                  /* more than SK_PUSH_ANSWER_MAX came */
} sk_push_buf_t;

static size_t sk_push_write(char *p, size_t size, size_t n, void *arg)
{
  sk_push_buf_t *b = arg;
  size_t k = size * n, room = SK_PUSH_ANSWER_MAX - b->len;
  if (k > room) {
    b->cut = 1;
    k = room;
  }
  memcpy(b->data + b->len, p, k);
  b->len += k;
  return size * n;          /* the rest is read and dropped */
}

/* PATH's bytes; NOFOLLOW: a file of a directory, never read through a
 * symbolic link (push DIR sends the directory's own files only). */
static int sk_push_read(const char *path, int nofollow, char **buf,
                        size_t *len)
{
  struct stat sb;
  int fd = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC |
                (nofollow ? O_NOFOLLOW : 0));
  FILE *f = NULL;
  size_t cap = 0, k;
  char *e;
  *buf = NULL;
  *len = 0;
  if (fd >= 0 && (fstat(fd, &sb) < 0 || !S_ISREG(sb.st_mode))) {
    close(fd);
    fd = -1;
    errno = EINVAL;
  } else if (fd < 0 && errno == ELOOP && nofollow) {
    e = sk_escape_text(path);
    sk_msg_error("cannot read '%s': a symbolic link in the directory, not "
                 "followed (push DIR sends the directory's own files)",
                 e ? e : "?");
    free(e);
    return -1;
  }
  if (fd >= 0 && !(f = fdopen(fd, "rb")))
    close(fd);
  while (f) {
    if (*len == cap && (cap >= SK_PUSH_FILE_MAX ||
                        SK_GROW(*buf, cap, *len + 1, 65536) != 0)) {
      errno = cap >= SK_PUSH_FILE_MAX ? EFBIG : ENOMEM;
      break;
    }
    k = fread(*buf + *len, 1, cap - *len, f);
    *len += k;
    if (k == 0) {
      if (!ferror(f)) {
        fclose(f);
        return 0;
      }
      break;
    }
  }
  e = sk_escape_text(path);
  sk_msg_error("cannot read '%s': %s", e ? e : "?", errno == EINVAL
               ? "not a regular file" : strerror(errno));
  free(e);
  if (f)
    fclose(f);
  free(*buf);
  *buf = NULL;
  return -1;
}

/* ---- a directory as a campaign archive --------------------------------- */

static int sk_push_cmp(const void *a, const void *b)
{
  return strcmp(*(char *const *)a, *(char *const *)b);
}

/* Whether the directory's entry NAME goes into the archive: runs.txt and
 * the *.yaml files, what the server's import takes from them. */
static int sk_push_wanted(const char *dir, const char *name)
{
  char p[4096];
  struct stat sb;
  size_t n = strlen(name);
  if (name[0] == '.' || n > 99 || (strcmp(name, "runs.txt") != 0 &&
      (n <= 5 || strcmp(name + n - 5, ".yaml") != 0)))
    return 0;
  snprintf(p, sizeof p, "%s/%s", dir, name);
  /* a link is taken, so that reading it (O_NOFOLLOW) refuses the
   * directory: a campaign is never sent with a file left out */
  return lstat(p, &sb) == 0 && (S_ISREG(sb.st_mode) || S_ISLNK(sb.st_mode));
}

/* The ustar archive of DIR's runs.txt and *.yaml (tar.h), in *buf. */
static int sk_push_archive(const char *dir, char **buf, size_t *len)
{
  DIR *d = opendir(dir);
  struct dirent *e;
  char **names = NULL, p[4096];
  size_t n = 0, cap = 0, i;
  int rc = d ? 0 : -1;
  *buf = NULL;
  *len = 0;
  while (rc == 0 && (e = readdir(d)))
    if (sk_push_wanted(dir, e->d_name)) {
      if (n >= SK_TAR_MAX_ENTRIES || SK_GROW(names, cap, n + 1, 16) != 0 ||
          !(names[n] = strdup(e->d_name)))
        rc = -1;
      n += rc == 0;
    }
  if (d)
    closedir(d);
  if (n)
    qsort(names, n, sizeof *names, sk_push_cmp);
  for (i = 0; i < n; i++) {
    char *data = NULL;
    size_t dlen = 0;
    snprintf(p, sizeof p, "%s/%s", dir, names[i]);
    if (rc == 0 && (sk_push_read(p, 1, &data, &dlen) < 0 ||
                    *len + dlen > SK_PUSH_FILE_MAX ||
                    sk_tar_add(buf, len, names[i], data, dlen) < 0))
      rc = -1;
    free(data);
    free(names[i]);
  }
  free(names);
  if (rc == 0 && sk_tar_end(buf, len) == 0)
    return 0;
  if (!d) {
    char *x = sk_escape_text(dir);
    sk_msg_error("cannot read directory '%s': %s", x ? x : "?",
                 strerror(errno));
    free(x);
  }
  free(*buf);
  *buf = NULL;
  return -1;
}

/* The server's message, line by line, each line escaped and indented. */
static void sk_push_lines(const char *text)
{
  while (*text) {
    size_t n = strcspn(text, "\n");
    char *line = strndup(text, n), *e = sk_escape_text(line);
    fprintf(stderr, "  %s\n", e ? e : "?");
    free(e);
    free(line);
    text += n + (text[n] == '\n');
  }
}

/* What the server said of PATH: 0 in (created or there), -1 not. */
static int sk_push_say(const char *path, long status, const sk_push_buf_t *b,
                       int quiet)
{
  char *run = sk_push_json_get(b->data, b->len, "run");
  char *err = sk_push_json_get(b->data, b->len, "error");
  char *p = sk_escape_text(path), *r = sk_escape_text(run ? run : "?");
  int rc = -1;
  fflush(stdout);
  if ((status == 201 || status == 200) && run) {
    if (!quiet)
      printf(status == 201 ? "%s: created run %s on the server\n"
             : "%s: already on the server as run %s (same content), "
               "nothing imported\n", p ? p : "?", r ? r : "?");
    fflush(stdout);
    rc = 0;
  } else {
    sk_msg_error("%s: not imported: the server answered %ld%s", p ? p : "?",
                 status, err ? ":" : b->len ? " (no message)"
                 : " with an empty body");
    if (err)
      sk_push_lines(err);
  }
  free(run);
  free(err);
  free(p);
  free(r);
  return rc;
}

/* PATH's name in the request: its last part; a directory's with ".tar". */
static char *sk_push_name(CURL *c, const char *path, int dir)
{
  char b[300], *out;
  size_t n = strlen(path);
  const char *base;
  while (n > 1 && path[n - 1] == '/')
    n--;
  base = path + n;
  while (base > path && base[-1] != '/')
    base--;
  snprintf(b, sizeof b, "%.*s%s", (int)(path + n - base > 200 ? 200
           : path + n - base), base, dir ? ".tar" : "");
  out = curl_easy_escape(c, b, 0);
  return out;
}

/* ENDPOINT?name=NAME&tag=K%3DV...: the tags escaped like the name; the
 * caller's to free, NULL when out of memory. */
static char *sk_push_url(CURL *c, const char *endpoint, const char *name,
                         const sk_push_opts_t *o)
{
  size_t i, len = strlen(endpoint) + strlen(name) + 8;
  char **esc = calloc(o->ntags + 1, sizeof *esc), *url = NULL;
  for (i = 0; esc && i < o->ntags; i++) {
    if (!(esc[i] = curl_easy_escape(c, o->tags[i], 0)))
      goto out;
    len += strlen(esc[i]) + 5;
  }
  if (esc && (url = malloc(len)) != NULL) {
    size_t at = (size_t)snprintf(url, len, "%s?name=%s", endpoint, name);
    for (i = 0; i < o->ntags; i++)
      at += (size_t)snprintf(url + at, len - at, "&tag=%s", esc[i]);
  }
out:
  for (i = 0; esc && i < o->ntags; i++)
    curl_free(esc[i]);
  free(esc);
  return url;
}

static int sk_push_one(CURL *c, const char *endpoint, const char *path,
                       struct curl_slist *const hdr[2],
                       const sk_push_opts_t *o)
{
  sk_push_buf_t b = {NULL, 0, 0};
  char *body, *url = NULL, *name, err[CURL_ERROR_SIZE] = "";
  struct stat sb;
  int dir = stat(path, &sb) == 0 && S_ISDIR(sb.st_mode);
  size_t len;
  long status = 0;
  CURLcode cc;
  int rc = -1;
  if ((dir ? sk_push_archive(path, &body, &len)
       : sk_push_read(path, 0, &body, &len)) < 0)
    return -1;
  name = sk_push_name(c, path, dir);
  if (!name || !(url = sk_push_url(c, endpoint, name, o)) ||
      !(b.data = malloc(SK_PUSH_ANSWER_MAX + 1))) {
    sk_msg_error("out of memory");
    goto out;
  }
  curl_easy_setopt(c, CURLOPT_URL, url);
  curl_easy_setopt(c, CURLOPT_HTTPHEADER, hdr[dir]);
  curl_easy_setopt(c, CURLOPT_POSTFIELDS, body ? body : "");
  curl_easy_setopt(c, CURLOPT_POSTFIELDSIZE_LARGE, (curl_off_t)len);
  curl_easy_setopt(c, CURLOPT_WRITEFUNCTION, sk_push_write);
  curl_easy_setopt(c, CURLOPT_WRITEDATA, &b);
  curl_easy_setopt(c, CURLOPT_ERRORBUFFER, err);
  curl_easy_setopt(c, CURLOPT_TIMEOUT, o->timeout);
  cc = curl_easy_perform(c);
  b.data[b.len] = '\0';
  if (cc != CURLE_OK) {
    char *p = sk_escape_text(path), *e = sk_escape_text(*err ? err
                                          : curl_easy_strerror(cc));
    sk_msg_error("%s: not sent: %s", p ? p : "?", e ? e : "?");
    free(p);
    free(e);
    goto out;
  }
  curl_easy_getinfo(c, CURLINFO_RESPONSE_CODE, &status);
  rc = sk_push_say(path, status, &b, o->quiet);
out:
  curl_free(name);
  free(url);
  free(b.data);
  free(body);
  return rc;
}

/* ---- the command ------------------------------------------------------ */

/* The scheme must be http or https; a warning for plain http to a host
 * other than the loopback (the token travels in clear). */
static int sk_push_check_url(const char *url)
{
  CURLU *u = curl_url();
  char *scheme = NULL, *host = NULL;
  int rc = -1;
  char *e = sk_escape_text(url);
  if (u && curl_url_set(u, CURLUPART_URL, url, 0) == CURLUE_OK &&
      curl_url_get(u, CURLUPART_SCHEME, &scheme, 0) == CURLUE_OK &&
      curl_url_get(u, CURLUPART_HOST, &host, 0) == CURLUE_OK &&
      (strcasecmp(scheme, "http") == 0 || strcasecmp(scheme, "https") == 0)
      && strncasecmp(url, scheme, strlen(scheme)) == 0) {
    rc = 0;
    if (strcasecmp(scheme, "http") == 0 && strcmp(host, "127.0.0.1") &&
        strcasecmp(host, "localhost") && strcmp(host, "[::1]"))
      sk_msg_warning("%s is plain http: the token and the files travel "
                     "unencrypted (use https)", e ? e : "?");
  } else
    sk_msg_error("--url takes an http:// or https:// URL, not '%s'",
                 e ? e : "?");
  curl_free(scheme);
  curl_free(host);
  curl_url_cleanup(u);
  free(e);
  return rc;
}

/* The token goes into a header: printable ASCII only, never echoed. */
static int sk_push_check_token(const char *t)
{
  size_t i;
  if (!t || !*t) {
    sk_msg_error("push needs a token: --token T or $SKAMPI_TOKEN "
                 "(skampi-db token add NAME on the server)");
    return -1;
  }
  for (i = 0; t[i]; i++)
    if ((unsigned char)t[i] <= 0x20 || (unsigned char)t[i] >= 0x7f) {
      sk_msg_error("the token holds a character a header cannot carry "
                   "(it is not shown)");
      return -1;
    }
  return i > 4096 ? (sk_msg_error("the token is longer than 4096 "
                                  "characters"), -1) : 0;
}

/* URL without trailing slashes, then /api/runs; the caller's to free. */
static char *sk_push_endpoint(const char *url)
{
  size_t n = strlen(url);
  char *out;
  while (n > 0 && url[n - 1] == '/')
    n--;
  if ((out = malloc(n + sizeof "/api/runs")) != NULL)
    snprintf(out, n + sizeof "/api/runs", "%.*s/api/runs", (int)n, url);
  return out;
}

static struct curl_slist *sk_push_headers(const char *token,
                                          const char *type)
{
  size_t n = strlen(token) + 32;
  char *auth = malloc(n);
  struct curl_slist *h = NULL, *h2;
  if (!auth)
    return NULL;
  snprintf(auth, n, "Authorization: Bearer %s", token);
  h = curl_slist_append(NULL, auth);
  memset(auth, 0, n);
  free(auth);
  if (h && (h2 = curl_slist_append(h, type)))
    h = h2;
  else if (h) {
    curl_slist_free_all(h);
    h = NULL;
  }
  if (h && (h2 = curl_slist_append(h, "Expect:")))  /* no 100-continue */
    h = h2;
  return h;
}

static void sk_push_setup(CURL *c)
{
  curl_easy_setopt(c, CURLOPT_NOSIGNAL, 1L);
  curl_easy_setopt(c, CURLOPT_FOLLOWLOCATION, 0L);
  curl_easy_setopt(c, CURLOPT_CONNECTTIMEOUT, SK_PUSH_CONNECT_S);
#if LIBCURL_VERSION_NUM >= 0x075500
  curl_easy_setopt(c, CURLOPT_PROTOCOLS_STR, "http,https");
#else
  curl_easy_setopt(c, CURLOPT_PROTOCOLS, CURLPROTO_HTTP | CURLPROTO_HTTPS);
#endif
  curl_easy_setopt(c, CURLOPT_USERAGENT, "skampi-db/" PACKAGE_VERSION);
}

int sk_push_files(const sk_push_opts_t *o, char *const *files, size_t n)
{
  struct curl_slist *hdr[2];
  char *endpoint;
  size_t i, failed = 0;
  CURL *c;
  if (!o->url) {
    sk_msg_error("push needs --url URL (the server's root)");
    return SK_DB_USAGE;
  }
  if (sk_push_check_url(o->url) < 0 || sk_push_check_token(o->token) < 0)
    return SK_DB_USAGE;
  if (n == 0) {
    sk_msg_error("push needs result files or skampi-run directories");
    return SK_DB_USAGE;
  }
  if (curl_global_init(CURL_GLOBAL_DEFAULT) != CURLE_OK) {
    sk_msg_error("cannot start libcurl");
    return SK_DB_FAILED;
  }
  endpoint = sk_push_endpoint(o->url);
  hdr[0] = sk_push_headers(o->token, "Content-Type: application/x-yaml");
  hdr[1] = sk_push_headers(o->token, "Content-Type: application/x-tar");
  c = curl_easy_init();
  if (!endpoint || !hdr[0] || !hdr[1] || !c) {
    sk_msg_error("out of memory");
    failed = n;
  } else {
    sk_push_setup(c);
    for (i = 0; i < n; i++)
      failed += sk_push_one(c, endpoint, files[i], hdr, o) < 0;
  }
  curl_easy_cleanup(c);
  curl_slist_free_all(hdr[0]);
  curl_slist_free_all(hdr[1]);
  free(endpoint);
  curl_global_cleanup();
  if (failed)
    fprintf(stderr, "%s: %zu of %zu files not imported\n", sk_msg_program(),
            failed, n);
  return failed ? SK_DB_FAILED : SK_DB_OK;
}
