#!/bin/sh
# SPDX-License-Identifier: BSD-3-Clause
# make-gallery.sh -- regenerate the pictures of doc/gallery.md from real
# runs on this machine: measures (MPICH, and Open MPI for the comparisons),
# draws the reports with skampi-report and turns one page of every kind
# into a PNG in doc/gallery/.  Not run by make check: it measures.
#
#   cd BUILD && sh SRCDIR/doc/gallery/make-gallery.sh [options]
#
# BUILD is a build directory configured with MPICC=mpicc.mpich and built
# (make).  Options:
#   --openmpi-build DIR  a build directory configured with
#                        MPICC=mpicc.openmpi; default BUILD/gallery-openmpi,
#                        made (a copy of the sources, src/skampi built)
#                        when it does not exist yet (else reused as it
#                        is: remove it after changing skampi)
#   --work DIR           where the runs and PDFs go (default
#                        BUILD/gallery-work; emptied first)
#   --out DIR            where the PNGs go (default SRCDIR/doc/gallery)
#   --dpi N              resolution of the PNGs (default 80)
#   --redraw             measure nothing: draw the runs of an earlier call
#                        again (after a change to skampi-report)
# Environment: SKAMPI_MPI_LOCK (default /tmp/skampi-mpi.lock), held with
# flock(1) around every mpiexec so that runs of other users of the machine
# do not overlap; JOBS (default 2) for building the Open MPI tree.
# The commands it runs are the ones doc/gallery.md shows; they are also
# written to WORK/commands.txt.  Exit status 0 when every PNG was written.
set -u
prog=make-gallery.sh
die() { echo "$prog: error: $*" >&2; exit 1; }

src=$(cd "$(dirname "$0")/../.." && pwd) || die "cannot find the source tree"
build=$(pwd)
ompi='' work='' out='' dpi=80 redraw=0
while [ $# -gt 0 ]; do
  case $1 in
    --openmpi-build) [ $# -ge 2 ] || die "$1 needs a value"; ompi=$2; shift ;;
    --work) [ $# -ge 2 ] || die "$1 needs a value"; work=$2; shift ;;
    --out) [ $# -ge 2 ] || die "$1 needs a value"; out=$2; shift ;;
    --dpi) [ $# -ge 2 ] || die "$1 needs a value"; dpi=$2; shift ;;
    --redraw) redraw=1 ;;
    -h|--help) sed -n '2,/^set -u/p' "$0" | sed '$d; s/^# \{0,1\}//'; exit 0 ;;
    *) die "unknown option '$1' (see $prog --help)" ;;
  esac
  shift
done
: "${ompi:=$build/gallery-openmpi}" "${work:=$build/gallery-work}"
: "${out:=$src/doc/gallery}"
# Absolute paths: the reports are drawn from inside WORK.
abs() { case $1 in /*) printf '%s\n' "$1" ;; *) printf '%s\n' "$build/$1" ;; esac; }
ompi=$(abs "$ompi") work=$(abs "$work") out=$(abs "$out")
lock=${SKAMPI_MPI_LOCK:-/tmp/skampi-mpi.lock}
report=$build/report/skampi-report
[ -x "$build/src/skampi" ] && [ -x "$report" ] &&
  [ -x "$build/campaign/skampi-run" ] ||
  die "run me from a built build directory (no src/skampi, report/skampi-report or campaign/skampi-run in $build)"
for tool in mpiexec.mpich mpiexec.openmpi mpicc.openmpi pdftoppm pdftotext \
    pdfinfo; do
  command -v "$tool" >/dev/null 2>&1 || die "'$tool' is not installed"
done
# Open MPI refuses to run as root unless told; only for this script.
if [ "$(id -u)" -eq 0 ]; then
  OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1
  export OMPI_ALLOW_RUN_AS_ROOT OMPI_ALLOW_RUN_AS_ROOT_CONFIRM
fi
# flock when there is one: every mpiexec holds the machine's MPI lock.
if command -v flock >/dev/null 2>&1; then locked="flock $lock"; else locked=''; fi

log() { echo "$prog: $*" >&2; }
note() {    # the command as doc/gallery.md shows it
  printf '%s\n' "$*" >> "$work/commands.txt"
}

# The Open MPI build: from a copy of the sources (make distdir), so that
# it works whether the source tree is configured in place or not.
openmpi_build() {
  [ -x "$ompi/src/skampi" ] && return 0
  [ -e "$ompi" ] &&
    die "$ompi exists but holds no src/skampi: remove it, or build skampi there (configure MPICC=mpicc.openmpi)"
  log "building skampi against Open MPI in $ompi"
  make -C "$build" distdir distdir="$ompi" > "$build/gallery-openmpi.log" 2>&1 &&
    (cd "$ompi" && ./configure -q MPICC=mpicc.openmpi > configure.log 2>&1 &&
     make -j"${JOBS:-2}" src/skampi > build.log 2>&1) ||
    die "building against Open MPI failed (see $build/gallery-openmpi.log, $ompi/*.log)"
}

# skampi SKAMPI LAUNCHER... -- SUITE OUT: one run; status 3 (a suite
# failed, the file is written) is reported but accepted.
measure() {
  skampi=$1; shift
  cmd=''
  while [ "$1" != -- ]; do cmd="$cmd $1"; shift; done
  shift
  note "${cmd# } skampi -q ${1#"$src"/} -o $2"
  log "measuring $1 ->$cmd"
  # shellcheck disable=SC2086
  $locked $cmd "$skampi" -q "$1" -o "$work/$2" 2> "$work/$2.log"
  st=$?
  case $st in
    0) ;;
    3) log "warning: a suite of $1 failed (see $work/$2.log)" ;;
    *) cat "$work/$2.log" >&2; die "skampi $1 failed (exit status $st)" ;;
  esac
}

# campaign SKAMPI MPIEXEC SEED DIR: skampi-run -n 10 of compare.skampi.
campaign() {
  note "skampi-run -n 10 --seed $3 --no-report --launcher \"$2 -n 2\" doc/gallery/compare.skampi -o $4"
  log "skampi-run -n 10 with $2 -> $4"
  SKAMPI=$1 "$build/campaign/skampi-run" -n 10 --seed "$3" --no-report \
    --launcher "$locked $2 -n 2" "$src/doc/gallery/compare.skampi" \
    -o "$work/$4" 2> "$work/$4.log" ||
    { cat "$work/$4.log" >&2; die "skampi-run into $4 failed"; }
}

draw() {    # PDF ARGS...: skampi-report ARGS -o WORK/PDF --csv WORK/PDF.csv
  pdf=$1; shift
  note "skampi-report $* -o $pdf --csv $pdf.csv"
  (cd "$work" && "$report" "$@" -o "$pdf" --csv "$pdf.csv") ||
    die "skampi-report $* failed"
}

# page_of PDF SLUG: sets page to the number of the page whose CSV file is
# pNN-SLUG.csv (the report names its CSV files after the page number,
# doc/report.md); SLUG may hold a shell pattern.
page_of() {
  # shellcheck disable=SC2086
  page=$(cd "$work/$1.csv" && ls -- p[0-9]*-$2.csv 2>/dev/null | head -n 1)
  [ -n "$page" ] || die "$1 has no page with a CSV file pNN-$2.csv"
  page=${page#p}
  page=$(echo "${page%%-*}" | sed 's/^0*//')
}

# png PDF PAGE TEXT NAME: check that the page shows TEXT (its footer or
# title, so that a changed report is noticed), then write NAME.png.
png() {
  case $2 in ''|*[!0-9]*) die "no page number for $4.png" ;; esac
  pdftotext -f "$2" -l "$2" "$work/$1" - 2>/dev/null | grep -qF -- "$3" ||
    die "page $2 of $1 does not show '$3'"
  pdftoppm -png -r "$dpi" -f "$2" -l "$2" -singlefile "$work/$1" \
    "$out/$4" || die "pdftoppm $1 page $2 failed"
  size=$(wc -c < "$out/$4.png")
  [ "$size" -lt 204800 ] ||
    die "$4.png is $size bytes (keep it under 200 KB: lower --dpi)"
  note "pdftoppm -png -r $dpi -f $2 -l $2 -singlefile $1 doc/gallery/$4"
  printf '%-20s %-18s page %3s %7s bytes\n' "$4.png" "$1" "$2" "$size"
}

# page_with PDF TEXT: sets page to the first page of PDF showing TEXT.
page_with() {
  n=$(pdfinfo "$work/$1" 2>/dev/null | sed -n 's/^Pages: *//p')
  i=1
  while [ "$i" -le "${n:-0}" ]; do
    if pdftotext -f "$i" -l "$i" "$work/$1" - 2>/dev/null | grep -qF -- "$2"
    then page=$i; return 0; fi
    i=$((i + 1))
  done
  die "no page of $1 shows '$2'"
}

shot() {    # PDF SLUG TEXT NAME: png of the page of page_of PDF SLUG
  page_of "$1" "$2"
  png "$1" "$page" "$3" "$4"
}

mp="mpiexec.mpich -n 2"
om2="mpiexec.openmpi --oversubscribe -n 2"
om4="mpiexec.openmpi --oversubscribe -n 4"
if [ $redraw -eq 1 ]; then
  [ -f "$work/commands.txt" ] && [ -f "$work/runs-openmpi/merged.yaml" ] ||
    die "--redraw: $work holds no complete earlier call"
  sed -i '/^skampi-report\|^pdftoppm/d' "$work/commands.txt"
else
  openmpi_build
  rm -rf "$work" && mkdir -p "$work" || die "cannot create $work"
  : > "$work/commands.txt"
  # 1. The measurements (about a minute without waiting for the lock).
  measure "$build/src/skampi" $mp -- default mpich.yaml
  measure "$ompi/src/skampi" $om2 -- default openmpi.yaml
  measure "$build/src/skampi" $mp -- "$src/suites/bandwidth.skampi" \
    bandwidth.yaml
  # The model page from one pair on MPICH: 4 oversubscribed processes
  # (two pairs) are so noisy that no protocol switch stands out.
  measure "$build/src/skampi" $mp -- "$src/suites/maxrate.skampi" \
    maxrate.yaml
  # The broadcast page needs more than two processes: 4 Open MPI
  # processes on the 2 cores (oversubscribed, Open MPI yields the CPU
  # when it waits; MPICH would spin).
  measure "$ompi/src/skampi" $om4 -- "$src/suites/bcast-methods.skampi" \
    bcast-methods.yaml
  campaign "$build/src/skampi" mpiexec.mpich 1000 runs-mpich
  campaign "$ompi/src/skampi" "mpiexec.openmpi --oversubscribe" 2000 \
    runs-openmpi
fi
mkdir -p "$out" || die "cannot create $out"

# 2. The reports.
cp "$src/doc/gallery/gallery.yaml" "$work/gallery.yaml" || die "no gallery.yaml"
rm -rf "$work"/*.pdf "$work"/*.pdf.csv
draw gallery.pdf mpich.yaml openmpi.yaml -p gallery.yaml
draw bandwidth.pdf bandwidth.yaml
draw maxrate.pdf maxrate.yaml
draw bcast-methods.pdf bcast-methods.yaml
# The floor: the default suite measures the node's limits (@LIMITS yes).
draw floor.pdf mpich.yaml
# The per-rank page of 1,024 synthesized ranks (no machine here has them).
note "awk -v P=1024 -v R=64 -f tests/report/ranks-result.awk > ranks1024.yaml"
awk -v P=1024 -v R=64 -f "$src/tests/report/ranks-result.awk" \
  > "$work/ranks1024.yaml" || die "cannot synthesize ranks1024.yaml"
draw ranks.pdf ranks1024.yaml
draw runs.pdf --runs runs-mpich
draw compare.pdf --compare runs-mpich runs-openmpi

# 3. One PNG per kind of page.
png gallery.pdf 1 "result file" title
shot gallery.pdf suite-f1-Pingpong_Send_Recv "suite" suite
shot gallery.pdf suite-f1-MW_Waitany-chunks "suite" suite-chunks
shot floor.pdf suite-f1-Pingpong_Send_Recv "floor (node limits)" floor
shot bcast-methods.pdf suite-f1-ol "suite" suite-nodes
shot gallery.pdf single-1 "single measurements" single
shot gallery.pdf compare-Pingpong_Send_Recv "comparison" comparison
shot gallery.pdf 'group-1-*' "group" group
shot gallery.pdf 'group-2-*' "group" group-bandwidth
shot maxrate.pdf model-1 "max-rate model" model
shot bcast-methods.pdf bcast-methods-1 "broadcast methods" bcast-methods
shot gallery.pdf collbw-1 "collective bandwidth" collbw
shot ranks.pdf ranks-1-allreduce-ranks "per-rank times" ranks
shot bandwidth.pdf bandwidth-1 "rate" rate-bandwidth
shot bandwidth.pdf roundtrip-rate-1 "rate" rate-roundtrip
# --runs and --compare: a title page, then per suite (in the order of the
# merged file, which is run 1's shuffled order) the test page (--compare
# only) and the reproducibility page: the ping-pong's are shown.
png runs.pdf 1 "several runs" runs-title
page_with runs.pdf "Pingpong_Send_Recv: reproducibility over the runs"
png runs.pdf "$page" "reproducibility over the runs" runs-repro
png compare.pdf 1 "two sets of runs compared" compare-title
page_with compare.pdf "Pingpong_Send_Recv: A against B"
png compare.pdf "$page" "Wilcoxon rank-sum" compare-test
page_with compare.pdf "Pingpong_Send_Recv: reproducibility over the runs"
png compare.pdf "$page" "reproducibility over the runs" compare-repro

total=0
for f in "$out"/*.png; do total=$((total + $(wc -c < "$f"))); done
echo "total of $out/*.png: $total bytes; commands in $work/commands.txt"
