/*
 * main.c -- skampi: parse the command line and hand over to the modules.
 */
#include <config.h>

#include <stdio.h>
#include <string.h>

#include "instance.h"

int main(int argc, char **argv)
{
  size_t n, i;
  const sk_instance_t *t = sk_instance_table(&n);
  if (argc > 1 && strcmp(argv[1], "--version") == 0) {
    printf("skampi %s\n", PACKAGE_VERSION);
    return 0;
  }
  for (i = 0; i < n; i++)
    printf("%3d  %-28s %s\n", t[i].number, t[i].name,
           sk_pattern_name(t[i].pattern));
  return 0;
}
