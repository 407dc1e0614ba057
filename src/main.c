/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * main.c -- skampi: parse the command line and hand over to the modules.
 */
#include <config.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "launch.h"
#include "msg.h"
#include "run.h"
#include "suitepath.h"

/* Check or run the suite file cli names, found by sk_suitepath_find(). */
static int sk_main_suite(sk_cli_t *cli)
{
  char *path = sk_suitepath_find(cli->file);
  int rc;
  if (path == NULL) {
    sk_msg_error("out of memory");
    return SK_EXIT_INPUT;
  }
  if (strcmp(path, cli->file) != 0)
    cli->by_name = 0;
  cli->file = path;
  rc = cli->mode == SK_CLI_CHECK ? sk_cli_check(cli) : sk_launch(cli);
  free(path);
  return rc;
}

int main(int argc, char **argv)
{
  sk_cli_t cli;
  int rc;
  sk_msg_set_program("skampi");
  rc = sk_cli_parse(argc, argv, &cli);
  if (rc != 0)
    return rc;
  switch (cli.mode) {
  case SK_CLI_HELP:
    sk_cli_help(stdout);
    return 0;
  case SK_CLI_VERSION:
    sk_launch_version(stdout);
    return 0;
  case SK_CLI_LIST:
    sk_cli_list(stdout);
    return 0;
  case SK_CLI_CHECK:
  case SK_CLI_RUN:
    break;
  }
  return sk_main_suite(&cli);
}
