/*
 * main.c -- skampi-db: the command line; the commands do the work
 * (dbcmd.h, doc/database.md, skampi-db(1)).
 */
#include <config.h>

#include <errno.h>
#include <getopt.h>
#include <math.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "dbcmd.h"
#include "escape.h"
#include "grow.h"
#include "msg.h"
#include "web.h"

enum {
  SK_OPT_DB = 256, SK_OPT_MACHINE, SK_OPT_TAG, SK_OPT_LIBRARY, SK_OPT_NP,
  SK_OPT_SINCE, SK_OPT_SUITE, SK_OPT_FORMAT, SK_OPT_BASELINE,
  SK_OPT_CANDIDATE, SK_OPT_FDR, SK_OPT_EFFECT, SK_OPT_ARGUMENT,
  SK_OPT_FROM, SK_OPT_TO, SK_OPT_ALPHA, SK_OPT_PERMUTATIONS, SK_OPT_LISTEN,
  SK_OPT_URL, SK_OPT_TOKEN, SK_OPT_TIMEOUT, SK_OPT_UPLOAD, SK_OPT_FORCE,
  SK_OPT_PUBLIC, SK_OPT_DRAW
};

static const struct option sk_main_options[] = {
  {"db", required_argument, NULL, SK_OPT_DB},
  {"machine", required_argument, NULL, SK_OPT_MACHINE},
  {"tag", required_argument, NULL, SK_OPT_TAG},
  {"library", required_argument, NULL, SK_OPT_LIBRARY},
  {"np", required_argument, NULL, SK_OPT_NP},
  {"since", required_argument, NULL, SK_OPT_SINCE},
  {"suite", required_argument, NULL, SK_OPT_SUITE},
  {"format", required_argument, NULL, SK_OPT_FORMAT},
  {"output", required_argument, NULL, 'o'},
  {"baseline", required_argument, NULL, SK_OPT_BASELINE},
  {"candidate", required_argument, NULL, SK_OPT_CANDIDATE},
  {"fdr", required_argument, NULL, SK_OPT_FDR},
  {"min-effect", required_argument, NULL, SK_OPT_EFFECT},
  {"argument", required_argument, NULL, SK_OPT_ARGUMENT},
  {"from", required_argument, NULL, SK_OPT_FROM},
  {"to", required_argument, NULL, SK_OPT_TO},
  {"alpha", required_argument, NULL, SK_OPT_ALPHA},
  {"permutations", required_argument, NULL, SK_OPT_PERMUTATIONS},
  {"listen", required_argument, NULL, SK_OPT_LISTEN},
  {"allow-upload", no_argument, NULL, SK_OPT_UPLOAD},
  {"public-url", required_argument, NULL, SK_OPT_PUBLIC},
  {"draw-seconds", required_argument, NULL, SK_OPT_DRAW},
  {"url", required_argument, NULL, SK_OPT_URL},
  {"token", required_argument, NULL, SK_OPT_TOKEN},
  {"timeout", required_argument, NULL, SK_OPT_TIMEOUT},
  {"force", no_argument, NULL, SK_OPT_FORCE},
  {"quiet", no_argument, NULL, 'q'},
  {"help", no_argument, NULL, 'h'},
  {"version", no_argument, NULL, 'V'},
  {NULL, 0, NULL, 0}
};

static void sk_main_help(void)
{
  puts("Usage: skampi-db [--db PATH] COMMAND [ARGUMENTS] [OPTIONS]\n"
       "Keep skampi result files in one SQLite database; choose runs,\n"
       "query their points and compare them.\n\n"
       "Commands:\n"
       "  import FILE|DIR...        result files, merged files, skampi-run\n"
       "                            directories (each file all or nothing)\n"
       "  list                      the runs (filters below)\n"
       "  show RUN...               one run: its factors and suites\n"
       "  export RUN -o FILE        the original file, byte for byte\n"
       "  rm RUN...                 delete runs with their points\n"
       "  suites SELECTION          the suites of the selected runs\n"
       "  query SELECTION --suite NAME [--format csv|yaml]\n"
       "                            the points, one series per run\n"
       "  compare --baseline SELECTION --candidate SELECTION\n"
       "                            what changed, with a statistical verdict\n"
       "  plot SELECTION --suite NAME... -o FILE.pdf|FILE.svg\n"
       "                            one plot of all selected series\n"
       "  history SELECTION --suite NAME --argument A [-o FILE.pdf|.svg]\n"
       "                            one point over time, its change points\n"
       "  serve [--listen ADDR:PORT] the web interface (read-only), default\n"
       "                            127.0.0.1:8077; port 0: any free port\n"
       "  token add NAME            a new upload token, printed once (the\n"
       "                            database keeps only its hash)\n"
       "  token list | revoke NAME  the tokens (never shown again); revoke one\n"
       "  push --url URL FILE|DIR...\n"
       "                            send result files to a server's\n"
       "                            POST URL/api/runs (needs no database); a\n"
       "                            skampi-run directory as one campaign\n"
       "                            archive\n"
       "  serve --allow-upload      ... and POST /api/runs with a token (a\n"
       "                            result file or a campaign archive)\n"
       "  publish DIR [SELECTION]   the three steps as a static site in DIR\n"
       "                            (HTML, JSON, CSV and SVG of each suite)\n"
       "                            for any web server or file://\n\n"
       "SELECTION: words such as 12 3-7 machine=GLOB library=GLOB np=N\n"
       "tag=KEY=VALUE kind=run|merged campaign=N since=DATE until=DATE\n"
       "latest latest=N all; one key's words are alternatives, different\n"
       "keys must all hold (doc/database.md).\n\n"
       "      --db PATH           the database (default: $SKAMPI_DB, else\n"
       "                          skampi.db); keep it on a local file system\n"
       "      --machine NAME      import: name the machine instead of the\n"
       "                          identity rule; list: only this machine\n"
       "      --tag KEY=VALUE     import: label the runs; list: only runs\n"
       "                          with this tag (repeatable)\n"
       "      --library GLOB      list: only this MPI library\n"
       "      --np N              list: only runs of N processes\n"
       "      --since DATE        list: only runs started at or after DATE\n"
       "      --suite NAME        query, plot: the suite (repeatable);\n"
       "                          history: the suite\n"
       "      --format FORMAT     query: csv (default) or yaml; compare,\n"
       "                          history: table (default), csv or yaml\n"
       "  -o, --output FILE       export: the file to write; plot,\n"
       "                          history: the picture (.pdf or .svg)\n"
       "      --from X, --to X    plot: only arguments from X / up to X\n"
       "      --argument A        history: the point's argument\n"
       "      --alpha P           history: p-value a change point needs\n"
       "                          (0.001)\n"
       "      --permutations N    history: of the permutation test (1999)\n"
       "      --baseline SEL      compare: the runs before (one argument,\n"
       "                          words separated by blanks)\n"
       "      --candidate SEL     compare: the runs after\n"
       "      --fdr Q             compare: false-discovery rate (0.05)\n"
       "      --min-effect E      compare, history: smallest change that\n"
       "                          counts (0.05 = 5%)\n"
       "      --listen ADDR:PORT  serve: the address to listen on\n"
       "      --allow-upload      serve: take result files at POST /api/runs\n"
       "                          from holders of a token (token add)\n"
       "      --public-url URL    serve: a name browsers reach it by (a\n"
       "                          request for another Host is refused)\n"
       "      --draw-seconds S    serve: the time gnuplot has for one\n"
       "                          drawing (default 20)\n"
       "      --url URL           push: the server (http:// or https://)\n"
       "      --token T           push: the upload token (default:\n"
       "                          $SKAMPI_TOKEN, which ps does not show)\n"
       "      --timeout S         push: seconds for one file (default 120)\n"
       "      --force             publish: write into a directory that holds\n"
       "                          other files (not an earlier publish)\n"
       "  -q, --quiet             import, rm, push, publish: no line per\n"
       "                          file, run or suite\n"
       "  -h, --help              show this help and exit\n"
       "  -V, --version           show the version and exit\n\n"
       "Exit status: 0 success, 1 a file not imported or a run not found,\n"
       "2 bad command line, 3 database error, 5 compare found a regression.\n"
       "See skampi-db(1) and doc/database.md.");
}

/* An option that getopt refused, named as the user wrote it. */
static void sk_main_bad(char **argv, const char *what)
{
  char name[128];
  const char *arg = argv[optind - 1];
  if (optopt > 0 && optopt < 256 && strncmp(arg, "--", 2) != 0)
    snprintf(name, sizeof name, "-%c", (char)optopt);
  else {
    snprintf(name, sizeof name, "%s", arg);
    name[strcspn(name, "=")] = '\0';
  }
  char *e = sk_escape_text(name);
  sk_msg_error("%s '%s' (see skampi-db --help)", what, e ? e : "?");
  free(e);
}

/* Appends the borrowed VALUE to *list of *n, room for *cap. */
static int sk_main_push(char ***list, size_t *n, size_t *cap, char *value)
{
  if (sk_grow(list, cap, *n + 1, sizeof **list, 8) != 0) {
    sk_msg_error("out of memory");
    return -1;
  }
  (*list)[(*n)++] = value;
  return 0;
}

static int sk_main_fraction(const char *opt, const char *v, double *out)
{
  char *end;
  double d;
  errno = 0;
  d = strtod(v, &end);
  if (errno || end == v || *end || !(d > 0 && d < 1)) {
    char *e = sk_escape_text(v);
    sk_msg_error("%s takes a number between 0 and 1, not '%s'", opt,
                 e ? e : "?");
    free(e);
    return -1;
  }
  *out = d;
  return 0;
}

static int sk_main_number(const char *opt, const char *v, double *out)
{
  char *end;
  double d;
  errno = 0;
  d = strtod(v, &end);
  if (errno || end == v || *end || !isfinite(d)) {
    char *e = sk_escape_text(v);
    sk_msg_error("%s takes a number, not '%s'", opt, e ? e : "?");
    free(e);
    return -1;
  }
  *out = d;
  return 0;
}

static int sk_main_count(const char *v, size_t *out)
{
  char *end;
  long n;
  errno = 0;
  n = strtol(v, &end, 10);
  if (errno || end == v || *end || n < 19 || n > 1000000) {
    char *e = sk_escape_text(v);
    sk_msg_error("--permutations takes a whole number from 19 to 1000000, "
                 "not '%s'", e ? e : "?");
    free(e);
    return -1;
  }
  *out = (size_t)n;
  return 0;
}

static int sk_main_format(const char *v, sk_db_format_t *out)
{
  if (strcmp(v, "table") == 0)
    *out = SK_DB_TABLE;
  else if (strcmp(v, "csv") == 0)
    *out = SK_DB_CSV;
  else if (strcmp(v, "yaml") == 0)
    *out = SK_DB_YAML;
  else {
    char *e = sk_escape_text(v);
    sk_msg_error("--format takes table, csv or yaml, not '%s'", e ? e : "?");
    free(e);
    return -1;
  }
  return 0;
}

static int sk_main_tag(sk_dbcmd_t *c, char *v)
{
  const char *eq = strchr(v, '=');
  if (!eq || eq == v) {
    char *e = sk_escape_text(v);
    sk_msg_error("--tag takes KEY=VALUE, not '%s'", e ? e : "?");
    free(e);
    return -1;
  }
  return sk_main_push(&c->tags, &c->ntags, &c->captags, v);
}

/* OPT's whole seconds from 1 to MAX. */
static int sk_main_seconds(const char *opt, const char *v, long max,
                           long *out)
{
  char *end;
  long t;
  errno = 0;
  t = strtol(v, &end, 10);
  if (errno || end == v || *end || t < 1 || t > max) {
    char *e = sk_escape_text(v);
    sk_msg_error("%s takes whole seconds from 1 to %ld, not '%s'", opt, max,
                 e ? e : "?");
    free(e);
    return -1;
  }
  *out = t;
  return 0;
}

/* One option; -1 on a bad value. */
static int sk_main_option(sk_dbcmd_t *c, int opt, char *v, const char **db,
                          int *format_set)
{
  switch (opt) {
  case SK_OPT_DB:
    if (!*v) {
      sk_msg_error("--db takes the path of a database, not ''");
      return -1;
    }
    *db = v;
    return 0;
  case SK_OPT_MACHINE: c->machine = v; return 0;
  case SK_OPT_TAG: return sk_main_tag(c, v);
  case SK_OPT_LIBRARY: return sk_sel_add_kv(&c->filter, "library", v);
  case SK_OPT_NP: return sk_sel_add_kv(&c->filter, "np", v);
  case SK_OPT_SINCE: return sk_sel_add_kv(&c->filter, "since", v);
  case SK_OPT_SUITE:
    return sk_main_push(&c->suites, &c->nsuites, &c->capsuites, v);
  case SK_OPT_FORMAT: *format_set = 1; return sk_main_format(v, &c->format);
  case 'o': c->output = v; return 0;
  case SK_OPT_BASELINE: c->baseline = v; return 0;
  case SK_OPT_CANDIDATE: c->candidate = v; return 0;
  case SK_OPT_FDR: return sk_main_fraction("--fdr", v, &c->q);
  case SK_OPT_EFFECT: return sk_main_fraction("--min-effect", v,
                                              &c->min_effect);
  case SK_OPT_ARGUMENT: return sk_main_number("--argument", v,
                                              &c->argument);
  case SK_OPT_FROM: return sk_main_number("--from", v, &c->xmin);
  case SK_OPT_TO: return sk_main_number("--to", v, &c->xmax);
  case SK_OPT_ALPHA: return sk_main_fraction("--alpha", v, &c->ediv.alpha);
  case SK_OPT_PERMUTATIONS: return sk_main_count(v, &c->ediv.permutations);
  case SK_OPT_LISTEN: c->listen = v; return 0;
  case SK_OPT_UPLOAD: c->allow_upload = 1; return 0;
  case SK_OPT_PUBLIC:
    if (c->npublic == SK_WEB_PUBLIC_MAX) {
      sk_msg_error("--public-url is taken at most %d times",
                   SK_WEB_PUBLIC_MAX);
      return -1;
    }
    return sk_main_push(&c->public_urls, &c->npublic, &c->cappublic, v);
  case SK_OPT_DRAW: return sk_main_seconds("--draw-seconds", v, 600,
                                          &c->draw_seconds);
  case 'q': c->quiet = 1; return 0;
  case SK_OPT_FORCE: c->force = 1; return 0;
  case SK_OPT_URL: c->url = v; return 0;
  case SK_OPT_TOKEN: c->token = v; return 0;
  case SK_OPT_TIMEOUT: return sk_main_seconds("--timeout", v, 86400,
                                             &c->timeout);
  default: return -1;
  }
}

typedef int (*sk_main_fn)(sk_store_t *, const sk_dbcmd_t *);

/* serve opens the database itself (read-only, one connection a thread);
 * this stands for it in the table. */
static int sk_main_serve(sk_store_t *st, const sk_dbcmd_t *c)
{
  (void)st;
  (void)c;
  return SK_DB_USAGE;
}

static const struct { const char *name; sk_main_fn fn; } sk_main_cmds[] = {
  {"import", sk_dbcmd_import}, {"list", sk_dbcmd_list},
  {"show", sk_dbcmd_show}, {"export", sk_dbcmd_export},
  {"rm", sk_dbcmd_rm}, {"suites", sk_dbcmd_suites},
  {"query", sk_dbcmd_query}, {"compare", sk_dbcmd_compare},
  {"plot", sk_dbcmd_plot}, {"history", sk_dbcmd_history},
  {"serve", sk_main_serve},
  {"token", sk_dbcmd_token}, {"push", sk_dbcmd_push},
  {"publish", sk_dbcmd_publish}
};

static sk_main_fn sk_main_command(const char *name)
{
  size_t i;
  for (i = 0; i < sizeof sk_main_cmds / sizeof *sk_main_cmds; i++)
    if (strcmp(name, sk_main_cmds[i].name) == 0)
      return sk_main_cmds[i].fn;
  return NULL;
}

/* list's --machine and --tag are filters; import's are labels. */
static int sk_main_filters(sk_dbcmd_t *c)
{
  size_t i;
  if (c->machine && sk_sel_add_kv(&c->filter, "machine", c->machine) < 0)
    return -1;
  for (i = 0; i < c->ntags; i++)
    if (sk_sel_add_kv(&c->filter, "tag", c->tags[i]) < 0)
      return -1;
  return 0;
}

/* How the command opens the database: import and token add may make
 * it, rm and token revoke write it, every other command only reads. */
static sk_store_mode_t sk_main_mode(sk_main_fn fn, const sk_dbcmd_t *c)
{
  const char *sub = c->nargs ? c->args[0] : "";
  if (fn == sk_dbcmd_import || (fn == sk_dbcmd_token &&
                                strcmp(sub, "add") == 0))
    return SK_STORE_CREATE;
  if (fn == sk_dbcmd_rm || (fn == sk_dbcmd_token &&
                            strcmp(sub, "revoke") == 0))
    return SK_STORE_WRITE;
  return SK_STORE_READ;
}

static int sk_main_run(const char *db, sk_main_fn fn, sk_dbcmd_t *c)
{
  sk_store_t *st;
  int rc;
  if (fn == sk_dbcmd_list && sk_main_filters(c) < 0)
    return SK_DB_USAGE;
  if (fn == sk_dbcmd_import && c->nargs == 0) {
    sk_msg_error("import needs files or directories");
    return SK_DB_USAGE;
  }
  if (fn == sk_main_serve) {
    sk_web_opts_t o = {db, c->listen, c->allow_upload, c->public_urls,
                       c->npublic, (unsigned)c->draw_seconds};
    if (c->nargs) {
      sk_msg_error("serve takes no arguments (see skampi-db --help)");
      return SK_DB_USAGE;
    }
    return sk_web_serve(&o);
  }
  if (fn == sk_dbcmd_token && sk_dbcmd_token_args(c) < 0)
    return SK_DB_USAGE;
  if (fn == sk_dbcmd_push)     /* a client: no database */
    return fn(NULL, c);
  sk_store_threads_init();   /* one thread, one connection: no mutexes */
  if (!(st = sk_store_open(db, sk_main_mode(fn, c))))
    return SK_DB_STORE;
  if (sk_store_created(st)) {
    char *e = sk_escape_text(db);
    sk_msg_note("created the database %s", e ? e : "?");
    free(e);
  }
  rc = fn(st, c);
  sk_store_close(st);
  return rc;
}

int main(int argc, char **argv)
{
  sk_dbcmd_t c;
  const char *db = getenv("SKAMPI_DB");
  int opt, format_set = 0, rc;
  sk_main_fn fn;
  sk_msg_set_program("skampi-db");
  /* past a file size limit (ulimit -f) a write fails with EFBIG, which
   * SQLite reports and the transaction rolls back, instead of the
   * signal killing the process in the middle of it */
  signal(SIGXFSZ, SIG_IGN);
  memset(&c, 0, sizeof c);
  c.format = SK_DB_TABLE;
  c.q = 0.05;
  c.min_effect = 0.05;
  c.xmin = c.xmax = c.argument = NAN;
  sk_ediv_defaults(&c.ediv);
  c.timeout = 120;
  opterr = 0;
  while ((opt = getopt_long(argc, argv, ":o:qhV", sk_main_options,
                            NULL)) != -1) {
    if (opt == 'h') {
      sk_main_help();
      return SK_DB_OK;
    }
    if (opt == 'V') {
      puts("skampi-db " PACKAGE_VERSION);
      return SK_DB_OK;
    }
    if (opt == '?' || opt == ':')
      sk_main_bad(argv, opt == ':' ? "missing argument to option"
                                   : "unknown option");
    if (opt == '?' || opt == ':' ||
        sk_main_option(&c, opt, optarg, &db, &format_set) < 0) {
      rc = SK_DB_USAGE;
      goto out;
    }
  }
  if (optind >= argc) {
    sk_msg_error("no command (see skampi-db --help)");
    rc = SK_DB_USAGE;
    goto out;
  }
  if (!(fn = sk_main_command(argv[optind]))) {
    char *e = sk_escape_text(argv[optind]);
    sk_msg_error("unknown command '%s' (see skampi-db --help)", e ? e : "?");
    free(e);
    rc = SK_DB_USAGE;
    goto out;
  }
  if (fn == sk_dbcmd_query && !format_set)
    c.format = SK_DB_CSV;
  c.ediv.min_effect = c.min_effect;
  c.args = argv + optind + 1;
  c.nargs = (size_t)(argc - optind - 1);
  rc = sk_main_run(db && *db ? db : "skampi.db", fn, &c);
out:
  free(c.tags);
  free(c.suites);
  free(c.public_urls);
  sk_sel_free(&c.filter);
  return rc;
}
