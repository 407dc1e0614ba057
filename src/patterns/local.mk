# SPDX-License-Identifier: BSD-3-Clause
# src/patterns/ -- the four patterns of the SKaMPI paper and the
# families beyond them; each instance is one function here and one row
# of lib/instances.def (doc/hacking.md, "Adding an instance").
src_libskampi_src_a_SOURCES += \
	src/patterns/pattern.c src/patterns/pattern.h \
	src/patterns/pattern_pingpong.c src/patterns/pattern_pingpong.h \
	src/patterns/pattern_collective.c src/patterns/pattern_coll.h \
	src/patterns/pattern_collv.c \
	src/patterns/pattern_mw.c \
	src/patterns/pattern_simple.c src/patterns/pattern_simple.h \
	src/patterns/pattern_beyond.c src/patterns/pattern_beyond.h \
	src/patterns/pattern_bcast.c \
	src/patterns/pattern_nbc.c src/patterns/pattern_nbc.h \
	src/patterns/pattern_persist.c \
	src/patterns/pattern_io.c \
	src/patterns/pattern_rma.c src/patterns/pattern_rma.h \
	src/patterns/pattern_rmawin.c
# the neighbourhood collectives (their topology: src/engine/topology.c)
src_libskampi_src_a_SOURCES += src/patterns/pattern_nbr.c
# partitioned point-to-point (MPI-4)
src_libskampi_src_a_SOURCES += src/patterns/pattern_part.c
# threads: Threads threads per process of the pair (src/engine/team.c)
src_libskampi_src_a_SOURCES += src/patterns/pattern_threads.c
# start-up: a communicator of the run from an MPI-4 session
src_libskampi_src_a_SOURCES += src/patterns/pattern_start.c
