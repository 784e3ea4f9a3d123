#!/usr/bin/env bash
# Use the package as users get it (CI: .ci/run, after the README's commands).
#
#   bash scripts/check_install.sh
#
# Builds an sdist and a wheel from this tree (`python -m build`: the wheel is built from the
# sdist), checks what each holds (scripts/check_dist.py), installs the wheel into a fresh venv
# and runs the CLI from a folder outside the source tree — the README's main job on a copy of
# replays/ ending exactly as replays/README.md promises, and keygen → record --sign → audit —
# then installs the wheel built from the sdist into another fresh venv and runs the sdist's own
# tests against that installation (all collected; those of its data, docs and CLI run). Any difference exits
# non-zero.
set -euo pipefail
src=$(cd "$(dirname "$0")/.." && pwd)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
py=${PYTHON:-python3}

step() { printf '\n== [%ss in this script] %s\n' "$SECONDS" "$*"; }
fail() { printf 'check_install: %s\n' "$*" >&2; exit 1; }
# expect CODE CMD...: run CMD, keep its stdout in $work/out, fail unless it exits CODE
expect() {
    local want=$1 got=0
    shift
    "$@" >"$work/out" || got=$?
    [ "$got" = "$want" ] || { cat "$work/out"; fail "'$*' exited $got, expected $want"; }
}

step "build the sdist and, from it, the wheel"
"$py" -m venv "$work/tools"
"$work/tools/bin/pip" install -q --upgrade pip build
"$work/tools/bin/python" -m build -q --outdir "$work/dist" "$src" >/dev/null
wheel=$(ls "$work"/dist/*.whl)
sdist=$(ls "$work"/dist/*.tar.gz)
"$work/tools/bin/python" "$src/scripts/check_dist.py" --list "$wheel" "$sdist"

step "the wheel in a fresh venv, used from outside the source tree"
"$py" -m venv "$work/wheel-venv"
"$work/wheel-venv/bin/pip" install -q --upgrade pip
"$work/wheel-venv/bin/pip" install -q "$wheel"
export PATH="$work/wheel-venv/bin:$PATH"
mkdir "$work/outside"
cd "$work/outside"
expect 0 xz --version
grep -q "kernel: cython" "$work/out" || fail "xz --version: $(cat "$work/out")"
expect 0 python -c '
import importlib, pkgutil, xzcore
names = [m.name for m in pkgutil.walk_packages(xzcore.__path__, "xzcore.")
         if not m.name.endswith(".__main__")]
for name in names:
    importlib.import_module(name)
assert xzcore.BACKEND == "cython", xzcore.BACKEND
print(len(names), "modules import")'
cat "$work/out"
expect 0 xz hand 1112345678999s --void m
grep -q "ready on 9 kind" "$work/out" || fail "xz hand: $(cat "$work/out")"
expect 0 xz record -n 20 --seed 7 -o games.xzlog
expect 0 xz replay games.xzlog --to 40
expect 0 xz audit games.xzlog
tail -n 1 "$work/out"
# mjai both ways (docs/mjai.md): an unsigned log comes back byte for byte
expect 0 xz convert games.xzlog --to mjai -o games.jsonl
expect 0 xz convert games.jsonl --from mjai -o back.xzlog
cmp -s games.xzlog back.xzlog || fail "xz convert: games.xzlog did not come back byte for byte"
# the built-in bots by name and by seat (docs/bots.md)
expect 0 xz record -n 5 --seed 7 --bot efficient --bot 0=careless -o bots.xzlog
expect 0 xz audit bots.xzlog
# the environment: without the extra, an error naming it; with it, PettingZoo's api_test
expect 1 bash -c "python -c 'from xzcore.env import raw_env; raw_env()' 2>&1"
grep -q "xzcore\[rl\]" "$work/out" || fail "raw_env without the extra: $(cat "$work/out")"

# The README's main job, verbatim, on a copy of the bundled replays/: the summary line and
# the exit code must be those replays/README.md promises.
cp -r "$src/replays" replays
main_job=$(sed -n '/^```console$/{n;p;q}' "$src/README.md" | sed 's/^pip install -e \. && //; s/ *#.*//')
promise=$(sed -n '/^```console$/,/^```$/{/game(s):/p}' "$src/replays/README.md" | head -n 1)
want_code=${promise##*exit }
echo "$main_job  →  $promise"
expect "$want_code" bash -c "$main_job"
[ "$(tail -n 1 "$work/out")" = "$promise" ] || fail "main job ended '$(tail -n 1 "$work/out")'"

# The HTML page: without the extra, a usage error naming it; with it, the page of the main
# job, its templates from the wheel.
expect 2 bash -c "xz audit --html report.html replays 2>&1"
grep -q "xzcore\[html\]" "$work/out" || fail "audit --html without Jinja2: $(cat "$work/out")"
"$work/wheel-venv/bin/pip" install -q "xzcore[html] @ file://$wheel"
expect "$want_code" xz audit --html report.html --verify-key replays/demo-key.pub replays
grep -qF "$promise" report.html || fail "report.html lacks the summary line"
expect 0 xz replay --html game.html games.xzlog --game 1
grep -q 'class="replay"' game.html || fail "game.html has no replay"
"$work/wheel-venv/bin/pip" install -q "xzcore[rl] @ file://$wheel"
expect 0 python -c '
from pettingzoo.test import api_test
from xzcore.env import raw_env
for preset in ("xuezhan", "xueliu", "leshan", "chengdu-classic"):
    api_test(raw_env(rules=preset, seed=1), num_cycles=200)
print("api_test passed on every preset")'

# A user's mypy sees the wheel's types (py.typed): the script's one planted error, found
# (tests/test_user_typing.py holds the editable install to the same script).
"$work/wheel-venv/bin/pip" install -q mypy
cp "$src/tests/typing_user/uses_xzcore.py" .
last=$(wc -l < uses_xzcore.py)
expect 1 python -m mypy --strict --no-incremental uses_xzcore.py
[ "$(grep -c ': error: ' "$work/out")" = 1 ] && grep -q "^uses_xzcore.py:$last: error: .*\[assignment\]" "$work/out" \
    || { cat "$work/out"; fail "mypy on a user's script against the wheel"; }

expect 0 xz keygen platform.key
expect 0 xz record --sign platform.key -n 10 --seed 3 -o signed.xzlog
expect 0 xz audit --verify-key platform.key.pub signed.xzlog
[ "$(tail -n 1 "$work/out")" = "10 game(s): 10 verified, 0 with findings (0 in all), 0 unreadable — exit 0" ] \
    || fail "signed audit ended '$(tail -n 1 "$work/out")'"
tail -n 1 "$work/out"

step "the sdist in another fresh venv: its own test suite against the installed package"
cd "$work"
"$py" -m venv "$work/sdist-venv"
"$work/sdist-venv/bin/pip" install -q --upgrade pip
# The package from the wheel that `python -m build` made of this very sdist (above): the
# sdist's build is proven there, and a third compile of the extensions would prove nothing more.
"$work/sdist-venv/bin/pip" install -q "xzcore[test] @ file://$wheel"
mkdir "$work/sdist-src"
tar -xzf "$sdist" -C "$work/sdist-src" --strip-components=1
cd "$work/sdist-src"
# PYTHONSAFEPATH: the tests (and the subprocesses they start) import the installed package,
# not the sdist's xzcore/ folder, which holds no compiled modules. Every test module of the
# sdist is collected (its helpers and imports are there); the tests that read its samples,
# data and docs or drive the installed CLI run. The whole suite ran above (.ci/run), twice,
# on the same code; scripts/check_dist.py holds the sdist to every tracked file its tests read.
PYTHONSAFEPATH=1 "$work/sdist-venv/bin/python" -m pytest -n 0 -q -p no:cacheprovider --collect-only \
    >"$work/collected" || { tail -n 20 "$work/collected"; fail "the sdist's tests do not collect"; }
tail -n 1 "$work/collected"
PYTHONSAFEPATH=1 "$work/sdist-venv/bin/python" -m pytest -q -p no:cacheprovider \
    tests/cli tests/golden tests/audit/test_bundled_replays.py tests/test_*.py
