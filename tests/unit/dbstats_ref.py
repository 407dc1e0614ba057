#!/usr/bin/python3
# SPDX-License-Identifier: BSD-3-Clause
# dbstats_ref.py -- prints the reference values that
# tests/unit/test_dbstats.c checks lib/fdr.c and lib/hlshift.c against.
#
# Not run by `make check` (it needs SciPy); run it by hand:
#   apt-get install python3-scipy     (Debian 12: SciPy 1.10.1)
#   /usr/bin/python3 tests/unit/dbstats_ref.py
# The values in test_dbstats.c came from SciPy 1.10.1 (NumPy 1.24.2,
# Python 3.11):
# - the null distribution of the Mann-Whitney U, exact: P(U <= u) is
#   scipy.stats.mannwhitneyu(x, y, alternative='less', method='exact')
#   .pvalue for samples x, y built to have U = u;
# - the normal quantile: scipy.stats.norm.ppf;
# - p-values to adjust: scipy.stats.mannwhitneyu of generated samples.
# The Benjamini-Hochberg adjustment itself is the published procedure
# written out below with NumPy (SciPy 1.10 has no false_discovery_control;
# 1.11's gives the same numbers).  The Hodges-Lehmann interval follows
# Hollander & Wolfe (R's wilcox.test): k the smallest q with
# P(U <= q) >= alpha/2, at least 1; interval [d(k), d(mn + 1 - k)].
import math
import numpy as np
import scipy
from scipy.stats import mannwhitneyu, norm


def u_cdf(m, n, u):
    """P(U <= u), U the count of pairs with x > y, exactly, from SciPy."""
    if u < 0:
        return 0.0
    u = min(u, m * n)
    y = list(range(n))
    x, left = [], u
    for _ in range(m):           # x_i above c_i of the y's
        c = min(n, left)
        x.append(c - 0.5)
        left -= c
    return mannwhitneyu(x, y, alternative='less', method='exact').pvalue


def hl(x, y, conf):
    m, n = len(x), len(y)
    d = np.sort(np.subtract.outer(np.array(y, float), np.array(x, float)).ravel())
    est = np.median(d)
    alpha = 1 - conf
    if m <= 50 and n <= 50:
        q = 0
        while u_cdf(m, n, q) < alpha / 2:
            q += 1
        k = max(q, 1)
        cov = 1 - 2 * u_cdf(m, n, k - 1)
    else:
        mn = m * n
        sigma = math.sqrt(mn * (m + n + 1) / 12)
        k = max(1, math.floor(mn / 2 + 0.5 - norm.ppf(1 - alpha / 2) * sigma))
        cov = 1 - 2 * norm.cdf((k - 0.5 - mn / 2) / sigma)
    return est, d[k - 1], d[m * n - k], k, cov


def bh(p):
    p = np.asarray(p, float)
    ok = ~np.isnan(p)
    q = np.full(p.shape, np.nan)
    v = p[ok]
    m = len(v)
    order = np.argsort(v, kind='stable')
    adj = v[order] * m / np.arange(1, m + 1)
    adj = np.minimum.accumulate(adj[::-1])[::-1]
    out = np.empty(m)
    out[order] = np.minimum(adj, 1)
    q[ok] = out
    return q


def gen_a(n, shift):
    return [float((i * 7919) % 1009) + shift for i in range(1, n + 1)]


def gen_b(n, shift):
    return [float((j * 104729 + 13) % 1013) + 0.5 + shift
            for j in range(1, n + 1)]


print("SciPy", scipy.__version__, "NumPy", np.__version__)
for m, n, u in [(5, 6, 3), (5, 6, 15), (12, 15, 50), (30, 45, 500),
                (50, 50, 1000)]:
    print("u_cdf", m, n, u, repr(u_cdf(m, n, u)))
CASES = [
    ("small", [1.1, 2.3, 0.7, 4.5, 3.2], [5.1, 6.2, 4.9, 7.3, 5.5, 6.8], 0.95),
    ("tiny", [1.0, 2.0], [3.0, 4.5], 0.95),
    ("gen_12_15", gen_a(12, 0), gen_b(15, 150), 0.95),
    ("gen_12_15_90", gen_a(12, 0), gen_b(15, 150), 0.90),
    ("gen_60_70", gen_a(60, 0), gen_b(70, 80), 0.95),
]
for name, x, y, conf in CASES:
    est, lo, hi, k, cov = hl(x, y, conf)
    print("hl", name, repr(est), repr(lo), repr(hi), k, repr(cov))
rx = [1.00, 1.10, 0.95, 1.05, 1.02, 0.98]
ry = [1.21, 1.30, 1.18, 1.26, 1.24, 1.19, 1.33]
est, lo, hi, k, cov = hl(np.log(rx), np.log(ry), 0.95)
print("ratio", repr(math.exp(est)), repr(math.exp(lo)), repr(math.exp(hi)),
      k, repr(cov))
ps = [mannwhitneyu(gen_a(8, 0), gen_b(9, s), method='exact').pvalue
      for s in (0, 100, 200, 300, 400, 500)]
print("p", [repr(v) for v in ps])
print("bh", [repr(v) for v in bh(ps)])
fixed = [0.01, 0.04, 0.03, 0.005, 0.2, 0.5, float('nan'), 0.04]
print("bh_fixed", [repr(v) for v in bh(fixed)])
