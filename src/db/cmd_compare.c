/*
 * cmd_compare.c -- placeholder until the comparison lands.
 */
#include "dbcmd.h"

#include "msg.h"

int sk_dbcmd_compare(sk_store_t *st, const sk_dbcmd_t *c)
{
  (void)st;
  (void)c;
  sk_msg_error("compare is not implemented yet");
  return SK_DB_USAGE;
}
