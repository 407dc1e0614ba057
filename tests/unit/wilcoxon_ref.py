#!/usr/bin/env python3
# SPDX-License-Identifier: BSD-3-Clause
# wilcoxon_ref.py -- prints the reference p-values that
# tests/unit/test_wilcoxon.c checks lib/wilcoxon.c against.
#
# Not run by `make check` (it needs SciPy); run it by hand:
#   python3 -m venv /tmp/sp && /tmp/sp/bin/pip install scipy
#   /tmp/sp/bin/python tests/unit/wilcoxon_ref.py
# The values in test_wilcoxon.c came from SciPy 1.17.1 (NumPy 2.4.6,
# Python 3) through scipy.stats.mannwhitneyu(x, y, alternative=ALT,
# method=METHOD, use_continuity=True) for ALT in two-sided, less, greater.
# Generated samples use integer formulas that the C test repeats exactly.
import sys
import scipy
from scipy.stats import mannwhitneyu


def gen_a(n, shift):
    return [float((i * 7919) % 1009) + shift for i in range(1, n + 1)]


def gen_b(n, shift):
    return [float((j * 104729 + 13) % 1013) + 0.5 + shift
            for j in range(1, n + 1)]


CASES = [
    # name, x, y, method
    ("small", [1.1, 2.3, 0.7, 4.5, 3.2], [5.1, 6.2, 4.9, 7.3, 5.5, 6.8],
     "exact"),
    ("mixed", [19, 22, 16, 29, 24], [20, 11, 17, 12], "exact"),
    ("one_one", [1], [2], "exact"),
    ("one_four", [3], [1, 2, 4, 5], "exact"),
    ("gen_7_9", gen_a(7, 0), gen_b(9, 300), "exact"),
    ("gen_12_15", gen_a(12, 0), gen_b(15, 150), "exact"),
    ("gen_30_45", gen_a(30, 100), gen_b(45, 0), "exact"),
    ("gen_50_50", gen_a(50, 0), gen_b(50, 120), "exact"),
    ("gen_50_50n", gen_a(50, 0), gen_b(50, 120), "asymptotic"),
    ("gen_60_70", gen_a(60, 0), gen_b(70, 80), "asymptotic"),
    ("sep_20_20", list(range(20)), list(range(100, 120)), "exact"),
    ("ties", [1, 2, 2, 3, 3, 3, 5], [2, 3, 4, 4, 5, 6, 6, 7], "asymptotic"),
    ("ties_big", [(v // 100) for v in gen_a(55, 0)],
     [((v + 60) // 100) for v in gen_b(60, 0)], "asymptotic"),
    ("equal", [1, 2, 3, 4, 5], [1, 2, 3, 4, 5], "asymptotic"),
    ("one_tie", [1], [1], "asymptotic"),
    ("small_norm", [1.1, 2.3, 0.7, 4.5, 3.2], [5.1, 6.2, 4.9, 7.3, 5.5, 6.8],
     "asymptotic"),
]

print("scipy", scipy.__version__, "python", sys.version.split()[0])
for name, x, y, method in CASES:
    ps = []
    for alt in ("two-sided", "less", "greater"):
        r = mannwhitneyu(x, y, alternative=alt, method=method,
                         use_continuity=True)
        ps.append(r.pvalue)
    print("%-11s %-10s U=%-8g two=%.17g less=%.17g greater=%.17g"
          % (name, method, r.statistic, ps[0], ps[1], ps[2]))
