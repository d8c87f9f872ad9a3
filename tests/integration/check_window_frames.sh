#!/usr/bin/env bash
# scripts/window_frames.sh, which scripts/bench.sh runs for the window's table: a real run of
# aabb-sandbox gives a row of mean / median / p99 figures for every stage and the memory; a run that
# fails gives a row saying so and exit status 1; a bad COUNT:FRAMES is refused (status 2).
# Usage: check_window_frames.sh PROJECT_ROOT AABB_SANDBOX WORK_DIR
set -euo pipefail
root=$1
export AABB_SANDBOX=$2
work=$3
script="$root/scripts/window_frames.sh"
mkdir -p "$work"
fail() {
    echo "check_window_frames: $*" >&2
    exit 1
}

"$script" "$work/window.md" 300:4 || fail "a run of 300 boxes failed"
grep -qxF "## The window: CPU time per frame" "$work/window.md" || fail "no section heading"
figure='[0-9]+\.[0-9]+ / [0-9]+\.[0-9]+ / [0-9]+\.[0-9]+'
row="^\| 300 \| 4 \| $figure \| $figure \| $figure \| $figure \| $figure \| [1-9][0-9]* MB \|$"
grep -qE "$row" "$work/window.md" || {
    cat "$work/window.md" >&2
    fail "no row of figures for 300 boxes"
}

status=0
"$script" "$work/failed.md" 300:2 5000000:2 2>/dev/null || status=$?
[[ $status -eq 1 ]] || fail "a failed run gave status $status, not 1"
grep -qE "^\| 300 \| 2 \| $figure" "$work/failed.md" || fail "the good run's row is missing"
grep -qE "^\| 5,000,000 \| 2 \| failed: .*count" "$work/failed.md" || {
    cat "$work/failed.md" >&2
    fail "the failed run's row does not say why"
}

for bad in 300 300:x 0:4 300:0 300:4:5; do
    status=0
    "$script" "$work/bad.md" "$bad" 2>/dev/null || status=$?
    [[ $status -eq 2 ]] || fail "'$bad' gave status $status, not 2"
done
echo "window_frames.sh: rows, a failed run and bad arguments as expected"
