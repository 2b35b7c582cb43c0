#!/usr/bin/env python3
"""The numbers tst_tablesignificance expects, computed independently of core/tables/significance.cpp:
the textbook formulas with mpmath's regularised incomplete beta at 40 digits (Debian's python3-mpmath).
Each row against the baseline row "base"; differences in percent points (val/top1 is a percent column)."""
import mpmath as mp

mp.mp.dps = 40
base = {0: "0.70", 1: "0.72", 2: "0.71"}
rows = {
    "paired": {0: "0.75", 1: "0.78", 2: "0.76"},
    "welch": {0: "0.69", 1: "0.74", 2: "0.71", 3: "0.73"},
    "worse": {0: "0.60", 1: "0.63", 2: "0.61"},
    "two": {0: "0.74", 1: "0.77"},
}


def cdf(t, df):  # Student t, P(T <= t)
    x = df / (df + t * t)
    tail = mp.betainc(df / 2, mp.mpf(1) / 2, 0, x, regularized=True) / 2
    return 1 - tail if t > 0 else tail


def quantile(p, df):
    return mp.findroot(lambda t: cdf(t, df) - p, 2)


def mean(v):
    return sum(v) / len(v)


def var(v):
    m = mean(v)
    return sum((x - m) ** 2 for x in v) / (len(v) - 1)


def ci(v):
    n = len(v)
    h = quantile(mp.mpf("0.975"), n - 1) * mp.sqrt(var(v) / n)
    return mean(v) - h, mean(v) + h


for name, row in rows.items():
    a = [mp.mpf(row[s]) for s in sorted(row)]
    if sorted(row) == sorted(base):
        b = [mp.mpf(base[s]) for s in sorted(base)]
        d = [x - y for x, y in zip(a, b)]
        diff, se, df, test = mean(d), mp.sqrt(var(d) / len(d)), len(d) - 1, "paired"
    else:
        b = [mp.mpf(base[s]) for s in sorted(base)]
        va, vb = var(a) / len(a), var(b) / len(b)
        diff, se, test = mean(a) - mean(b), mp.sqrt(va + vb), "welch"
        df = (va + vb) ** 2 / (va ** 2 / (len(a) - 1) + vb ** 2 / (len(b) - 1))
    t = diff / se
    p = 2 * cdf(-abs(t), df)
    h = quantile(mp.mpf("0.975"), df) * se
    lo, hi = ci(a)
    print(f"{name}: test={test} diff={mp.nstr(100 * diff, 17)} diff_ci=[{mp.nstr(100 * (diff - h), 17)}, "
          f"{mp.nstr(100 * (diff + h), 17)}] t={mp.nstr(t, 17)} df={mp.nstr(df, 17)} p={mp.nstr(p, 17)} "
          f"ci=[{mp.nstr(100 * lo, 17)}, {mp.nstr(100 * hi, 17)}]")
lo, hi = ci([mp.mpf(base[s]) for s in sorted(base)])
print(f"base: ci=[{mp.nstr(100 * lo, 17)}, {mp.nstr(100 * hi, 17)}]")
