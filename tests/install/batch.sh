#!/bin/sh
# batch.sh -- every job script of doc/batch.md (the ```bash blocks) is
# valid bash (bash -n), and the page has a Slurm and a PBS script for the
# default suite and for the comparison of two libraries.
set -u
srcdir=${top_srcdir:-.}
builddir=${top_builddir:-.}
page=$srcdir/doc/batch.md
command -v bash >/dev/null 2>&1 || { echo "no bash"; exit 77; }
tmp=$(mktemp -d "$builddir/sk-batch.XXXXXX") || exit 99
trap 'rm -rf "$tmp"' EXIT
fail=0

# One file per block: $tmp/block.N
awk -v dir="$tmp" '
  /^```bash$/ { n++; f = dir "/block." n; on = 1; next }
  /^```$/ { on = 0; next }
  on { print > f }
  END { if (on) { print "unterminated block " n; exit 1 } }' "$page" ||
  exit 1
n=0
for f in "$tmp"/block.*; do
  [ -f "$f" ] || continue
  n=$((n + 1))
  head -n 1 "$f" | grep -qx '#!/bin/bash' ||
    { echo "FAIL: $(basename "$f") does not start with #!/bin/bash"; fail=1; }
  bash -n "$f" 2>"$tmp/err" ||
    { echo "FAIL: $(basename "$f") of doc/batch.md:"; cat "$tmp/err"; fail=1; }
done
[ "$n" -ge 5 ] || { echo "FAIL: only $n job scripts in doc/batch.md"; fail=1; }

# has KIND PATTERN: some block has a KIND directive and matches PATTERN.
has() {
  for f in "$tmp"/block.*; do
    grep -q "^#$1 " "$f" && grep -qE -- "$2" "$f" && return 0
  done
  echo "FAIL: no #$1 script that matches '$2'"
  fail=1
}
has SBATCH 'skampi default -o'
has SBATCH 'skampi-report"? --compare'
has PBS 'skampi default -o'
has PBS 'skampi-report"? --compare'
has SBATCH 'skampi-run" -n'
has PBS 'skampi-run" -n'
exit $fail
