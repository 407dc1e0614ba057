/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * suitepath.h -- where a suite named on the command line is: a path, or
 * the name of a shipped suite ("default").  doc/install.md documents the
 * lookup order.
 */
#ifndef SK_SUITEPATH_H
#define SK_SUITEPATH_H

#include <stdio.h>

/* The file skampi reads for the argument arg.  An argument with a '/'
 * or a ".skampi" ending, or naming a file that exists, is a path and is
 * returned as it is.  Otherwise it is a name, looked up as NAME.skampi
 * in the directories doc/install.md lists, in their order.  When it is
 * found nowhere, arg itself is returned (opening it then fails with the
 * usual message).  NULL only when out of memory; the string is the
 * caller's. */
char *sk_suitepath_find(const char *arg);

/* Whether arg is looked up by name (see sk_suitepath_find()). */
int sk_suitepath_is_name(const char *arg);

/* Why name was not found: the directories it was looked up in, in
 * order, and the closest shipped suite name if one is close. */
void sk_suitepath_note(const char *name, FILE *fp);

#endif
