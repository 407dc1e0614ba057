/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * licence.h -- the copyright and licence lines every program's --version
 * prints after its name and version (LICENSE; campaign/skampi-run.in
 * prints the same two lines, tests/licence.sh holds them equal).
 */
#ifndef SK_LICENCE_H
#define SK_LICENCE_H

#define SK_COPYRIGHT_LINE "Copyright (c) 2026 the skampi authors"
#define SK_LICENCE_LINE \
  "Licence: BSD-3-Clause <https://spdx.org/licenses/BSD-3-Clause.html>"
/* both, each with its newline */
#define SK_LICENCE_TEXT SK_COPYRIGHT_LINE "\n" SK_LICENCE_LINE "\n"

#endif
