#!/bin/sh
# ctest helper: a peer's child process (app/bench/child_run.hpp) never outlives aabb-bench.
# A run hangs in its child (the test hook AABB_BENCH_TEST_FAULT, no time budget); then the
# parent is sent SIGNAL, and the child must be gone (or a zombie left to init, no longer
# running) within a few seconds: it dies with its parent (PR_SET_PDEATHSIG).
# Usage: sh check_bench_children_die_with_parent.sh path/to/aabb-bench TERM|KILL
bench=$1
signal=$2
AABB_BENCH_TEST_FAULT=sort_and_sweep:hang "$bench" --n 300 --frames 4 --algo sort_and_sweep \
    --markdown /dev/null 2>/dev/null &
parent=$!
child=
tries=0
while [ -z "$child" ] && [ $tries -lt 100 ]; do
    sleep 0.1
    child=$(ps -o pid= --ppid "$parent" | tr -d ' ')
    tries=$((tries + 1))
done
if [ -z "$child" ]; then
    kill -KILL "$parent" 2>/dev/null
    echo "FAIL: aabb-bench started no child run"
    exit 1
fi
kill -"$signal" "$parent"
wait "$parent" 2>/dev/null
tries=0
while [ $tries -lt 50 ]; do
    state=$(ps -o stat= -p "$child" | tr -d ' ')
    case "$state" in
        "" | Z*)
            echo "PASS: the child run ended with its parent (SIG$signal)"
            exit 0
            ;;
    esac
    sleep 0.1
    tries=$((tries + 1))
done
kill -KILL "$child" 2>/dev/null
echo "FAIL: the child run $child still runs (state $state) after its parent got SIG$signal"
exit 1
