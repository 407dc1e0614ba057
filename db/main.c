/* SPDX-License-Identifier: BSD-3-Clause */
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
#include "licence.h"
#include "msg.h"
#include "suggest.h"
#include "upload.h"
#include "web.h"

enum {
  SK_OPT_DB = 256, SK_OPT_MACHINE, SK_OPT_TAG, SK_OPT_LIBRARY, SK_OPT_NP,
  SK_OPT_SINCE, SK_OPT_SUITE, SK_OPT_FORMAT, SK_OPT_BASELINE,
  SK_OPT_CANDIDATE, SK_OPT_FDR, SK_OPT_EFFECT, SK_OPT_ARGUMENT,
  SK_OPT_FROM, SK_OPT_TO, SK_OPT_ALPHA, SK_OPT_PERMUTATIONS, SK_OPT_LISTEN,
  SK_OPT_URL, SK_OPT_TOKEN, SK_OPT_TIMEOUT, SK_OPT_UPLOAD, SK_OPT_FORCE,
  SK_OPT_MATCH, SK_OPT_LINEAR, SK_OPT_PUBLIC, SK_OPT_DRAW
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
  {"match", required_argument, NULL, SK_OPT_MATCH},
  {"fdr", required_argument, NULL, SK_OPT_FDR},
  {"min-effect", required_argument, NULL, SK_OPT_EFFECT},
  {"argument", required_argument, NULL, SK_OPT_ARGUMENT},
  {"from", required_argument, NULL, SK_OPT_FROM},
  {"to", required_argument, NULL, SK_OPT_TO},
  {"linear-x", no_argument, NULL, SK_OPT_LINEAR},
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

/* The commands, one bit each: which options a command takes. */
enum {
  SK_C_IMPORT = 1 << 0, SK_C_LIST = 1 << 1, SK_C_SHOW = 1 << 2,
  SK_C_EXPORT = 1 << 3, SK_C_RM = 1 << 4, SK_C_SUITES = 1 << 5,
  SK_C_QUERY = 1 << 6, SK_C_COMPARE = 1 << 7, SK_C_PLOT = 1 << 8,
  SK_C_HISTORY = 1 << 9, SK_C_SERVE = 1 << 10, SK_C_TOKEN = 1 << 11,
  SK_C_PUSH = 1 << 12, SK_C_PUBLISH = 1 << 13, SK_C_ALL = (1 << 14) - 1
};

/* The formats, one bit each: which a command writes (--format). */
enum {
  SK_F_TABLE = 1 << SK_DB_TABLE, SK_F_CSV = 1 << SK_DB_CSV,
  SK_F_YAML = 1 << SK_DB_YAML, SK_F_JSON = 1 << SK_DB_JSON,
  SK_F_JUNIT = 1 << SK_DB_JUNIT
};

static const char *const sk_main_format_names[] = {
  "table", "csv", "yaml", "json", "junit"
};

/* The commands that take each option (by the option's value). */
static int sk_main_takes(int opt)
{
  switch (opt) {
  case SK_OPT_DB: case 'q': return SK_C_ALL;
  case SK_OPT_TAG: return SK_C_IMPORT | SK_C_LIST | SK_C_PUSH;
  case SK_OPT_MACHINE: case SK_OPT_LIBRARY:
  case SK_OPT_NP: return SK_C_IMPORT | SK_C_LIST;
  case SK_OPT_SINCE: return SK_C_LIST;
  case SK_OPT_SUITE: return SK_C_QUERY | SK_C_PLOT | SK_C_HISTORY;
  case SK_OPT_FORMAT: return SK_C_LIST | SK_C_SHOW | SK_C_SUITES |
                             SK_C_QUERY | SK_C_COMPARE | SK_C_HISTORY |
                             SK_C_TOKEN;
  case 'o': return SK_C_EXPORT | SK_C_PLOT | SK_C_HISTORY;
  case SK_OPT_BASELINE: case SK_OPT_CANDIDATE:
  case SK_OPT_FDR: return SK_C_COMPARE | SK_C_PUBLISH;
  case SK_OPT_MATCH: return SK_C_COMPARE;
  case SK_OPT_EFFECT: return SK_C_COMPARE | SK_C_HISTORY | SK_C_PUBLISH;
  case SK_OPT_ARGUMENT: case SK_OPT_ALPHA:
  case SK_OPT_PERMUTATIONS: return SK_C_HISTORY;
  case SK_OPT_FROM: return SK_C_PLOT | SK_C_IMPORT;
  case SK_OPT_TO: case SK_OPT_LINEAR: return SK_C_PLOT;
  case SK_OPT_LISTEN: case SK_OPT_UPLOAD: case SK_OPT_PUBLIC:
  case SK_OPT_DRAW: return SK_C_SERVE;
  case SK_OPT_URL: case SK_OPT_TOKEN: case SK_OPT_TIMEOUT: return SK_C_PUSH;
  case SK_OPT_FORCE: return SK_C_PUBLISH;
  default: return 0;
  }
}

static void sk_main_help(void)
{
  puts("Usage: skampi-db [--db PATH] COMMAND [ARGUMENTS] [OPTIONS]\n"
       "Keep skampi result files in one SQLite database; choose runs,\n"
       "query their points and compare them.\n\n"
       "Commands:\n"
       "  import FILE|DIR...        result files, merged files, skampi-run\n"
       "                            directories (each file all or nothing)\n"
       "  import --from osu|imb --machine NAME --library NAME FILE...\n"
       "                            outputs of OSU 7.x or IMB 2021 as runs\n"
       "  list [SELECTION]          the runs (and the filters below)\n"
       "  show SELECTION            each run: its factors and suites\n"
       "  export RUN -o FILE        the original file, byte for byte\n"
       "  rm SELECTION              delete runs with their points\n"
       "  suites [SELECTION]        the suites of the selected runs\n"
       "  query [SELECTION] --suite NAME\n"
       "                            the points, one series per run\n"
       "  compare --baseline SELECTION --candidate SELECTION\n"
       "                            what changed, with a statistical verdict\n"
       "  plot [SELECTION] --suite NAME... -o FILE.pdf|FILE.svg\n"
       "                            one plot of all selected series\n"
       "  history [SELECTION] --suite NAME --argument A [-o FILE.pdf|.svg]\n"
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
       "  publish DIR [SELECTION] [--baseline SEL --candidate SEL]\n"
       "                            the three steps, the history and a\n"
       "                            comparison as a static site in DIR (HTML,\n"
       "                            JSON, CSV and SVG) for any web server or\n"
       "                            file://\n\n"
       "SELECTION: words such as 12 3-7 machine=GLOB library=GLOB np=N\n"
       "tag=KEY=VALUE kind=run|merged campaign=N since=DATE until=DATE\n"
       "latest latest=N all.  OR: the words of one key (12 14: run 12 or\n"
       "14; tag=lib=a tag=lib=b: either value of the tag lib).  AND: words\n"
       "of different keys, and tags of different names (tag=lib=a\n"
       "tag=os=b: both tags).  None: every run (doc/database.md).\n\n"
       "      --db PATH           the database (default: $SKAMPI_DB, else\n"
       "                          skampi.db); keep it on a local file system\n"
       "      --machine NAME      import: name the machine instead of the\n"
       "                          identity rule; list: only this machine\n"
       "      --tag KEY=VALUE     import, push: label the runs; list: only\n"
       "                          runs with this tag (repeatable: as\n"
       "                          tag= words, tags of two KEYs both)\n"
       "      --library NAME      import --from: the MPI library; list: only\n"
       "                          this MPI library (a GLOB)\n"
       "      --np N              import --from: the processes of a\n"
       "                          collective; list: only runs of N processes\n"
       "      --since DATE        list: only runs started at or after DATE\n"
       "      --suite NAME        query, plot: the suite (repeatable);\n"
       "                          history: the suite\n"
       "      --format FORMAT     list, show, suites, token list: table\n"
       "                          (default) or json; query: csv (default),\n"
       "                          yaml or json; compare: table, csv, yaml,\n"
       "                          json or junit; history: table, csv, yaml\n"
       "                          or json\n"
       "  -o, --output FILE       export: the file to write; plot,\n"
       "                          history: the picture (.pdf or .svg)\n"
       "      --from X, --to X    plot: only arguments from X / up to X\n"
       "      --from osu|imb      import: the files are OSU or IMB outputs\n"
       "      --linear-x          plot: a linear x axis (default: log)\n"
       "      --argument A        history: the point's argument\n"
       "      --alpha P           history: p-value a change point needs\n"
       "                          (0.001)\n"
       "      --permutations N    history: of the permutation test (1999)\n"
       "      --baseline SEL      compare, publish: the runs before (one\n"
       "                          argument, words separated by blanks; no\n"
       "                          run in common with --candidate)\n"
       "      --candidate SEL     compare, publish: the runs after\n"
       "      --match A=B         compare: suite A of the baseline against\n"
       "                          suite B of the candidate (repeatable)\n"
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
       "  -q, --quiet             no line per file, run or suite, no notes\n"
       "  -h, --help              show this help and exit\n"
       "  -V, --version           show the version and the licence, and exit\n\n"
       "Exit status: 0 success, 1 a file not imported or a run not found,\n"
       "2 bad command line, 3 database error, 5 compare found a regression,\n"
       "6 compare is inconclusive (the runs cannot show a change at one\n"
       "point; it names the runs per side that could).\n"
       "See skampi-db(1) and doc/database.md.");
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

typedef struct sk_main_cmd {
  const char *name;
  sk_main_fn fn;
  int bit;                /* SK_C_* */
  int formats;            /* SK_F_*: what --format may ask */
  sk_db_format_t def;     /* without --format */
} sk_main_cmd_t;

static const sk_main_cmd_t sk_main_cmds[] = {
  {"import", sk_dbcmd_import, SK_C_IMPORT, 0, SK_DB_TABLE},
  {"list", sk_dbcmd_list, SK_C_LIST, SK_F_TABLE | SK_F_JSON, SK_DB_TABLE},
  {"show", sk_dbcmd_show, SK_C_SHOW, SK_F_TABLE | SK_F_JSON, SK_DB_TABLE},
  {"export", sk_dbcmd_export, SK_C_EXPORT, 0, SK_DB_TABLE},
  {"rm", sk_dbcmd_rm, SK_C_RM, 0, SK_DB_TABLE},
  {"suites", sk_dbcmd_suites, SK_C_SUITES, SK_F_TABLE | SK_F_JSON,
   SK_DB_TABLE},
  {"query", sk_dbcmd_query, SK_C_QUERY, SK_F_CSV | SK_F_YAML | SK_F_JSON,
   SK_DB_CSV},
  {"compare", sk_dbcmd_compare, SK_C_COMPARE, SK_F_TABLE | SK_F_CSV |
   SK_F_YAML | SK_F_JSON | SK_F_JUNIT, SK_DB_TABLE},
  {"plot", sk_dbcmd_plot, SK_C_PLOT, 0, SK_DB_TABLE},
  {"history", sk_dbcmd_history, SK_C_HISTORY, SK_F_TABLE | SK_F_CSV |
   SK_F_YAML | SK_F_JSON, SK_DB_TABLE},
  {"serve", sk_main_serve, SK_C_SERVE, 0, SK_DB_TABLE},
  {"token", sk_dbcmd_token, SK_C_TOKEN, SK_F_TABLE | SK_F_JSON, SK_DB_TABLE},
  {"push", sk_dbcmd_push, SK_C_PUSH, 0, SK_DB_TABLE},
  {"publish", sk_dbcmd_publish, SK_C_PUBLISH, 0, SK_DB_TABLE}
};
#define SK_MAIN_NCMDS (sizeof sk_main_cmds / sizeof *sk_main_cmds)

/* TEXT escaped into a message after PREFIX, with "did you mean" when
 * one of the NAMES (NULL-ended, or the options' names with "--" when
 * NAMES is NULL) is close. */
static void sk_main_unknown(const char *what, const char *text,
                            const char *const *names)
{
  sk_suggest_t s;
  char *e = sk_escape_text(text);
  const char *best;
  size_t i;
  char opt[64][32];
  sk_suggest_init(&s, text);
  if (names)
    for (; *names; names++)
      sk_suggest_add(&s, *names);
  else
    for (i = 0; sk_main_options[i].name && i < sizeof opt / sizeof *opt;
         i++) {
      snprintf(opt[i], sizeof opt[i], "--%s", sk_main_options[i].name);
      sk_suggest_add(&s, opt[i]);
    }
  best = sk_suggest_best(&s);
  if (best)
    sk_msg_error("%s '%s' (did you mean '%s'? see skampi-db --help)", what,
                 e ? e : "?", best);
  else
    sk_msg_error("%s '%s' (see skampi-db --help)", what, e ? e : "?");
  free(e);
}

/* An option that getopt refused, named as the user wrote it. */
static void sk_main_bad(char **argv, int missing)
{
  char name[128];
  const char *arg = argv[optind - 1];
  if (optopt > 0 && optopt < 256 && strncmp(arg, "--", 2) != 0)
    snprintf(name, sizeof name, "-%c", (char)optopt);
  else {
    snprintf(name, sizeof name, "%s", arg);
    name[strcspn(name, "=")] = '\0';
  }
  if (missing) {
    char *e = sk_escape_text(name);
    sk_msg_error("missing argument to option '%s' (see skampi-db --help)",
                 e ? e : "?");
    free(e);
  } else
    sk_main_unknown("unknown option", name, NULL);
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
  size_t i;
  for (i = 0; i < sizeof sk_main_format_names / sizeof
       *sk_main_format_names; i++)
    if (strcmp(v, sk_main_format_names[i]) == 0) {
      *out = (sk_db_format_t)i;
      return 0;
    }
  {
    static const char *const names[] = {"table", "csv", "yaml", "json",
                                        "junit", NULL};
    sk_main_unknown("--format takes table, csv, yaml, json or junit, not",
                    v, names);
  }
  return -1;
}

/* --tag: checked as an upload's tags are (db/ingest/upload.h), so that
 * import takes exactly what a server would take. */
static int sk_main_tag(sk_dbcmd_t *c, char *v)
{
  const char *eq = strchr(v, '='), *why = sk_upload_tag_check(v);
  char q[160];
  if (!eq || eq == v) {
    char *e = sk_escape_text(v);
    sk_msg_error("--tag takes KEY=VALUE, not '%s'", e ? e : "?");
    free(e);
    return -1;
  }
  if (why) {
    /* cut: a tag refused for its length may be long */
    if (sk_escape_buf(v, q, sizeof q) >= sizeof q)
      strcpy(q + sizeof q - 5, "...");
    sk_msg_error("--tag '%s': %s", q, why);
    return -1;
  }
  if (c->ntags >= SK_UPLOAD_TAGS) {
    sk_msg_error("at most %d --tag options label a run", SK_UPLOAD_TAGS);
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

/* --match A=B: suite A of the baseline against suite B of the candidate. */
static int sk_main_match(sk_dbcmd_t *c, char *v)
{
  const char *eq = strchr(v, '=');
  if (!eq || eq == v || !eq[1] || strchr(eq + 1, '=')) {
    char *e = sk_escape_text(v);
    sk_msg_error("--match takes BASELINE_SUITE=CANDIDATE_SUITE, not '%s'",
                 e ? e : "?");
    free(e);
    return -1;
  }
  return sk_main_push(&c->matches, &c->nmatches, &c->capmatches, v);
}

/* The raw values of the options whose meaning depends on the command
 * (--from is a number to plot, a format to import; --library and --np
 * label an import and filter a list). */
typedef struct sk_main_raw {
  const char *db, *from, *to, *library, *np, *since;
  int format_set;
  int seen[64];           /* options given, by value - SK_OPT_DB */
  int short_seen[128];
} sk_main_raw_t;

/* One option; -1 on a bad value. */
static int sk_main_option(sk_dbcmd_t *c, int opt, char *v, sk_main_raw_t *w)
{
  if (opt >= SK_OPT_DB && opt - SK_OPT_DB < 64)
    w->seen[opt - SK_OPT_DB] = 1;
  else if (opt > 0 && opt < 128)
    w->short_seen[opt] = 1;
  switch (opt) {
  case SK_OPT_DB:
    if (!*v) {
      sk_msg_error("--db takes the path of a database, not ''");
      return -1;
    }
    w->db = v;
    return 0;
  case SK_OPT_MACHINE: c->machine = v; return 0;
  case SK_OPT_TAG: return sk_main_tag(c, v);
  case SK_OPT_LIBRARY: w->library = v; return 0;
  case SK_OPT_NP: w->np = v; return 0;
  case SK_OPT_SINCE: w->since = v; return 0;
  case SK_OPT_SUITE:
    return sk_main_push(&c->suites, &c->nsuites, &c->capsuites, v);
  case SK_OPT_FORMAT: w->format_set = 1; return sk_main_format(v, &c->format);
  case 'o': c->output = v; return 0;
  case SK_OPT_BASELINE: c->baseline = v; return 0;
  case SK_OPT_CANDIDATE: c->candidate = v; return 0;
  case SK_OPT_MATCH: return sk_main_match(c, v);
  case SK_OPT_FDR: return sk_main_fraction("--fdr", v, &c->q);
  case SK_OPT_EFFECT: return sk_main_fraction("--min-effect", v,
                                              &c->min_effect);
  case SK_OPT_ARGUMENT: return sk_main_number("--argument", v,
                                              &c->argument);
  case SK_OPT_FROM: w->from = v; return 0;
  case SK_OPT_TO: w->to = v; return 0;
  case SK_OPT_LINEAR: c->linear_x = 1; return 0;
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

static const sk_main_cmd_t *sk_main_command(const char *name)
{
  static const char *names[SK_MAIN_NCMDS + 1];
  size_t i;
  for (i = 0; i < SK_MAIN_NCMDS; i++) {
    if (strcmp(name, sk_main_cmds[i].name) == 0)
      return &sk_main_cmds[i];
    names[i] = sk_main_cmds[i].name;
  }
  names[i] = NULL;
  sk_main_unknown("unknown command", name, names);
  return NULL;
}

/* Every option given applies to the command: -1 (message given) when one
 * does not, or when the command does not write --format's format. */
static int sk_main_applies(const sk_main_cmd_t *cmd, const sk_main_raw_t *w,
                           const sk_dbcmd_t *c)
{
  size_t i;
  for (i = 0; sk_main_options[i].name; i++) {
    int v = sk_main_options[i].val;
    int seen = v >= SK_OPT_DB ? w->seen[v - SK_OPT_DB]
                              : v > 0 && v < 128 && w->short_seen[v];
    if (seen && v != 'h' && v != 'V' && !(sk_main_takes(v) & cmd->bit)) {
      sk_msg_error("option '--%s' does not apply to %s (see skampi-db "
                   "--help)", sk_main_options[i].name, cmd->name);
      return -1;
    }
  }
  if (w->format_set && !(cmd->formats & (1 << c->format))) {
    char list[128] = "";
    int f, k = 0, n = 0;
    for (f = 0; f <= SK_DB_JUNIT; f++)
      n += (cmd->formats >> f) & 1;
    for (f = 0; f <= SK_DB_JUNIT; f++)
      if (cmd->formats & (1 << f)) {
        k++;
        snprintf(list + strlen(list), sizeof list - strlen(list), "%s%s",
                 k == 1 ? "" : k == n ? " or " : ", ",
                 sk_main_format_names[f]);
      }
    sk_msg_error("%s writes --format %s, not %s", cmd->name, list,
                 sk_main_format_names[c->format]);
    return -1;
  }
  return 0;
}

/* The options whose meaning depends on the command. */
static int sk_main_late(const sk_main_cmd_t *cmd, const sk_main_raw_t *w,
                        sk_dbcmd_t *c)
{
  size_t i;
  if (!w->format_set)
    c->format = cmd->def;
  if (cmd->bit == SK_C_PLOT &&
      ((w->from && sk_main_number("--from", w->from, &c->xmin) < 0) ||
       (w->to && sk_main_number("--to", w->to, &c->xmax) < 0)))
    return -1;
  if (cmd->bit == SK_C_IMPORT) {
    c->peer = w->from;
    c->library = w->library;
    c->np = w->np;
    return 0;
  }
  if (cmd->bit != SK_C_LIST)
    return 0;
  /* list's --machine, --library, --np, --since and --tag are filters */
  if ((c->machine && sk_sel_add_kv(&c->filter, "machine", c->machine) < 0) ||
      (w->library && sk_sel_add_kv(&c->filter, "library", w->library) < 0) ||
      (w->np && sk_sel_add_kv(&c->filter, "np", w->np) < 0) ||
      (w->since && sk_sel_add_kv(&c->filter, "since", w->since) < 0))
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

static int sk_main_run(const char *db, const sk_main_cmd_t *cmd,
                       sk_dbcmd_t *c)
{
  sk_store_t *st;
  int rc;
  if (cmd->fn == sk_dbcmd_import && c->nargs == 0) {
    sk_msg_error("import needs files or directories");
    return SK_DB_USAGE;
  }
  if (cmd->fn == sk_dbcmd_import && sk_dbcmd_import_args(c) < 0)
    return SK_DB_USAGE;
  if (cmd->fn == sk_main_serve) {
    sk_web_opts_t o = {db, c->listen, c->allow_upload, c->public_urls,
                       c->npublic, (unsigned)c->draw_seconds};
    if (c->nargs) {
      sk_msg_error("serve takes no arguments (see skampi-db --help)");
      return SK_DB_USAGE;
    }
    return sk_web_serve(&o);
  }
  if (cmd->fn == sk_dbcmd_token && sk_dbcmd_token_args(c) < 0)
    return SK_DB_USAGE;
  if (cmd->fn == sk_dbcmd_push)     /* a client: no database */
    return cmd->fn(NULL, c);
  sk_store_threads_init();   /* one thread, one connection: no mutexes */
  if (!(st = sk_store_open(db, sk_main_mode(cmd->fn, c))))
    return SK_DB_STORE;
  if (sk_store_created(st)) {
    char *e = sk_escape_text(db);
    sk_msg_note("created the database %s", e ? e : "?");
    free(e);
  }
  rc = cmd->fn(st, c);
  sk_store_close(st);
  return rc;
}

int main(int argc, char **argv)
{
  sk_dbcmd_t c;
  sk_main_raw_t w;
  const sk_main_cmd_t *cmd;
  int opt, rc;
  sk_msg_set_program("skampi-db");
  /* past a file size limit (ulimit -f) a write fails with EFBIG, which
   * SQLite reports and the transaction rolls back, instead of the
   * signal killing the process in the middle of it */
  signal(SIGXFSZ, SIG_IGN);
  memset(&c, 0, sizeof c);
  memset(&w, 0, sizeof w);
  w.db = getenv("SKAMPI_DB");
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
      fputs("skampi-db " PACKAGE_VERSION "\n" SK_LICENCE_TEXT, stdout);
      return SK_DB_OK;
    }
    if (opt == '?' || opt == ':')
      sk_main_bad(argv, opt == ':');
    if (opt == '?' || opt == ':' || sk_main_option(&c, opt, optarg, &w) < 0) {
      rc = SK_DB_USAGE;
      goto out;
    }
  }
  if (optind >= argc) {
    sk_msg_error("no command (see skampi-db --help)");
    rc = SK_DB_USAGE;
    goto out;
  }
  if (!(cmd = sk_main_command(argv[optind])) ||
      sk_main_applies(cmd, &w, &c) < 0 || sk_main_late(cmd, &w, &c) < 0) {
    rc = SK_DB_USAGE;
    goto out;
  }
  c.ediv.min_effect = c.min_effect;
  c.args = argv + optind + 1;
  c.nargs = (size_t)(argc - optind - 1);
  rc = sk_main_run(w.db && *w.db ? w.db : "skampi.db", cmd, &c);
out:
  free(c.tags);
  free(c.suites);
  free(c.matches);
  free(c.public_urls);
  sk_sel_free(&c.filter);
  return rc;
}
