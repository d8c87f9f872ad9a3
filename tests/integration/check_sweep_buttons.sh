#!/bin/sh
# ctest helper: clicks the comparison window's real buttons with xdotool inside a virtual X
# server (run under xvfb-run at 1280x720): "Cancel sweep" stops a running scaling sweep, and
# "Export CSV" / "Export PNG" write scaling_sweep.csv / .png into the working directory.
# Checks: the CSV has the header and at least one row but fewer than a full sweep, a second
# export seconds later is identical (the sweep really stopped), the PNG is a non-blank chart, and
# the program exits cleanly (worker joined) on SIGTERM, with status 143.
# Usage: check_sweep_buttons.sh SANDBOX PNG_CHECK WORK_DIRECTORY
set -eu
sandbox=$1
png_check=$2
work=$3
mkdir -p "$work"
cd "$work"
rm -f scaling_sweep.csv scaling_sweep.png first.csv sandbox.log

# Sizes up to 500k so the sweep is far from done when Cancel is clicked, on any machine.
# A fresh settings directory: default UI scale, so the buttons are where this script clicks.
HOME="$work" XDG_CONFIG_HOME="$work" LIBGL_ALWAYS_SOFTWARE=1 \
    "$sandbox" --scaling-sweep 1000,2000,5000,10000,20000,50000,100000,200000,500000 >sandbox.log 2>&1 &
pid=$!
stop() { kill "$pid" 2>/dev/null || true; }
trap stop EXIT

timeout 60 xdotool search --sync --onlyvisible --name "AABB Sandbox" >/dev/null
sleep 2
click() {
    xdotool mousemove "$1" "$2"
    sleep 0.3
    xdotool click 1
    sleep 0.5
}
# The comparison window opens at the canvas' top-left; with no "Compare all" table its sweep
# button is the first row under the live numbers, the export buttons at the window's bottom.
click 76 176    # Cancel sweep
sleep 3         # the worker finishes its current measurement
click 380 628   # Export CSV
cp scaling_sweep.csv first.csv
click 480 628   # Export PNG
sleep 2
click 380 628   # Export CSV again
kill -TERM "$pid"
trap - EXIT
status=0
timeout 30 sh -c "while kill -0 $pid 2>/dev/null; do sleep 0.2; done" || status=$?
wait "$pid" || status=$?
cat sandbox.log
# 143 = 128 + SIGTERM: a run a signal stopped says so (docs/limits.md, "Stopping").
[ "$status" -eq 143 ] || { echo "aabb-sandbox did not exit cleanly on SIGTERM ($status)"; exit 1; }

header=$(head -n 1 scaling_sweep.csv)
[ "$header" = "algo,workload,n,frames,build_ms,median_ms,p99_ms,pairs,tests,memory_bytes,peer,mean_ms,max_ms,threads,repeats,median_min_ms,median_max_ms" ] ||
    { echo "bad CSV header: $header"; exit 1; }
rows=$(($(wc -l <scaling_sweep.csv) - 1))
algorithms=$("$sandbox" --help | sed -n 's/^Broad phases://p' | wc -w)
full=$((algorithms * 9))
[ "$rows" -ge 1 ] && [ "$rows" -lt "$full" ] ||
    { echo "expected 1..$((full - 1)) rows after Cancel, got $rows"; exit 1; }
cmp -s first.csv scaling_sweep.csv || { echo "the sweep kept measuring after Cancel"; exit 1; }
"$png_check" scaling_sweep.png --chart --width 1100 --height 700
echo "sweep buttons ok: cancelled after $rows of $full points, CSV and PNG exported"
