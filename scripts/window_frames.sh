#!/usr/bin/env bash
# The window's CPU time per frame, for docs/benchmarks.md (scripts/bench.sh calls it): runs
# aabb-sandbox on its default scene with the engine, drawn offscreen by Mesa (no display
# needed), `--frames F` at each COUNT, and writes a Markdown section to OUT: per stage before
# the rasterizer (simulation step, broad phase, draw data, UI build) and the four summed frame
# by frame (*all four*, the measure of issue 12's window goals), mean / median / p99 ms, and the
# process's maximum resident memory. Needs aabb-sandbox (build/app/aabb-sandbox, or the one
# AABB_SANDBOX names) and GNU time (/usr/bin/time).
# Usage: scripts/window_frames.sh OUT.md COUNT:FRAMES [COUNT:FRAMES ...]
# Exit status: 0 ok, 1 a run failed (its row then says so), 2 bad command line.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
if [[ $# -lt 2 ]]; then
    echo "usage: scripts/window_frames.sh OUT.md COUNT:FRAMES [COUNT:FRAMES ...]" >&2
    exit 2
fi
out=$1
shift
sandbox=${AABB_SANDBOX:-$root/build/app/aabb-sandbox}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

# 1234567 -> 1,234,567
thousands() { sed ':a;s/\B[0-9]\{3\}\>/,&/;ta' <<<"$1"; }
# Field $3 ("median" or "p99") of the stage line whose label starts with $2, from the --frames
# report $1.
figure() {
    awk -v label="$2" -v field="$3" 'index($0, "aabb-sandbox:   " label) == 1 {
            for (i = 1; i < NF; ++i) if ($i == field) print $(i + 1)
            exit
        }' "$1"
}
# "mean / median / p99" of that stage.
stage() { echo "$(figure "$1" "$2" mean) / $(figure "$1" "$2" median) / $(figure "$1" "$2" p99)"; }

status=0
rows=()
goals=()
for spec in "$@"; do
    count=${spec%%:*}
    frames=${spec#*:}
    if ! [[ "$spec" == *:* && "$count" =~ ^[1-9][0-9]*$ && "$frames" =~ ^[1-9][0-9]*$ ]]; then
        echo "window_frames.sh: '$spec' is not COUNT:FRAMES" >&2
        exit 2
    fi
    log="$work/window_$count.txt"
    echo "== aabb-sandbox --count $count --frames $frames (offscreen)" >&2
    if SDL_VIDEODRIVER=offscreen LP_NUM_THREADS=0 /usr/bin/time -f %M -o "$work/rss_$count" \
        "$sandbox" --count "$count" --broadphase banded_sort_and_sweep --frames "$frames" \
        --size 1280x720 >"$log" 2>&1 && grep -q "aabb-sandbox:   all four" "$log"; then
        rss_mb=$(awk '{printf "%.0f", $1 / 1024}' "$work/rss_$count")
        rows+=("| $(thousands "$count") | $frames | $(stage "$log" "simulation step") | $(stage "$log" "broad phase") | $(stage "$log" "draw-data build") | $(stage "$log" "UI build") | $(stage "$log" "all four") | $rss_mb MB |")
        mean=$(figure "$log" "all four" mean)
        median=$(figure "$log" "all four" median)
        p99=$(figure "$log" "all four" p99)
        # Issue 12's goals: at 100k, at most 8 ms median and 16 ms p99; at 1M, at most 100 ms
        # a frame (its median: the first frames touch a million boxes' memory for the first time).
        if [[ "$count" == 100000 ]]; then
            met=$(awk -v m="$median" -v p="$p99" 'BEGIN {print (m <= 8 && p <= 16) ? "met" : "not met"}')
            goals+=("- 100,000 boxes: *all four* $median ms median and $p99 ms p99 against the goal of 8 and 16 ms: $met (mean $mean ms).")
        elif [[ "$count" == 1000000 ]]; then
            met=$(awk -v m="$median" 'BEGIN {print (m <= 100) ? "met" : "not met"}')
            goals+=("- 1,000,000 boxes: *all four* $median ms median against the goal of 100 ms a frame: $met (p99 $p99 ms, mean $mean ms).")
        fi
    else
        status=1
        rows+=("| $(thousands "$count") | $frames | failed: $(tail -1 "$log" | tr '|' '/') | | | | | |")
        echo "window_frames.sh: aabb-sandbox failed at $count boxes:" >&2
        tail -5 "$log" >&2
    fi
done

{
    echo "## The window: CPU time per frame"
    echo
    echo "\`aabb-sandbox --count N --broadphase banded_sort_and_sweep --frames F --size 1280x720\`"
    echo "on its default scene, drawn offscreen (\`SDL_VIDEODRIVER=offscreen\`, Mesa's llvmpipe,"
    echo "\`LP_NUM_THREADS=0\`), mean / median / p99 ms per frame of each stage before the"
    echo "rasterizer and of the four summed frame by frame (*all four*: the frame's CPU work without"
    echo "rendering, which a GPU would take off the CPU); *memory* is the process's maximum resident"
    echo "set. The mean counts the first frames, which touch the scene's memory for the first time."
    echo
    echo "| n | frames | step | broad phase | draw data | UI build | all four | memory |"
    echo "|--:|--:|---|---|---|---|---|--:|"
    for row in "${rows[@]}"; do echo "$row"; done
    echo
    if [[ ${#goals[@]} -gt 0 ]]; then
        printf '%s\n' "${goals[@]}"
        echo
    fi
} >"$out"
exit $status
