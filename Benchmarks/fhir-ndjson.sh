#!/usr/bin/env bash
# Importing a FHIR Bulk Data export of growing size: wall time and peak memory against the
# Observation.ndjson file's size (issue 26: read a line at a time), beside Python's json module
# parsing the same file line by line and storing nothing (the outside reference).
# The files repeat the fixture's carebundle observations (Tests/CairnStoreTests/Fixtures/fhir/ndjson)
# day after day, so no reading is a duplicate of another.
#
#   Benchmarks/fhir-ndjson.sh [REPEATS...]     (default: 250 1000 4000; 1000 is about 130 MB)
set -euo pipefail
cd "$(dirname "$0")/.."
. Benchmarks/common.sh
repeats=("$@")
[ ${#repeats[@]} -gt 0 ] || repeats=(250 1000 4000)
fixture=Tests/CairnStoreTests/Fixtures/fhir/ndjson
for count in "${repeats[@]}"; do
    folder="$work/fhir-ndjson-$count"
    if [ ! -f "$folder/Observation.ndjson" ]; then
        mkdir -p "$folder"
        cp "$fixture/Patient.ndjson" "$folder/"
        python3 - "$fixture/Observation.ndjson" "$folder/Observation.ndjson" "$count" <<'PY'
import datetime, json, sys
observations = [json.loads(line) for line in open(sys.argv[1])]
start = datetime.datetime(2000, 1, 1, 9, 0)
with open(sys.argv[2], "w") as out:
    for day in range(int(sys.argv[3])):
        for n, observation in enumerate(observations):
            copy = dict(observation, id=f"{observation['id']}-{day}")
            copy["effectiveDateTime"] = (start + datetime.timedelta(days=day, minutes=n)).strftime("%Y-%m-%dT%H:%M:00Z")
            out.write(json.dumps(copy, separators=(",", ":")) + "\n")
PY
    fi
    db="$work/fhir-ndjson-$count.sqlite"
    rm -f "$db" "${db%.sqlite}.rejects.csv"
    /usr/bin/time -f "%e %M" -o "$work/time.txt" "$cairn" import "$folder" --into "$db" --now 2030-01-01 --time-zone UTC > "$work/out.txt"
    read -r seconds kb < "$work/time.txt"
    /usr/bin/time -f "%e %M" -o "$work/time-py.txt" python3 -c '
import json, sys
print(sum(1 for line in open(sys.argv[1]) if json.loads(line)))' "$folder/Observation.ndjson" > "$work/out-py.txt"
    read -r py_seconds py_kb < "$work/time-py.txt"
    echo "$(du -m "$folder/Observation.ndjson" | cut -f1) MB Observation.ndjson, $(cat "$work/out-py.txt") resources: cairn import ${seconds} s," \
         "peak $((kb / 1024)) MiB ($(head -1 "$work/out.txt")); python json per line ${py_seconds} s, peak $((py_kb / 1024)) MiB"
done
