#!/bin/sh
# SPDX-License-Identifier: BSD-3-Clause
# gallery.sh -- doc/gallery.md keeps up with skampi-report:
#  - every picture it (or the README) shows exists, is a PNG under 200 KB
#    and is in the distribution (DISTFILES of the Makefile), and every
#    PNG of doc/gallery/ that is distributed is shown;
#  - every kind of page the report code can draw is in its table of page
#    types.  The kinds are read from the code, so a new kind fails here
#    until the gallery shows it: the footers of report/gp.c (one per
#    sk_page_kind_t of report/pages.h), the titles of the rate pages of
#    report/beyond.c, and the page titles of --runs and --compare in
#    report/compare_plot.c.  A table row names the text as
#    "footer `TEXT`" or "title `TEXT`".
set -u
srcdir=${top_srcdir:-.}
builddir=${top_builddir:-.}
md=$srcdir/doc/gallery.md
fail=0
bad() { echo "FAIL: $*" >&2; fail=1; }
tmp=$(mktemp -d "$builddir/sk-gallery.XXXXXX") || exit 99
trap 'rm -rf "$tmp"' EXIT

# The distributed files, as make dist sees them.
printf 'sk-distfiles:\n\t@echo $(DISTFILES)\n' |
  (unset MAKEFLAGS MFLAGS MAKELEVEL; cd "$builddir" &&
   ${MAKE:-make} -s -f Makefile -f - sk-distfiles) | tr ' ' '\n' |
  sed 's|^.*/\(doc/\)|\1|' > "$tmp/dist" || exit 99
grep -qx 'doc/gallery.md' "$tmp/dist" || bad "doc/gallery.md is not distributed"
grep -qx 'doc/gallery/make-gallery.sh' "$tmp/dist" ||
  bad "doc/gallery/make-gallery.sh is not distributed"

# The script that makes the pictures parses and documents its options.
script=$srcdir/doc/gallery/make-gallery.sh
sh -n "$script" || bad "doc/gallery/make-gallery.sh has a syntax error"
for opt in $(sed -n 's/^ *\(--[a-z-]*\)).*/\1/p' "$script"); do
  sh "$script" --help | grep -q -- "$opt" ||
    bad "make-gallery.sh --help does not mention $opt"
  grep -q -- "\`$opt" "$md" || bad "doc/gallery.md does not mention make-gallery.sh $opt"
done

# check_png FILE (relative to the source tree) WHO
check_png() {
  [ -f "$srcdir/$1" ] || { bad "$2 shows $1, which does not exist"; return; }
  magic=$(od -An -tx1 -N8 "$srcdir/$1" | tr -d ' \n')
  [ "$magic" = 89504e470d0a1a0a ] || bad "$1 is not a PNG"
  size=$(wc -c < "$srcdir/$1")
  [ "$size" -lt 204800 ] || bad "$1 is $size bytes (keep it under 200 KB)"
  grep -qx "$1" "$tmp/dist" || bad "$1 is not in the distribution (Makefile.am)"
}

sed -n 's/.*](\(gallery\/[^)]*\.png\)).*/\1/p' "$md" | sort -u > "$tmp/shown"
[ "$(wc -l < "$tmp/shown")" -ge 10 ] || bad "doc/gallery.md shows fewer than 10 pictures"
while read -r png; do check_png "doc/$png" doc/gallery.md; done < "$tmp/shown"
grep '^doc/gallery/.*\.png$' "$tmp/dist" | sed 's|^doc/||' | while read -r png; do
  grep -qx "$png" "$tmp/shown" || echo "$png"
done > "$tmp/unshown"
[ -s "$tmp/unshown" ] &&
  bad "distributed but not in doc/gallery.md: $(tr '\n' ' ' < "$tmp/unshown")"
readme=$(sed -n 's/.*](\(doc\/gallery\/[^)]*\.png\)).*/\1/p' "$srcdir/README.md")
[ -n "$readme" ] || bad "README.md shows no picture of doc/gallery/"
for png in $readme; do check_png "$png" README.md; done
for page in gallery install batch suite-language output-format; do
  grep -q "](doc/$page.md)" "$srcdir/README.md" ||
    bad "README.md does not link to doc/$page.md"
done

# The kinds of page, from the code.
sed -n '/^typedef enum {/,/} sk_page_kind_t;/p' "$srcdir/report/pages.h" |
  grep -o 'SK_PAGE_[A-Z_]*' | sort -u > "$tmp/kinds"
sed -n 's/.*case \(SK_PAGE_[A-Z_]*\): *return "\([^"]*\)".*/\1 \2/p' \
  "$srcdir/report/gp.c" > "$tmp/footers"
[ "$(wc -l < "$tmp/kinds")" -ge 8 ] || bad "found fewer than 8 page kinds in report/pages.h"
while read -r kind; do
  grep -q "^$kind " "$tmp/footers" ||
    bad "$kind has no footer text in report/gp.c (case $kind: return \"...\")"
done < "$tmp/kinds"
sed 's/^[A-Z_]* /footer /' "$tmp/footers" > "$tmp/want"
# The rate pages: sk_by_page(..., SK_PAGE_RATE, "TITLE", ...).
sed -n 's/.*SK_PAGE_RATE, *"\([^"]*\)".*/title \1/p' \
  "$srcdir/report/beyond.c" > "$tmp/rate"
[ "$(wc -l < "$tmp/rate")" -ge 2 ] || bad "found fewer than 2 rate pages in report/beyond.c"
cat "$tmp/rate" >> "$tmp/want"
# --runs and --compare: the title pages ("skampi: ...") and the pages of
# sk_cplot_frame(f, pl, SUITE, "WHAT", ...).
sed -n 's/.*"\(skampi: [^"]*\)".*/title \1/p; s/.*sk_cplot_frame(f, pl, [^"]*"\([^"]*\)".*/title \1/p' \
  "$srcdir/report/compare_plot.c" | sort -u > "$tmp/cmp"
[ "$(wc -l < "$tmp/cmp")" -ge 4 ] || bad "found fewer than 4 --runs/--compare page titles in report/compare_plot.c"
cat "$tmp/cmp" >> "$tmp/want"
while read -r how text; do
  grep -qF "| $how \`$text\` |" "$md" ||
    bad "doc/gallery.md's table of page types has no row for $how \`$text\` (regenerate with doc/gallery/make-gallery.sh)"
done < "$tmp/want"
exit $fail
