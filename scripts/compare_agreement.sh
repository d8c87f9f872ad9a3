#!/usr/bin/env bash
# Compare all (the window's harness, run headless) and aabb-bench on one scene's own frames,
# for docs/benchmarks.md (scripts/bench.sh calls it): both record the scene's first FRAMES
# frames the same way and time them with the same loop and statistics (core/measure/), so their
# tables should agree within noise. Writes a Markdown section to OUT: per algorithm, build,
# median (with the spread of Compare all's 3 repeats), mean and p99 from each tool, and the
# ratio of the medians. Needs aabb-sandbox and aabb-bench (build/app/, or AABB_SANDBOX and
# AABB_BENCH).
# Usage: scripts/compare_agreement.sh OUT.md [SCENE.json] [FRAMES]
# Exit status: 0 ok, 1 a run failed, 2 bad command line.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
if [[ $# -lt 1 || $# -gt 3 ]]; then
    echo "usage: scripts/compare_agreement.sh OUT.md [SCENE.json] [FRAMES]" >&2
    exit 2
fi
out=$1
scene=${2:-$root/scenes/platformer_level.json}
frames=${3:-121}
sandbox=${AABB_SANDBOX:-$root/build/app/aabb-sandbox}
bench=${AABB_BENCH:-$root/build/app/aabb-bench}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

"$sandbox" --headless --scene "$scene" --frames "$frames" --compare-all "$work/compare.csv" \
    > "$work/compare.txt"
# Ours only: Compare all measures the sandbox's algorithms (peers are aabb-bench's alone), and
# the engine at 2 threads (Compare all runs it at its default, up to 2 threads).
algos=(--algo banded_sort_and_sweep_2t)
while IFS=, read -r algo _; do
    [[ $algo == algo ]] || algos+=(--algo "$algo")
done < "$work/compare.csv"
"$bench" --scene "$scene" --frames "$frames" "${algos[@]}" --csv "$work/bench.csv" \
    2> "$work/bench.txt"
load=$(cut -d' ' -f1-3 /proc/loadavg)
{
    echo "## Compare all and aabb-bench on one scene"
    echo
    echo "The window's Compare all and \`aabb-bench\` run the same timing loop and statistics"
    echo "(\`core/measure/timed_frames.hpp\`, \`core/measure/run_times.hpp\`) on the same frames: the"
    echo "scene's own first ${frames} frames (frame 0 as built, then one per world step: static walls"
    echo "stay, bullets sweep), recorded by \`record_world_frames\`. *build* is making the broad"
    echo "phase plus frame 0; *median*, *mean* and *p99* are over frames 1... Compare all runs"
    echo "every algorithm 3 times, interleaved, and reports the run with the middle median, the"
    echo "range of the 3 medians beside it; aabb-bench runs once. Scene \`$(basename "$scene")\`,"
    echo "$(awk -F, 'NR == 2 {print $3}' "$work/compare.csv") boxes; load average after the runs: ${load}."
    echo
    echo '```sh'
    echo "aabb-sandbox --headless --scene scenes/$(basename "$scene") --frames ${frames} --compare-all compare_all.csv"
    echo "aabb-bench --scene scenes/$(basename "$scene") --frames ${frames} --algo ... --csv bench.csv"
    echo '```'
    echo
    echo "Rows pair the two tools' runs of an algorithm at the same thread count (the engine's"
    echo "default is up to 2 threads: aabb-bench's \`banded_sort_and_sweep_2t\`)."
    echo
    echo "| algorithm | build ms (Compare all / bench) | median ms (Compare all [3 repeats] / bench) | mean ms | p99 ms | bench median / Compare all median |"
    echo "| --- | ---: | ---: | ---: | ---: | ---: |"
    # Compare all: algo,workload,n,frames,build,median,p99,pairs,tests,memory,peer,mean,max,
    # threads,repeats,median_min,median_max; aabb-bench the first 14 of them.
    awk -F, 'FNR == 1 { next }
        FILENAME == ARGV[1] {
            key = $1; sub(/_2t$/, "", key); key = key "," $14
            build[key] = $5; median[key] = $6; p99[key] = $7; mean[key] = $12; name[key] = $1
            next
        }
        (($1 "," $14) in build) {
            k = $1 "," $14
            printf "| `%s` (%d thread%s; bench `%s`) | %.3f / %.3f | %.3f [%.3f..%.3f] / %.3f | %.3f / %.3f | %.3f / %.3f | %.2f |\n",
                $1, $14, ($14 == 1 ? "" : "s"), name[k], $5, build[k], $6, $16, $17, median[k],
                $12, mean[k], $7, p99[k], ($6 > 0 ? median[k] / $6 : 0)
        }' "$work/bench.csv" "$work/compare.csv"
    echo
    grep -E "fastest by median|too close to rank" "$work/compare.txt" | sed 's/^/Compare all: /'
    echo
} > "$out"
