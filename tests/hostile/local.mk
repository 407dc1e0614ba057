# tests/hostile/ -- what a hostile suite file, result file or planted file
# cannot make skampi, skampi-report and skampi-merge destroy
# (doc/robustness.md, "Security").
TESTS += tests/hostile/outputs.sh
EXTRA_DIST += tests/hostile/outputs.sh
