#!/usr/bin/env bash
# The long run of fuzz/README.md: each target in turn (one core at a time, nice), for a given
# number of inputs, from its seed corpus into a work corpus; the end of libFuzzer's output
# and the peak memory (GNU time's maximum resident set size) per target into OUT/.
#   bash fuzz/long_run.sh OUT hand_jsonl=700000 audit_bytes=150000 log_reader=150000
# Extra libFuzzer flags for every target in FUZZ_FLAGS (default: -max_len=16384, so a
# single game fits whole, and -rss_limit_mb=2048).
set -uo pipefail
cd "$(dirname "$0")/.."
out=${1:?usage: fuzz/long_run.sh OUT TARGET=RUNS...}
shift
python=${PYTHON:-python}
flags=${FUZZ_FLAGS:--max_len=16384 -rss_limit_mb=2048}
mkdir -p "$out"
"$python" fuzz/make_corpus.py >"$out/corpus.txt"
status=0
for spec in "$@"; do
    target=${spec%%=*}
    runs=${spec#*=}
    mkdir -p "$out/work-$target" "$out/crashes"
    echo "== $target: $runs inputs ($(date -u +%H:%M:%S))"
    # shellcheck disable=SC2086 # the flags are words
    /usr/bin/time -v -o "$out/$target.time" nice -n 10 "$python" "fuzz/${target}_target.py" \
        $flags -atheris_runs="$runs" -print_final_stats=1 \
        -artifact_prefix="$out/crashes/$target-" \
        "$out/work-$target" "fuzz/corpus/$target" >"$out/$target.log" 2>&1 || status=1
    grep -v '^INFO: Instrumenting' "$out/$target.log" | grep -E '^(#|Done|stat::|==)' | tail -n 4
    grep 'Maximum resident' "$out/$target.time"
done
exit $status
