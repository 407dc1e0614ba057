#!/bin/sh
# SPDX-License-Identifier: BSD-3-Clause
# peers.sh -- skampi-db import --from osu|imb on real outputs of the OSU
# Micro-Benchmarks 7.4 and IMB 2021.11 (tests/db/peers/: made on this
# project's machine with MPICH on 2 processes, with -f, -z, -m, -i as
# users run them; only their outputs are kept), against the golden
# transcript tests/db/peers.expected: the runs, suites and points they
# become (a ping-pong's one-way time stored as the round trip, a
# bandwidth as the time of its bytes), the factors the command line
# gives, and compare of skampi's ping-pong against osu_latency on the
# same machine (--match) printing its table; the usage errors.
# To renew the transcript: run with KEEP=1, copy $TMP/out over
# peers.expected, then read the diff.
. "${top_srcdir:-.}/tests/db/lib.sh"

W=$TMP/w
mkdir -p "$W"
cp "$SRC"/tests/db/peers/*.txt "$SRC"/tests/db/peers/*.yaml "$W/"
# an OSU output has no date: its start time is the file's (made fixed)
i=0
for f in "$W"/osu_*.txt; do
  i=$((i + 1))
  touch -d "2026-11-27 16:20:$(printf %02d $i) UTC" "$f"
done

: > "$TMP/out"
step import --tag tool=skampi skampi-pingpong-run1.yaml skampi-pingpong-run2.yaml skampi-pingpong-run3.yaml
step import --from osu --machine vm --library 'MPICH 4.0.2' --tag tool=osu osu_latency-run1.txt osu_latency-run2.txt osu_latency-run3.txt
step import --from osu --machine vm --library 'MPICH 4.0.2' osu_latency.txt osu_latency-z.txt osu_bw.txt
step import --from osu --machine vm --library 'MPICH 4.0.2' --np 2 osu_allreduce-f.txt osu_bcast.txt osu_barrier.txt
step import --from imb --machine vm --library 'MPICH 4.0.2' --tag tool=imb imb_pingpong.txt imb_coll.txt imb_sendrecv.txt
step import --from osu --machine vm --library 'MPICH 4.0.2' osu_latency.txt
step list
step suites
step show 4
step show tag=tool=imb latest
step query 4 --suite osu_latency
step query tag=tool=imb --suite IMB_PingPong --suite IMB_Barrier --format yaml
step query 10 --suite osu_allreduce
step query 9 8 --suite osu_bw --suite osu_latency
step compare --baseline tag=tool=skampi --candidate tag=tool=osu --match Pingpong_Send_Recv=osu_latency
step compare --baseline 1 --candidate tag=tool=imb --match Pingpong_Send_Recv=IMB_PingPong --format csv
# the usage errors
step import --from osu osu_latency.txt
step import --from osu --machine vm osu_latency.txt
step import --from nas --machine vm --library x osu_latency.txt
step import --from osu --machine vm --library x osu_bcast.txt
step import --from osu --machine vm --library x --np 0 osu_bcast.txt
step import --from imb --machine vm --library x osu_bw.txt
step import --from osu --machine vm --library x skampi-pingpong-run1.yaml
step import osu_bw.txt
step compare --baseline 1 --candidate 4 --match Pingpong_Send_Recv
golden peers.expected

# export gives the OSU output back byte for byte
db export 4 -o "$W/back.txt" > /dev/null 2>&1 || fail "export 4"
cmp "$W/back.txt" "$W/osu_latency-run1.txt" || fail "export 4 is not the output"
# a plot of skampi, OSU and IMB side by side
(cd "$W" && "$DB" --db "$TMP/t.db" plot 1 4 13 --suite Pingpong_Send_Recv \
  --suite osu_latency --suite IMB_PingPong -o side.svg > /dev/null 2>&1) ||
  fail "plot of the three"
grep -q 'osu_latency' "$W/side.svg" && grep -q 'IMB_PingPong' "$W/side.svg" ||
  fail "side.svg lacks a series"
[ -n "${KEEP:-}" ] && { cp "$TMP/out" "$BUILD/tests/db/peers.out"; }
exit $((failures > 0))
