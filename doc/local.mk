# SPDX-License-Identifier: BSD-3-Clause
# doc/ -- the reference, the man pages and the gallery.
# make install puts the README and every page of doc/ into $(docdir).
dist_doc_DATA = README.md LICENSE AUTHORS NEWS \
	doc/suite-language.md doc/engine.md doc/output-format.md \
	doc/report.md doc/refinement.md doc/statistics.md \
	doc/install.md doc/batch.md doc/gallery.md \
	doc/robustness.md doc/reproducibility.md doc/hacking.md \
	doc/database.md
galleryimgdir = $(docdir)/gallery
# The pictures of doc/gallery.md, and what makes them again
# (doc/gallery/make-gallery.sh: measures, so not run by make check).
dist_galleryimg_DATA = doc/gallery/title.png doc/gallery/suite.png \
	doc/gallery/suite-chunks.png doc/gallery/suite-nodes.png doc/gallery/floor.png \
	doc/gallery/single.png doc/gallery/comparison.png \
	doc/gallery/group.png doc/gallery/group-bandwidth.png \
	doc/gallery/model.png doc/gallery/bcast-methods.png \
	doc/gallery/rate-bandwidth.png doc/gallery/rate-roundtrip.png \
	doc/gallery/collbw.png doc/gallery/overlap.png doc/gallery/ranks.png doc/gallery/tail.png \
	doc/gallery/placement.png \
	doc/gallery/runs-title.png doc/gallery/runs-repro.png \
	doc/gallery/compare-title.png doc/gallery/compare-test.png \
	doc/gallery/compare-repro.png \
	doc/gallery/web-runs.png doc/gallery/web-suites.png \
	doc/gallery/web-suites-limit.png \
	doc/gallery/web-plot.png doc/gallery/web-plot-bandwidth.png \
	doc/gallery/web-plot-floor.png \
	doc/gallery/web-compare.png doc/gallery/web-history.png \
	doc/gallery/web-history-nearest.png \
	doc/gallery/web-static-runs.png doc/gallery/web-static-suites.png \
	doc/gallery/web-static.png doc/gallery/web-static-bandwidth.png \
	doc/gallery/web-static-compare.png doc/gallery/web-static-history.png \
	doc/gallery/gallery.yaml doc/gallery/compare.skampi doc/gallery/tail.skampi \
	doc/gallery/make-gallery.sh
EXTRA_DIST += doc/suite-language.md
dist_man5_MANS = doc/skampi.5
EXTRA_DIST += doc/refinement.md
EXTRA_DIST += doc/statistics.md

