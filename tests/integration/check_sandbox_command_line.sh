#!/usr/bin/env bash
# aabb-sandbox's one command line (issue 51 item 1), run for real: --help in every mode, a bad
# value after --headless is a usage error (exit 2, "aabb-sandbox:" prefix), --step has one range
# in the window and headless, a flag of another mode is refused naming the mode, and --record /
# --events-csv work in the window: the window's events equal a headless run's of the same
# steps, its recording replays to the same events, and a write that fails exits 1. And the
# README names every flag --list-flags prints.
# Usage: check_sandbox_command_line.sh AABB_SANDBOX PROJECT_ROOT WORK_DIR [AABB_BENCH]
set -uo pipefail
sandbox=$1
root=$2
work=$3
rm -rf "$work"
mkdir -p "$work"
cd "$root" || exit 1
name=check_sandbox_command_line
# shellcheck source=write_checks.sh
source "$(dirname "$0")/write_checks.sh"
scene=tests/data/escape_after_wall.json

# --help in every mode (was: "unknown flag '--headless'", exit 2).
expect 0 "Headless scene runs (--headless" "$sandbox" --headless --help
expect 0 "Headless lesson runs (--headless --lesson NAME)" "$sandbox" --headless --lesson x --help
expect 0 "Exit status: 0 done; 1 a run, check or write failed; 2 a bad command line" \
    "$sandbox" --check-lessons lessons --help

# A bad value after --headless: exit 2 with the prefix (was: exit 1, no prefix).
expect 2 "aabb-sandbox: --broadphase: unknown algorithm 'nope' (known: brute_force," \
    "$sandbox" --headless --scene "$scene" --broadphase nope
expect 2 "aabb-sandbox: --ccd: unknown detection mode 'sometimes' (known: discrete, swept)" \
    "$sandbox" --headless --scene "$scene" --ccd sometimes
expect 2 "aabb-sandbox: --frames: expected a whole number in [0, 10000000], got 'x'" \
    "$sandbox" --headless --scene "$scene" --frames x

# --step: one range, 1..32, in the window and headless (was 1..1000 in the window).
expect 2 "aabb-sandbox: --step: expected a whole number in [1, 32], got '33'" \
    "$sandbox" --lesson box_intervals --step 33 --frames 2
expect 2 "aabb-sandbox: --step: expected a whole number in [1, 32], got '33'" \
    "$sandbox" --headless --lesson box_intervals --step 33

# A flag of one mode in another is refused, naming the flag and the mode.
expect 2 "aabb-sandbox: --screenshot: does not apply to --headless (see --help)" \
    "$sandbox" --headless --scene "$scene" --screenshot "$work/a.png"
expect 2 "aabb-sandbox: --report: does not apply to the window (see --help)" \
    "$sandbox" --scene "$scene" --report "$work/r.json" --frames 2
expect 2 "aabb-sandbox: --record: records a --scene FILE run: needs --scene" \
    "$sandbox" --record "$work/r.csv" --frames 2

# --record and --events-csv in the window: written when --frames ends.
expect 0 "aabb-sandbox: recording written to $work/window.csv" \
    "$sandbox" --scene "$scene" --ccd discrete --frames 6 --record "$work/window.csv" \
    --events-csv "$work/window_events.csv"
[[ -s "$work/window.csv" && -s "$work/window_events.csv" ]] || fail "the window wrote no files"
last=$(tail -n 1 "$work/window.csv" | cut -d, -f1)
[[ "$last" =~ ^[0-9]+$ && "$last" -ge 1 ]] || fail "the window recorded no step (last frame '$last')"
# The same steps headless give the same events, and the window's recording replays to them.
expect 0 "" "$sandbox" --headless --scene "$scene" --ccd discrete --frames "$last" \
    --events-csv "$work/headless_events.csv" --report "$work/headless.json"
cmp -s "$work/window_events.csv" "$work/headless_events.csv" ||
    fail "the window's events differ from a headless run of $last steps"
expect 0 "" "$sandbox" --headless --replay "$work/window.csv" --scene "$scene" --ccd discrete \
    --events-csv "$work/replay_events.csv" --report "$work/replay.json"
cmp -s "$work/window_events.csv" "$work/replay_events.csv" ||
    fail "the window's recording replays to different events"
# A write that fails exits 1 naming the flag and the file.
expect 1 "aabb-sandbox: --record: cannot write '/dev/full': No space left on device" \
    "$sandbox" --scene "$scene" --frames 2 --record /dev/full
expect 2 "aabb-sandbox: --events-csv: cannot write '$work/missing/e.csv': No such file or directory" \
    "$sandbox" --scene "$scene" --frames 2 --events-csv "$work/missing/e.csv"

# The README's flag tables name every flag of the flag table (--list-flags prints its names;
# --help lists the same flags, by mode).
"$sandbox" --list-flags >"$work/flags.txt" || fail "--list-flags failed"
"$sandbox" --help >"$work/help.txt" || fail "--help failed"
[[ "$(sort -u "$work/flags.txt")" == "$(grep -oE '^  --[a-z-]+' "$work/help.txt" | sed 's/^  //' | sort -u)" ]] ||
    fail "--list-flags and --help name different flags"
while read -r flag; do
    grep -qE -- "$flag([^a-z-]|\$)" README.md || fail "README.md does not name $flag (aabb-sandbox --list-flags prints it)"
done <"$work/flags.txt"
# aabb-bench's too, when it is given (its flags are one table as well).
if [[ $# -ge 4 ]]; then
    "$4" --list-flags >"$work/bench_flags.txt" || fail "aabb-bench --list-flags failed"
    while read -r flag; do
        grep -qE -- "$flag([^a-z0-9-]|\$)" README.md ||
            fail "README.md does not name $flag (aabb-bench --list-flags prints it)"
    done <"$work/bench_flags.txt"
fi

if [[ $failures -eq 0 ]]; then
    echo "sandbox command line ok"
else
    exit 1
fi
