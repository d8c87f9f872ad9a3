#!/usr/bin/env bash
# aabb-sandbox's outputs keep their promises (issue 48, items 4 and 5): every reproducer of the
# issue run for real, headless and through real frames (SDL's offscreen driver). A write error (a
# full disk, `ulimit -f 0`) exits 1 naming the flag, the file and the cause, and leaves an older
# file intact; an output over an input, an empty name or a missing folder exits 2 before any work.
# Usage: check_sandbox_writes.sh AABB_SANDBOX PROJECT_ROOT WORK_DIR
set -uo pipefail
sandbox=$1
root=$2
work=$3
rm -rf "$work"
mkdir -p "$work"
name=check_sandbox_writes
# shellcheck source=write_checks.sh
source "$(dirname "$0")/write_checks.sh"

scene=$work/mine.json
cp "$root/scenes/tunneling.json" "$scene"
same_scene() { cmp -s "$root/scenes/tunneling.json" "$scene" || fail "the scene was overwritten"; }
lesson=$work/lesson.json
cp "$root/lessons/02_box_intervals.json" "$lesson"

# Headless scene runs: --report.
expect 2 "aabb-sandbox: --report: '$scene' is the same file as --scene '$scene': the output would overwrite the input" \
    "$sandbox" --headless --scene "$scene" --frames 3 --report "$scene"
same_scene
expect 1 "aabb-sandbox: --report: cannot write '/dev/full': No space left on device" \
    "$sandbox" --headless --scene "$scene" --frames 3 --report /dev/full
report=$work/report.json
old_file "$report"
expect 1 "aabb-sandbox: --report: cannot write '$report': File too large" \
    limited "$sandbox" --headless --scene "$scene" --frames 3 --report "$report"
intact "$report"
expect 2 "aabb-sandbox: --report: cannot write '$work/missing/report.json': No such file or directory" \
    "$sandbox" --headless --scene "$scene" --frames 3 --report "$work/missing/report.json"
expect 2 "--report: the file name is empty" "$sandbox" --headless --scene "$scene" --report ""
expect 1 "aabb-sandbox: cannot write the report to standard output" \
    bash -c 'exec "$@" >/dev/full' run "$sandbox" --headless --scene "$scene" --frames 3

# Headless lessons: --readouts.
expect 1 "aabb-sandbox: --readouts: cannot write '/dev/full': No space left on device" \
    "$sandbox" --headless --lesson box_intervals --readouts /dev/full
expect 2 "aabb-sandbox: --readouts: '$lesson' is the same file as --lesson '$lesson': the output would overwrite the input" \
    "$sandbox" --headless --lesson "$lesson" --readouts "$lesson"
cmp -s "$root/lessons/02_box_intervals.json" "$lesson" || fail "the lesson was overwritten"
readouts=$work/readouts.json
old_file "$readouts"
expect 1 "aabb-sandbox: --readouts: cannot write '$readouts': File too large" \
    limited "$sandbox" --headless --lesson box_intervals --readouts "$readouts"
intact "$readouts"
expect 2 "--readouts: the file name is empty" \
    "$sandbox" --headless --lesson box_intervals --readouts ""

# The window through real frames: --screenshot, --export-csv, --export-png.
expect 1 "aabb-sandbox: error: --screenshot: cannot write '/dev/full': No space left on device" \
    "$sandbox" --count 20 --frames 2 --screenshot /dev/full
grep -q "screenshot written" "$work/last.txt" && fail "a failed screenshot said 'screenshot written'"
shot=$work/shot.png
old_file "$shot"
expect 1 "--screenshot: cannot write '$shot': File too large" \
    limited "$sandbox" --count 20 --frames 2 --screenshot "$shot"
intact "$shot"
expect 2 "aabb-sandbox: --screenshot: '$scene' is the same file as --scene '$scene': the output would overwrite the input" \
    "$sandbox" --scene "$scene" --frames 2 --screenshot "$scene"
same_scene
expect 2 "aabb-sandbox: --export-png: '$work/s.out' is the same file as --export-csv '$work/s.out': each output needs a file of its own" \
    "$sandbox" --frames 2 --scaling-sweep 100,200 --export-csv "$work/s.out" --export-png "$work/s.out"
expect 1 "aabb-sandbox: error: --export-png: Could not export: cannot write '/dev/full': No space left on device" \
    "$sandbox" --frames 2 --scaling-sweep 100,200 --export-png /dev/full
expect 1 "aabb-sandbox: error: --export-csv: Could not export: cannot write '/dev/full': No space left on device" \
    "$sandbox" --frames 2 --scaling-sweep 100,200 --export-csv /dev/full
csv=$work/sweep.csv
old_file "$csv"
expect 1 "--export-csv: Could not export: cannot write '$csv': File too large" \
    limited "$sandbox" --frames 2 --scaling-sweep 100,200 --export-csv "$csv"
intact "$csv"
expect 2 "aabb-sandbox: --export-csv: cannot write '$work/missing/s.csv': No such file or directory" \
    "$sandbox" --frames 2 --scaling-sweep 100,200 --export-csv "$work/missing/s.csv"

leftovers=$(find "$work" -name '.*.tmp-*' | head -3)
[[ -z $leftovers ]] || fail "temporary files left behind: $leftovers"
if [[ $failures -ne 0 ]]; then
    echo "check_sandbox_writes: $failures check(s) failed" >&2
    exit 1
fi
echo "sandbox writes ok"
