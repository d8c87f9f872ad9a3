#!/usr/bin/env bash
# aabb-bench's outputs keep their promises (issue 48, items 2, 4 and 5): every reproducer of the
# issue run for real. A write error (a full disk, `ulimit -f`) exits 1 naming the flag, the file
# and the cause, and leaves an older file intact; an output over an input or another output, an
# empty name or a missing folder exits 2 before any run; a pair dump of a run that would be
# skipped is refused instead of written empty.
# Usage: check_bench_writes.sh AABB_BENCH PROJECT_ROOT WORK_DIR
set -uo pipefail
bench=$1
root=$2
work=$3
rm -rf "$work"
mkdir -p "$work"
name=check_bench_writes
# shellcheck source=write_checks.sh
source "$(dirname "$0")/write_checks.sh"
# started: the run reached its first measurement (it should not have).
not_started() { ! grep -q '^\[1/' "$work/last.txt" || fail "the run started before refusing: $*"; }

small=(--workload uniform --n 300 --frames 2 --algo sort_and_sweep)

# Item 2: brute force above the default cap with --dump-pairs was a header-only file, exit 0.
dump=$work/pairs.csv
expect 2 "--dump-pairs: brute_force would be skipped on uniform n=30000 (above 20000 boxes (O(n²))), and the file would hold no pair; --max-brute-force-n 0 runs brute force at any n" \
    "$bench" --algo brute_force --n 30k --frames 1 --dump-pairs "$dump"
[[ ! -e $dump ]] || fail "a refused dump left $dump"
expect 2 "--dump-pairs: sort_and_sweep would be skipped on uniform n=300 (above 10 boxes (--skip-above)), and the file would hold no pair; drop the --skip-above rule that names sort_and_sweep" \
    "$bench" "${small[@]}" --skip-above sort_and_sweep:10 --dump-pairs "$dump"
# A dumped run stopped inside its first frame (the time budget) dumped nothing whole.
old_file "$dump"
expect 1 "aabb-bench: error: --dump-pairs: '$dump' not written: brute_force finished no frame (see above)" \
    "$bench" --algo brute_force --n 200k --frames 3 --max-brute-force-n 0 --time-budget 0.3 \
    --dump-pairs "$dump"
intact "$dump"
expect 0 "" "$bench" --algo brute_force --n 300 --frames 2 --dump-pairs "$dump"
[[ $(wc -l <"$dump") -gt 1 ]] || fail "a dump of brute force at n=300 holds no pair"

# Item 4: write errors were ignored with exit 0.
for flag in --json --csv --markdown --frame-times --dump-pairs --plot-scaling --plot-scaling-p99; do
    expect 1 "aabb-bench: error: $flag: cannot write '/dev/full': No space left on device" \
        "$bench" "${small[@]}" "$flag" /dev/full
done
trace=$work/trace.csv
old_file "$trace"
expect 1 "aabb-bench: error: --write-trace: cannot write '$trace': File too large" \
    bash -c 'ulimit -f 1; exec "$@"' bench "$bench" --workload uniform --n 2000 --frames 2 \
    --write-trace "$trace"
grep -q "^wrote" "$work/last.txt" && fail "--write-trace cut off by ulimit -f said 'wrote'"
intact "$trace"
json=$work/results.json
old_file "$json"
expect 1 "aabb-bench: error: --json: cannot write '$json': File too large" \
    bash -c 'ulimit -f 0; exec "$@"' bench "$bench" "${small[@]}" --json "$json"
intact "$json"
expect 1 "aabb-bench: error: cannot write to standard output" \
    bash -c 'exec "$@" >/dev/full' bench "$bench" "${small[@]}"
expect 2 "--frame-times: the file name is empty" "$bench" "${small[@]}" --frame-times ""

# Item 5: outputs over inputs, two outputs to one file, a missing folder: before any run.
cp "$root/tests/data/small_trace.csv" "$work/t.csv"
expect 2 "--frame-times: '$work/t.csv' is the same file as --trace '$work/t.csv': the output would overwrite the input" \
    "$bench" --trace "$work/t.csv" --algo sort_and_sweep --frame-times "$work/t.csv"
cmp -s "$root/tests/data/small_trace.csv" "$work/t.csv" || fail "the trace was overwritten"
for flag in --json --csv --markdown --dump-pairs --plot-scaling; do
    expect 2 "$flag: '$work/./t.csv' is the same file as --trace" \
        "$bench" --trace "$work/t.csv" --algo sort_and_sweep "$flag" "$work/./t.csv"
done
expect 2 "--write-trace: '$work/t.csv' is the same file as --trace" \
    "$bench" --trace "$work/t.csv" --workload uniform --n 10 --frames 2 --write-trace "$work/t.csv"
cmp -s "$root/tests/data/small_trace.csv" "$work/t.csv" || fail "the trace was overwritten"
expect 2 "--csv: '$work/r.txt' is the same file as --json '$work/r.txt': each output needs a file of its own" \
    "$bench" "${small[@]}" --json "$work/r.txt" --csv "$work/r.txt"
expect 2 "--plot-scaling: cannot write '$work/missing/plot.png': No such file or directory" \
    "$bench" --workload uniform --n 200 --n 400 --frames 2 --plot-scaling "$work/missing/plot.png"
not_started "--plot-scaling into a missing folder"

leftovers=$(find "$work" -name '.*.tmp-*' | head -3)
[[ -z $leftovers ]] || fail "temporary files left behind: $leftovers"
if [[ $failures -ne 0 ]]; then
    echo "check_bench_writes: $failures check(s) failed" >&2
    exit 1
fi
echo "bench writes ok"
