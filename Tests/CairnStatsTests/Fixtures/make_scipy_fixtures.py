"""Writes scipy.json: reference values for CairnStats, computed once with scipy.

Run from this folder with `python3 make_scipy_fixtures.py` (scipy 1.17.1 made the committed file).
Every case is small and fixed so the file never changes unless scipy's answer does.
"""
import json
import math

import scipy
from scipy import stats
from scipy.stats.contingency import odds_ratio

x = [2.1, 3.4, 1.9, 5.6, 4.4, 6.1, 3.3, 7.0, 5.2, 4.8, 6.6, 2.9]
y = [1.0, 2.2, 1.5, 3.9, 2.6, 4.8, 2.0, 5.1, 3.0, 3.7, 4.1, 2.5]
ties_x = [1, 2, 2, 3, 4, 4, 4, 5, 6, 7]
ties_y = [2, 1, 3, 3, 5, 4, 6, 6, 8, 7]
group_a = [5.1, 4.9, 6.2, 5.8, 6.0, 5.5, 5.3, 6.4]
group_b = [4.1, 4.5, 3.9, 5.0, 4.4, 4.8, 4.2, 3.7, 4.6, 4.0]
tied_a = [1, 2, 2, 3, 3, 3, 4]
tied_b = [2, 3, 4, 4, 5, 5, 6, 6]

out = {"scipy_version": scipy.__version__}
r = stats.pearsonr(x, y)
out["pearson"] = {"x": x, "y": y, "r": r.statistic, "p": r.pvalue}
s = stats.spearmanr(ties_x, ties_y)
out["spearman_ties"] = {"x": ties_x, "y": ties_y, "rho": s.statistic, "p": s.pvalue}
fit = stats.linregress(x, y)
t = stats.t.ppf(0.975, len(x) - 2)
out["linregress"] = {"x": x, "y": y, "slope": fit.slope, "intercept": fit.intercept, "r_squared": fit.rvalue ** 2,
                     "p": fit.pvalue, "slope_se": fit.stderr, "intercept_se": fit.intercept_stderr,
                     "slope_ci": [fit.slope - t * fit.stderr, fit.slope + t * fit.stderr]}
w = stats.ttest_ind(group_a, group_b, equal_var=False)
out["welch"] = {"a": group_a, "b": group_b, "t": w.statistic, "p": w.pvalue, "df": w.df}
m = stats.mannwhitneyu(tied_a, tied_b, alternative="two-sided", method="asymptotic", use_continuity=True)
out["mann_whitney_ties"] = {"a": tied_a, "b": tied_b, "u": m.statistic, "p": m.pvalue}
m2 = stats.mannwhitneyu(group_a, group_b, alternative="two-sided", method="asymptotic", use_continuity=True)
out["mann_whitney"] = {"a": group_a, "b": group_b, "u": m2.statistic, "p": m2.pvalue}
fisher = []
for table in ([[7, 2], [3, 8]], [[3, 1], [1, 3]], [[0, 5], [6, 1]], [[10, 10], [10, 10]], [[1, 9], [11, 3]]):
    fisher.append({"table": table, "p": stats.fisher_exact(table, alternative="two-sided").pvalue})
out["fisher"] = fisher
binomial = []
for k, n, p in ((7, 9, 0.5), (3, 20, 0.3), (0, 10, 0.1), (10, 10, 0.5), (12, 40, 0.25)):
    result = stats.binomtest(k, n, p)
    ci = result.proportion_ci(confidence_level=0.95, method="wilson")
    binomial.append({"k": k, "n": n, "p0": p, "p": result.pvalue, "wilson": [ci.low, ci.high]})
out["binomial"] = binomial
ors = []
for table in ([[7, 2], [3, 8]], [[12, 30], [5, 40]]):
    result = odds_ratio(table, kind="sample")
    ci = result.confidence_interval(confidence_level=0.95)
    ors.append({"table": table, "odds_ratio": result.statistic, "ci": [ci.low, ci.high]})
out["odds_ratio"] = ors
quantile_data = [3.1, 1.2, 8.5, 4.4, 2.0, 9.9, 5.5]
out["quantiles"] = {"data": quantile_data,
                    "q": {str(q): float(scipy.stats.mstats.mquantiles(quantile_data, prob=[q], alphap=1, betap=1)[0])
                          for q in (0.1, 0.25, 0.5, 0.9)}}

with open("scipy.json", "w") as f:
    json.dump(out, f, indent=1, sort_keys=True)
