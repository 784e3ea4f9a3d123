#!/usr/bin/env bash
# CI's short fuzzing run (fuzz/README.md): each atheris target of fuzz/ for a few thousand
# inputs from its seed corpus on the compiled modules, then a thousand on the pure-Python
# twins (XZ_PUREPYTHON=1: the code the compiled modules stand for, instrumented); fails on
# the first crash, leaving the input that made it in $FUZZ_OUT/crashes (default: a temporary
# folder, printed). Installs atheris into this python if it is missing.
#   bash scripts/fuzz_briefly.sh            # FUZZ_RUNS=3000 FUZZ_TWIN_RUNS=1000 FUZZ_SECONDS=30 FUZZ_SEED=1
set -euo pipefail
cd "$(dirname "$0")/.."
python=${PYTHON:-python}
runs=${FUZZ_RUNS:-3000}
twin_runs=${FUZZ_TWIN_RUNS:-1000}
seconds=${FUZZ_SECONDS:-30}
seed=${FUZZ_SEED:-1}  # fixed, so a CI run is repeatable; FUZZ_SEED=0 lets libFuzzer pick
out=${FUZZ_OUT:-$(mktemp -d)}

if ! "$python" -c "import atheris" 2>/dev/null; then
    echo "== installing atheris (the extra xzcore[fuzz])"
    "$python" -m pip install -q atheris
fi

mkdir -p "$out/crashes"
"$python" fuzz/make_corpus.py --out "$out/seeds"

fuzz() {  # fuzz TARGET BACKEND RUNS [env arguments...]
    local target=$1 backend=$2 n=$3
    shift 3
    local work=$out/work-$target-$backend log=$out/$target-$backend.log
    mkdir -p "$work"
    if ! env "$@" nice -n 10 "$python" "fuzz/${target}_target.py" "$work" "$out/seeds/$target" \
        -atheris_runs="$n" -max_total_time="$seconds" -max_len=16384 -rss_limit_mb=2048 -seed="$seed" \
        -artifact_prefix="$out/crashes/$target-" >"$log" 2>&1; then
        grep -v '^INFO: Instrumenting' "$log" | tail -n 40
        echo "fuzz/${target}_target.py crashed: the input is in $out/crashes/" \
            "(reproduce: python fuzz/${target}_target.py FILE; fuzz/README.md)"
        exit 1
    fi
    grep -E '^(#[0-9]+|Done)' "$log" | tail -n 2 | sed "s|^|    $target ($backend): |"
}

# Each target on the compiled modules and on the twins at once (two processes: two cores).
for target in log_reader audit_bytes hand_jsonl; do
    echo "== fuzz/${target}_target.py: $runs inputs (compiled modules), $twin_runs (twins)"
    fuzz "$target" compiled "$runs" &
    compiled=$!
    twins=0
    (fuzz "$target" twins "$twin_runs" -u XZ_REQUIRE_COMPILED XZ_PUREPYTHON=1) || twins=$?
    wait "$compiled"
    [ "$twins" = 0 ] || exit "$twins"
done
echo "== no crash (logs in $out)"
