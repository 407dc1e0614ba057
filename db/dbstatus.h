/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * dbstatus.h -- the exit statuses of skampi-db (skampi-db(1)).  Every
 * layer of db/ that decides one (the commands, push, publish) names it
 * from here, so this header stands below them all.
 */
#ifndef SK_DBSTATUS_H
#define SK_DBSTATUS_H

/* Exit statuses (skampi-db(1)). */
enum {
  SK_DB_OK = 0,
  SK_DB_FAILED = 1,       /* a file not imported, no such run, ... */
  SK_DB_USAGE = 2,        /* bad command line */
  SK_DB_STORE = 3,        /* the database cannot be opened or written */
  SK_DB_REGRESSED = 5,    /* compare found a regression */
  SK_DB_INCONCLUSIVE = 6  /* compare: the runs cannot show any change */
};

#endif
