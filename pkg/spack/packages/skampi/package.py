# SPDX-License-Identifier: BSD-3-Clause
# package.py -- Spack's recipe for skampi (pkg/spack, a Spack package repository).
#
# skampi has no download site yet: its source is the `make dist` tarball
# (skampi-0.1.0.tar.gz), which Spack takes from a mirror directory that
# holds it as skampi/skampi-0.1.0.tar.gz:
#
#   spack repo add pkg/spack
#   spack mirror add skampi file:///path/to/mirror
#   spack install --no-checksum skampi +report
#
# (--no-checksum: a tarball made by `make dist` has no published
# checksum; doc/install.md, "Spack", says more, and .ci/spack does all of
# it on a fresh Debian machine.)

import os

from spack.package import *


class Skampi(AutotoolsPackage):
    """skampi: a SKaMPI-style MPI benchmark.  It measures point-to-point,
    collective, one-sided and neighbourhood operations over message
    lengths until each point's standard error is small enough, records
    the machine's noise and the run's factors in a YAML result, and draws
    a PDF report of it (skampi-report, with gnuplot).  The optional
    database and web interface (skampi-db) keep and compare results."""

    homepage = "https://example.org/skampi"
    # Not fetched: the file comes from a mirror (see above).  The URL
    # gives Spack the tarball's name and kind.
    url = "file:///nonexistent/skampi-0.1.0.tar.gz"

    license("BSD-3-Clause")

    version("0.1.0")

    variant(
        "db",
        default=False,
        description="skampi-db: the result database (SQLite), its web interface "
        "(libmicrohttpd) and push (libcurl); the web charts use the system's "
        "dygraphs (Debian: libjs-dygraphs), which Spack does not package",
    )
    variant(
        "report",
        default=True,
        description="gnuplot at run time, with which skampi-report draws its PDF",
    )

    depends_on("mpi")
    depends_on("libyaml")
    depends_on("pkgconfig", type="build")
    # No flex or bison: the tarball carries the parser and lexer they make
    # (a build from a git clone needs them, and Autotools).

    depends_on("sqlite@3:", when="+db")
    depends_on("libmicrohttpd@0.9.71:", when="+db")
    depends_on("curl@7.68:", when="+db")

    depends_on("gnuplot", type="run", when="+report")

    # Where +db finds dygraph.min.js and dygraph.min.css: Spack has no
    # dygraphs package, so the chart library comes from the system.
    dygraphs_dirs = ["/usr/share/javascript/dygraphs", "/usr/share/dygraphs"]

    def _mpicc(self):
        """The MPI compiler wrapper configure takes the MPI flags from."""
        mpi = self.spec["mpi"]
        # Debian's MPICH as an external in /usr: /usr/bin/mpicc is the MPI
        # the alternatives system chose (Open MPI's when both are
        # installed); mpicc.mpich is MPICH's own.
        if mpi.name == "mpich" and mpi.external:
            own = join_path(mpi.prefix.bin, "mpicc.mpich")
            if os.path.exists(own):
                return own
        return mpi.mpicc

    def configure_args(self):
        spec = self.spec
        args = ["MPICC={0}".format(self._mpicc())]
        if spec.satisfies("+report"):
            args.append("GNUPLOT={0}".format(spec["gnuplot"].prefix.bin.gnuplot))
        if spec.satisfies("+db"):
            args.append("--enable-db")
            for d in self.dygraphs_dirs:
                if all(
                    os.path.isfile(join_path(d, f)) for f in ("dygraph.min.js", "dygraph.min.css")
                ):
                    args.append("DYGRAPHS_DIR={0}".format(d))
                    break
            else:
                raise InstallError(
                    "skampi +db serves the dygraphs chart library, which Spack does not "
                    "package: install it on the system (Debian: apt-get install "
                    "libjs-dygraphs) so that dygraph.min.js and dygraph.min.css are in "
                    "one of " + ", ".join(self.dygraphs_dirs) + ", or install skampi ~db"
                )
        else:
            args.append("--disable-db")
        return args
