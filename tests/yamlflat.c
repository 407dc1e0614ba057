/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * yamlflat.c -- prints every scalar of a YAML file as PATH=VALUE, one a
 * line, so that shell tests can check a result file with grep and awk.
 *
 *   yamlflat FILE
 *
 * PATH joins mapping keys and sequence indices with dots:
 * suites.0.points.3.mean=1.2e-06.  Newlines in values print as \n.
 * Exit status: 0, or 1 (with a message) when FILE is not valid YAML.
 */
#include <config.h>

#include <stdio.h>
#include <string.h>
#include <yaml.h>

enum { DEPTH = 64, PATHLEN = 4096 };

typedef struct frame {
  int is_seq;
  long index;          /* next sequence index */
  int want_key;        /* mapping: the next scalar is a key */
  size_t len;          /* path length when this node began */
} frame_t;

static char path[PATHLEN];
static size_t plen;

static void push_component(const char *s)
{
  size_t n = strlen(s);
  if (plen + n + 2 >= PATHLEN)
    return;
  if (plen > 0)
    path[plen++] = '.';
  memcpy(path + plen, s, n + 1);
  plen += n;
}

static void print_value(const char *v, size_t n)
{
  size_t i;
  fputs(path, stdout);
  putchar('=');
  for (i = 0; i < n; i++) {
    if (v[i] == '\n')
      fputs("\\n", stdout);
    else
      putchar(v[i]);
  }
  putchar('\n');
}

/* Before a node in the current container: names its path component. */
static void enter_node(frame_t *top)
{
  char idx[32];
  if (top == NULL || !top->is_seq)
    return;              /* a mapping value: its key is already pushed */
  top->len = plen;
  snprintf(idx, sizeof idx, "%ld", top->index++);
  push_component(idx);
}

static void leave_node(frame_t *top)
{
  if (top == NULL)
    return;
  plen = top->len;
  path[plen] = '\0';
  if (!top->is_seq)
    top->want_key = 1;
}

int main(int argc, char **argv)
{
  frame_t stack[DEPTH];
  int depth = 0, done = 0, rc = 0;
  yaml_parser_t parser;
  yaml_event_t ev;
  FILE *fp;
  if (argc != 2 || (fp = fopen(argv[1], "rb")) == NULL) {
    fprintf(stderr, "usage: yamlflat FILE (readable)\n");
    return 2;
  }
  yaml_parser_initialize(&parser);
  yaml_parser_set_input_file(&parser, fp);
  while (!done) {
    frame_t *top = depth > 0 ? &stack[depth - 1] : NULL;
    if (!yaml_parser_parse(&parser, &ev)) {
      fprintf(stderr, "yamlflat: %s: %s at line %zu\n", argv[1],
              parser.problem ? parser.problem : "error",
              parser.problem_mark.line + 1);
      rc = 1;
      break;
    }
    switch (ev.type) {
    case YAML_SCALAR_EVENT:
      if (top != NULL && !top->is_seq && top->want_key) {
        top->len = plen;
        push_component((const char *)ev.data.scalar.value);
        top->want_key = 0;
      } else {
        enter_node(top);
        print_value((const char *)ev.data.scalar.value, ev.data.scalar.length);
        leave_node(top);
      }
      break;
    case YAML_SEQUENCE_START_EVENT:
    case YAML_MAPPING_START_EVENT:
      enter_node(top);
      if (depth == DEPTH) {
        fprintf(stderr, "yamlflat: nested too deeply\n");
        rc = 1;
        done = 1;
        break;
      }
      stack[depth].is_seq = ev.type == YAML_SEQUENCE_START_EVENT;
      stack[depth].index = 0;
      stack[depth].want_key = 1;
      stack[depth].len = plen;
      depth++;
      break;
    case YAML_SEQUENCE_END_EVENT:
    case YAML_MAPPING_END_EVENT:
      depth--;
      leave_node(depth > 0 ? &stack[depth - 1] : NULL);
      break;
    case YAML_STREAM_END_EVENT:
      done = 1;
      break;
    default:
      break;
    }
    yaml_event_delete(&ev);
  }
  yaml_parser_delete(&parser);
  fclose(fp);
  return rc;
}
