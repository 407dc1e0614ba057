/*
 * main.c -- skampi: parse the command line and hand over to the modules.
 */
#include <stdio.h>

#include "cli.h"
#include "launch.h"

int main(int argc, char **argv)
{
  sk_cli_t cli;
  int rc = sk_cli_parse(argc, argv, &cli);
  if (rc != 0)
    return rc;
  switch (cli.mode) {
  case SK_CLI_HELP:
    sk_cli_help(stdout);
    return 0;
  case SK_CLI_VERSION:
    sk_cli_version(stdout);
    return 0;
  case SK_CLI_LIST:
    sk_cli_list(stdout);
    return 0;
  case SK_CLI_CHECK:
    return sk_cli_check(&cli);
  case SK_CLI_RUN:
    break;
  }
  return sk_launch(&cli);
}
