# tests/db/ -- skampi-db on stored result files (no MPI).
