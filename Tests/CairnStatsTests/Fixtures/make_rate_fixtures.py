"""Writes scipy-rates.json: reference values for the rate-ratio, Poisson-binomial and
Benjamini-Hochberg functions of CairnStats (Sources/CairnStats/RateTests.swift).

Run from this folder with `python3 make_rate_fixtures.py` (scipy 1.17.1 made the committed file).
The Poisson-binomial tails are computed by enumerating every outcome (2^n, n <= 12), not by the
convolution CairnStats uses, so the two are independent.
"""
import itertools
import json

import scipy
from scipy import stats

out = {"scipy_version": scipy.__version__}

binomial = []
for k, n, p in ((7, 9, 0.5), (0, 10, 0.1), (10, 10, 0.5), (3, 20, 0.3), (12, 40, 0.25), (1, 1, 0.2), (5, 30, 0.0333)):
    exact = stats.binom.sf(k - 1, n, p)
    mid = stats.binom.sf(k, n, p) + 0.5 * stats.binom.pmf(k, n, p)
    greater = stats.binomtest(k, n, p, alternative="greater").pvalue
    binomial.append({"k": k, "n": n, "p0": p, "exact": float(exact), "mid": float(mid), "binomtest_greater": float(greater)})
out["binomial_greater"] = binomial

rates = []
# exposed onsets, onsets, exposed hours, unexposed hours
for x, n, te, tu in ((9, 30, 400.0, 2000.0), (3, 30, 400.0, 2000.0), (0, 12, 100.0, 900.0), (12, 12, 100.0, 900.0)):
    rates.append({"x": x, "n": n, "te": te, "tu": tu,
                  "exact": float(stats.binomtest(x, n, te / (te + tu), alternative="greater").pvalue),
                  "mid": float(stats.binom.sf(x, n, te / (te + tu)) + 0.5 * stats.binom.pmf(x, n, te / (te + tu)))})
out["rate_ratio_greater"] = rates


def poisson_binomial(probabilities):
    mass = [0.0] * (len(probabilities) + 1)
    for outcome in itertools.product((0, 1), repeat=len(probabilities)):
        weight = 1.0
        for bit, p in zip(outcome, probabilities):
            weight *= p if bit else 1 - p
        mass[sum(outcome)] += weight
    return mass


pb = []
for observed, probabilities in ((3, [0.1, 0.2, 0.3, 0.15, 0.05, 0.25, 0.2, 0.1]),
                                (0, [0.1, 0.2, 0.3]),
                                (5, [0.5, 0.5, 0.5, 0.5, 0.5, 1.0 / 3, 0.25, 0.2, 0.5, 0.4, 0.6, 0.1]),
                                (4, [1.0, 0.0, 0.2, 0.3, 0.4])):
    mass = poisson_binomial(probabilities)
    pb.append({"observed": observed, "probabilities": probabilities,
               "exact": sum(mass[observed:]), "mid": sum(mass[observed + 1:]) + 0.5 * mass[observed]})
out["poisson_binomial_greater"] = pb

bh = []
for ps in ([0.01, 0.04, 0.03, 0.2, 0.5], [0.005, 0.011, 0.02, 0.04, 0.13, 0.6, 0.9, 0.012, 0.3], [0.9, 0.9, 0.9]):
    bh.append({"p": ps, "adjusted": [float(v) for v in stats.false_discovery_control(ps, method="bh")]})
out["benjamini_hochberg"] = bh

out["normal_upper_tail"] = [{"z": z, "p": float(stats.norm.sf(z))} for z in (-1.0, 0.0, 1.6448536269514722, 2.3263478740408408, 3.5)]

with open("scipy-rates.json", "w") as f:
    json.dump(out, f, indent=1, sort_keys=True)
