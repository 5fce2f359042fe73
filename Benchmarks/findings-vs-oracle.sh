#!/usr/bin/env bash
# Findings that are there (issue 23): Cairn's pattern modules against the oracle, the test a
# person who knew the generating model would run on the same diaries, on every planted scenario
# and effect size, and false findings under the null and every logging scenario. 200 profiles x
# 180 days per scenario, seed 1 (the scenario files' defaults); Wilson 95% intervals.
#
#   Benchmarks/findings-vs-oracle.sh        writes Benchmarks/work/oracle-*.json, prints the tables
#
# The evaluation is deterministic: the same bytes on any build, number of workers or machine.
set -euo pipefail
cd "$(dirname "$0")/.."
. Benchmarks/common.sh
logging="null entry-dropping habit-forgetting after-onset-logging logging-burst post-headache-logging sparse-logging drift stop-logging"
# shellcheck disable=SC2086
"$cairn" evaluate $logging --module trigger-cooccurrence@2 --module trigger-cooccurrence@3 \
    --module sleep-correlation@2 --module sleep-correlation@3 --module weather-correlation@3 --module weather-correlation@4 \
    --format json > "$work/oracle-logging.json"
"$cairn" evaluate factor-hazard factor-effect --module trigger-cooccurrence@2 --module trigger-cooccurrence@3 \
    --format json > "$work/oracle-trigger.json"
"$cairn" evaluate sleep-effect --module sleep-correlation@2 --module sleep-correlation@3 --format json > "$work/oracle-sleep.json"
"$cairn" evaluate weather-effect --module weather-correlation@3 --module weather-correlation@4 --format json > "$work/oracle-weather.json"
# The opt-in lag sweep: a planted 24-48 h lag, and the null, with the sweep off and on.
"$cairn" evaluate factor-lag null --module trigger-cooccurrence@3 --set trigger-cooccurrence.lag_sweep=0,1 \
    --format json > "$work/oracle-lag.json"
echo "False findings (oracle in brackets):"
python3 Benchmarks/oracle_table.py false-findings "$work/oracle-logging.json"
echo
echo "Detection:"
python3 Benchmarks/oracle_table.py detection "$work/oracle-trigger.json" "$work/oracle-sleep.json" "$work/oracle-weather.json"
echo
echo "Lag sweep:"
python3 Benchmarks/oracle_table.py detection "$work/oracle-lag.json"
python3 Benchmarks/oracle_table.py false-findings "$work/oracle-lag.json"
