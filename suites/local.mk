# SPDX-License-Identifier: BSD-3-Clause
# suites/ -- the shipped suite files, installed into $(pkgdatadir); make
# check validates every one (tests/parse/suites.sh).
dist_pkgdata_DATA += suites/default.skampi
dist_pkgdata_DATA += suites/fig1.skampi
# beyond the SKaMPI patterns
dist_pkgdata_DATA += suites/maxrate.skampi suites/bcast-methods.skampi \
	suites/bandwidth.skampi suites/msgrate.skampi
dist_pkgdata_DATA += suites/pingpong.skampi suites/collectives.skampi \
	suites/master-worker.skampi suites/simple.skampi suites/datatypes.skampi \
	suites/types.skampi

# nonblocking and persistent operations (MPI-3, MPI-4)
dist_pkgdata_DATA += suites/nonblocking.skampi suites/persistent.skampi
# neighbourhood collectives (MPI-3) on Cartesian and graph topologies
dist_pkgdata_DATA += suites/neighbor.skampi

# MPI-IO (files in @IO_DIRECTORY; not in the default suite)
dist_pkgdata_DATA += suites/io.skampi

# one-sided communication (MPI-3 RMA)
dist_pkgdata_DATA += suites/rma.skampi

# partitioned point-to-point (MPI-4; refused by a library without it)
dist_pkgdata_DATA += suites/partitioned.skampi
# threads calling MPI at once (MPI_THREAD_MULTIPLE)
dist_pkgdata_DATA += suites/threads.skampi
# start-up: a communicator from an MPI-4 session (refused without them)
dist_pkgdata_DATA += suites/startup.skampi
