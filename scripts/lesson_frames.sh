#!/usr/bin/env bash
# The window's CPU time per frame on every step of every lesson (issue 49 item 9: UI build at
# most 4 ms median and 8 ms p99 on every step): runs `aabb-sandbox --lesson NAME --step K
# --frames F --size 1280x720` drawn offscreen by Mesa (no display needed) and reads its
# "CPU ms per frame by stage" summary. Prints one line per step (lesson, step, UI build median
# and p99, draw-data build median, all four median), then the worst steps by UI build median.
# Needs aabb-sandbox (build/app/aabb-sandbox, or the one AABB_SANDBOX names).
# Usage: scripts/lesson_frames.sh [--frames F] [--worst N] [--max-median MS] [--max-p99 MS]
#            [LESSON ...]
#   LESSON: a lesson name or file (default: every file of lessons/).
#   --max-median / --max-p99: fail when a step's UI build median / p99 exceeds MS.
# Exit status: 0 ok, 1 a run failed or a step is over a limit, 2 bad command line.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
sandbox=${AABB_SANDBOX:-$root/build/app/aabb-sandbox}
frames=60
worst=10
max_median=""
max_p99=""
lessons=()
usage() {
    echo "usage: scripts/lesson_frames.sh [--frames F] [--worst N] [--max-median MS]" \
        "[--max-p99 MS] [LESSON ...]" >&2
    exit 2
}
number() { [[ "$1" =~ ^[0-9]+([.][0-9]+)?$ ]] || usage; }
while [[ $# -gt 0 ]]; do
    case "$1" in
        --frames) [[ $# -ge 2 && "$2" =~ ^[1-9][0-9]*$ ]] || usage; frames=$2; shift 2 ;;
        --worst) [[ $# -ge 2 && "$2" =~ ^[0-9]+$ ]] || usage; worst=$2; shift 2 ;;
        --max-median) [[ $# -ge 2 ]] || usage; number "$2"; max_median=$2; shift 2 ;;
        --max-p99) [[ $# -ge 2 ]] || usage; number "$2"; max_p99=$2; shift 2 ;;
        -*) usage ;;
        *) lessons+=("$1"); shift ;;
    esac
done
if [[ ${#lessons[@]} -eq 0 ]]; then
    for file in "$root"/lessons/*.json; do lessons+=("$file"); done
fi
# Two frames at least: the first frame's figures include building the lesson's world.
(( frames >= 2 )) || frames=2
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
export SDL_VIDEODRIVER=offscreen LP_NUM_THREADS=0
# Runs leave the user's saved settings alone.
export XDG_CONFIG_HOME="$work/config"

# Field $3 ("median" or "p99") of the stage line whose label starts with $2, from report $1.
figure() {
    awk -v label="$2" -v field="$3" 'index($0, "aabb-sandbox:   " label) == 1 {
            for (i = 1; i < NF; ++i) if ($i == field) print $(i + 1)
            exit
        }' "$1"
}

status=0
rows="$work/rows.txt"
: >"$rows"
printf '%-28s %4s %12s %12s %12s %12s\n' lesson step "UI median" "UI p99" "draw median" \
    "all4 median"
for lesson in "${lessons[@]}"; do
    file=$lesson
    [[ -f "$file" ]] || file="$root/lessons/$lesson.json"
    # "checked 1 lesson, 5 steps, ..." gives the lesson's step count.
    steps=$("$sandbox" --check-lessons "$file" 2>&1 |
        sed -n 's/^checked 1 lesson, \([0-9]*\) steps.*/\1/p' || true)
    if [[ -z "$steps" ]]; then
        echo "lesson_frames.sh: cannot count the steps of '$lesson'" >&2
        status=1
        continue
    fi
    name=$(basename "$lesson" .json)
    for ((step = 1; step <= steps; ++step)); do
        log="$work/run.txt"
        if ! "$sandbox" --lesson "$file" --step "$step" --frames "$frames" --size 1280x720 \
            >"$log" 2>&1 || ! grep -q "aabb-sandbox:   UI build" "$log"; then
            echo "lesson_frames.sh: $name step $step failed: $(tail -1 "$log")" >&2
            status=1
            continue
        fi
        median=$(figure "$log" "UI build" median)
        p99=$(figure "$log" "UI build" p99)
        draw=$(figure "$log" "draw-data build" median)
        all=$(figure "$log" "all four" median)
        printf '%-28s %4d %12s %12s %12s %12s\n' "$name" "$step" "$median" "$p99" "$draw" "$all"
        echo "$median $p99 $name $step" >>"$rows"
        over=""
        if [[ -n "$max_median" ]] && awk -v a="$median" -v b="$max_median" 'BEGIN {exit !(a > b)}'; then
            over="median $median ms > $max_median ms"
        fi
        if [[ -n "$max_p99" ]] && awk -v a="$p99" -v b="$max_p99" 'BEGIN {exit !(a > b)}'; then
            over="${over:+$over, }p99 $p99 ms > $max_p99 ms"
        fi
        if [[ -n "$over" ]]; then
            echo "lesson_frames.sh: $name step $step: UI build $over" >&2
            status=1
        fi
    done
done
if (( worst > 0 )) && [[ -s "$rows" ]]; then
    echo
    echo "worst steps by UI build median (ms; median, p99):"
    sort -k1,1gr -k2,2gr "$rows" | head -n "$worst" |
        awk '{printf "  %-28s step %-3s %10s %10s\n", $3, $4, $1, $2}'
fi
exit $status
