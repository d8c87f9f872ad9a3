#!/bin/sh
# ctest helper: starts a program, sends it SIGNAL once DELAY seconds have passed (its long job
# running), and checks that it ends within LIMIT seconds with exit status STATUS and prints
# "stopped by SIGNAL" (issue 48 item 9: SIGTERM was ignored for 110 s while brute force ran).
# Usage: check_stop_signal.sh SIGNAL DELAY LIMIT STATUS PROGRAM [ARGUMENT...]
set -u
signal=$1
delay=$2
limit=$3
expected=$4
shift 4
log=$(mktemp)
home=$(mktemp -d)
# A fresh settings folder: an interactive start would reopen the last lesson.
HOME="$home" XDG_CONFIG_HOME="$home" "$@" >"$log" 2>&1 &
pid=$!
sleep "$delay"
if ! kill -0 "$pid" 2>/dev/null; then
    cat "$log"
    echo "the program ended before the signal"
    exit 1
fi
start=$(date +%s.%N)
kill -s "$signal" "$pid"
deadline=$(awk -v s="$start" -v l="$limit" 'BEGIN { printf "%.3f", s + l + 20 }')
while kill -0 "$pid" 2>/dev/null; do
    now=$(date +%s.%N)
    if awk -v n="$now" -v d="$deadline" 'BEGIN { exit !(n > d) }'; then
        kill -KILL "$pid"
        break
    fi
    sleep 0.05
done
end=$(date +%s.%N)
wait "$pid"
status=$?
cat "$log"
said=0
grep -q "stopped by SIG$signal" "$log" && said=1
rm -rf "$log" "$home"
took=$(awk -v s="$start" -v e="$end" 'BEGIN { printf "%.2f", e - s }')
echo "exit status $status, $took s after SIG$signal"
awk -v t="$took" -v l="$limit" 'BEGIN { exit !(t <= l) }' ||
    { echo "took longer than $limit s to stop"; exit 1; }
[ "$status" -eq "$expected" ] || { echo "expected exit status $expected"; exit 1; }
[ "$said" -eq 1 ] || { echo "no 'stopped by SIG$signal' line"; exit 1; }
echo "stopped in time"
