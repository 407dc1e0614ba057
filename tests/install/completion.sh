#!/bin/sh
# SPDX-License-Identifier: BSD-3-Clause
# completion.sh -- bash's completion of the programs
# (completion/skampi.bash), driven as bash drives it: the script sourced,
# COMP_WORDS and COMP_CWORD set for a command line, the function that
# `complete -p` names called, COMPREPLY compared with what it must hold.
# Options, skampi-db's commands and selection words, values of --timer
# and --format, suite names (of $SKAMPI_SUITE_PATH and of an
# installation's data directory beside its bin/), files by kind; and
# each program's option list in the script equals its --help's.
# Runs under bash (skipped, 77, without one).
[ -n "${BASH_VERSION-}" ] || {
  command -v bash > /dev/null 2>&1 || { echo "SKIP: no bash"; exit 77; }
  exec bash "$0" "$@"
}
set -u
export LC_ALL=C   # the order of sort
srcdir=$(cd "${top_srcdir:-.}" && pwd) || exit 99
builddir=$(cd "${top_builddir:-.}" && pwd) || exit 99
tmp=$(mktemp -d "$builddir/sk-compl.XXXXXX") || exit 99
trap 'rm -rf "$tmp"' EXIT
fail=0
bad() { echo "FAIL: $*"; fail=1; }

unset SKAMPI_SUITE_PATH
# shellcheck source=completion/skampi.bash
. "$srcdir/completion/skampi.bash" || { echo "FAIL: sourcing it"; exit 1; }
for p in skampi skampi-report skampi-run skampi-merge skampi-db; do
  [ "$(complete -p "$p" 2> /dev/null)" = "complete -F _skampi_complete $p" ] ||
    bad "no completion for $p: $(complete -p "$p" 2>&1)"
done

# complete LINE: the completions of the last word of LINE (a line ending
# in a blank completes an empty word), sorted, one line
complete_line() {
  local line=$1
  read -r -a COMP_WORDS <<< "$line"
  [[ $line == *' ' ]] && COMP_WORDS+=("")
  COMP_CWORD=$((${#COMP_WORDS[@]} - 1))
  COMP_LINE=$line COMP_POINT=${#line}
  COMPREPLY=()
  _skampi_complete
  printf '%s\n' "${COMPREPLY[@]}" | sort | tr '\n' ' ' | sed 's/ $//'
}
# expect LINE WANT: the completions of LINE are WANT
expect() {
  local got
  got=$(complete_line "$1")
  [ "$got" = "$2" ] || bad "'$1' completes to '$got', not '$2'"
}

cd "$tmp" || exit 99
mkdir runs sub && : > a.skampi && : > b.yaml && : > c.txt && : > r.pdf || exit 99

# options
expect "skampi --ti" "--timeout --timer"
expect "skampi --timer " "MPI_Wtime monotonic rdtscp"
expect "skampi --timer m" "monotonic"
expect "skampi-report --c" "--compare --csv"
expect "skampi-run --re" "--resume"
expect "skampi-merge -" "--help --output --precision --version -V -h -o"
expect "skampi-db --min" "--min-effect"
# skampi-db: commands, a command's words, values of its options
expect "skampi-db " "compare export history import list plot publish push query rm serve show suites token"
expect "skampi-db --db x.db im" "import"
expect "skampi-db token " "add list revoke"
expect "skampi-db query --format " "csv json yaml"
expect "skampi-db compare --format j" "json junit"
expect "skampi-db list --format " "json table"
expect "skampi-db import --from " "imb osu"
expect "skampi-db list kind=" "kind=merged kind=run"
expect "skampi-db show la" "latest latest="
# files by kind: a directory, and the files of the suffix
expect "skampi-db import " "b.yaml runs/ sub/"
expect "skampi-report " "b.yaml runs/ sub/"
expect "skampi-report -o " "r.pdf runs/ sub/"
expect "skampi-report --csv " "runs/ sub/"
expect "skampi-run -o r" "runs/"
expect "skampi-db publish s" "sub/"
expect "skampi --log c" "c.txt"
# suite names: of $SKAMPI_SUITE_PATH ...
export SKAMPI_SUITE_PATH=$srcdir/suites
expect "skampi --suite p" "partitioned persistent pingpong"
expect "skampi def" "default"
expect "skampi-run -n 3 def" "default"
# ... with the suite files and directories here
expect "skampi a" "a.skampi"
expect "skampi s" "simple startup sub/"
# ... and of an installation: the data directory beside its bin/
unset SKAMPI_SUITE_PATH
mkdir -p inst/bin inst/share/skampi && : > inst/bin/skampi && chmod +x inst/bin/skampi &&
  : > inst/share/skampi/mine.skampi && : > inst/share/skampi/more.skampi || exit 99
expect "$tmp/inst/bin/skampi m" "mine more"
PATH=$tmp/inst/bin:$PATH expect "skampi --suite mo" "more"

# the option lists are the programs' own (those of --help; skampi-db
# where it is built)
help_options() {
  sed -n 's/^ *\(-[^ ].*\)$/\1/p' | sed -e 's/   *.*//' -e 's/\[=[A-Z]*\]//' |
    tr ', ' '\n\n' | grep -E '^--?[A-Za-z]' | sort -u
}
progs="src/skampi report/skampi-report campaign/skampi-run campaign/skampi-merge"
[ "${SK_WITH_DB:-yes}" = no ] || progs="$progs db/skampi-db"
for p in $progs; do
  "$builddir/$p" --help 2>&1 | help_options > "$tmp/help" ||
    { bad "$p --help"; continue; }
  _skampi_options "${p##*/}" | sort -u > "$tmp/compl"
  diff "$tmp/help" "$tmp/compl" > "$tmp/diff" ||
    { bad "${p##*/}: --help (<) and completion/skampi.bash (>) differ:"; cat "$tmp/diff"; }
done
exit $fail
