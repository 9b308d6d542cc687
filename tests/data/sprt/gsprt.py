#!/usr/bin/env python3
"""Independent reference for weightforge's SPRT (tests/suite/sprt.rs reads llr.csv).

Implements the generalised SPRT on pentanomial pair counts in normalised Elo as
published by fishtest (M. Van den Bergh, "Normalized Elo: practical considerations",
https://hardy.uhasselt.be/Fishtest/normalized_elo_practical.pdf, section 4.1; the
reference implementation is fishtest's server/fishtest/stats/LLRcalc.py, functions
LLR_normalized / MLE_t_value / secular / results_to_pdf). Written from the formulas,
standard library only: the secular equation is solved by bisection instead of scipy's
brentq.

    python3 tests/data/sprt/gsprt.py > tests/data/sprt/llr.csv

Columns: the five pentanomial counts, elo0, elo1 (normalised Elo), llr.
"""
import math

NELO_PER_NT = 800 / math.log(10)
EPS_COUNT = 1e-3  # a zero count is replaced by this (fishtest's regularize)


def mean_var(pdf):
    mu = sum(p * a for a, p in pdf)
    return mu, sum(p * (a - mu) ** 2 for a, p in pdf)


def secular(pdf):
    """The x with sum p_i a_i / (1 + x a_i) = 0, for min a < 0 < max a."""
    lo = -1 / max(a for a, _ in pdf)
    hi = -1 / min(a for a, _ in pdf)
    f = lambda x: sum(p * a / (1 + x * a) for a, p in pdf)
    lo, hi = lo + 1e-9, hi - 1e-9
    # f decreases on (lo, hi): f(lo) > 0 > f(hi).
    for _ in range(200):
        mid = (lo + hi) / 2
        if f(mid) > 0:
            lo = mid
        else:
            hi = mid
    return (lo + hi) / 2


def mle_t(pdf, ref, t):
    """The distribution on the same points closest in likelihood to pdf whose
    t-value (mu - ref) / sigma is t."""
    n = len(pdf)
    q = [(a, 1 / n) for a, _ in pdf]
    for _ in range(10):
        mu, var = mean_var(q)
        sigma = math.sqrt(var)
        shifted = [(a - ref - t * sigma * (1 + ((mu - a) / sigma) ** 2) / 2, p) for a, p in pdf]
        x = secular(shifted)
        new = [(pdf[i][0], pdf[i][1] / (1 + x * shifted[i][0])) for i in range(n)]
        done = max(abs(new[i][1] - q[i][1]) for i in range(n)) < 1e-9
        q = new
        if done:
            break
    return q


def llr(counts, elo0, elo1):
    if sum(counts) == 0:
        return 0.0  # no pairs: no evidence (weightforge's convention)
    c = [x if x > 0 else EPS_COUNT for x in counts]
    total = sum(c)
    pdf = [(i / 4, c[i] / total) for i in range(5)]
    t0, t1 = (e / NELO_PER_NT * math.sqrt(2) for e in (elo0, elo1))
    q0, q1 = mle_t(pdf, 0.5, t0), mle_t(pdf, 0.5, t1)
    return total * sum(p * (math.log(q1[i][1]) - math.log(q0[i][1])) for i, (_, p) in enumerate(pdf))


CASES = [
    ([0, 0, 0, 0, 0], 0, 5),
    ([0, 0, 100, 0, 0], 0, 5),
    ([0, 0, 0, 0, 100], 0, 5),
    ([100, 0, 0, 0, 0], 0, 5),
    ([10, 20, 40, 20, 10], 0, 5),
    ([5, 20, 40, 25, 10], 0, 5),
    ([1, 3, 10, 30, 56], 0, 5),
    ([56, 30, 10, 3, 1], 0, 5),
    ([0, 1, 7, 30, 12], 0, 5),
    ([120, 800, 2400, 900, 150], 0, 2),
    ([120, 800, 2400, 900, 150], -1, 3),
    ([3, 15, 50, 20, 2], 0, 10),
    ([0, 0, 3, 1, 0], 0, 5),
    ([0, 2, 0, 2, 0], 0, 5),
]

if __name__ == "__main__":
    print("ll,ld,dd,dw,ww,elo0,elo1,llr")
    for counts, e0, e1 in CASES:
        print(",".join(str(x) for x in counts) + f",{e0},{e1},{llr(counts, e0, e1)!r}")
