#!/usr/bin/env bash
# Builds the libFuzzer targets (fuzz/, clang, ASan + UBSan) into build-fuzz/ and runs each for a
# bounded time on a corpus seeded from the repository's own files: scenes/, lessons/, tests/data/
# (the fuzz/ subfolder there holds every input a fuzzer ever crashed on) and, for the command
# lines, the example commands of README.md and docs/. Exits non-zero on the first crash, leak,
# timeout or broken check; the input is saved under build-fuzz/artifacts/TARGET/.
#
# Usage: scripts/fuzz.sh [SECONDS_PER_TARGET] [TARGET ...]
#   SECONDS_PER_TARGET  default 600; scripts/test.sh runs 20
#   TARGET              scene trace lesson sandbox_cli bench_cli broad_phase time_of_impact
#                       (default: all)
# The corpus grows in build-fuzz/corpus/TARGET/ and is reused by the next run.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
seconds=${1:-600}
shift || true
targets=("$@")
[[ ${#targets[@]} -gt 0 ]] || targets=(scene trace lesson sandbox_cli bench_cli broad_phase time_of_impact)
build="$root/build-fuzz"

"$root/scripts/install_dependencies.sh" clang-14 libclang-rt-14-dev
cmake -S "$root" -B "$build" -DCMAKE_BUILD_TYPE=RelWithDebInfo -DCMAKE_CXX_COMPILER=clang++-14 \
    -DAABB_FUZZ=ON -DAABB_BUILD_UI=OFF -DAABB_BUILD_TESTS=OFF >/dev/null
cmake --build "$build" --parallel "$(nproc)" --target "${targets[@]/#/fuzz_}"

# One file per example command line of the docs, one argument per line (the targets' format).
seed_command_lines() {
    local program=$1 out=$2 count=0
    mkdir -p "$out"
    grep -rhoE "$program --[^\`|#]*" "$root/README.md" "$root"/docs/*.md | sort -u |
        while read -r line; do
            count=$((count + 1))
            # shellcheck disable=SC2086 # split the command into its words on purpose
            printf '%s\n' ${line#"$program "} >"$out/doc_$count"
        done
}

seeds_of() {
    local data="$root/tests/data"
    case $1 in
        scene) echo "$root/scenes $data/fuzz/scene" ;;
        trace) echo "$data $data/fuzz/trace" ;;
        lesson) echo "$root/lessons $data $data/fuzz/lesson" ;;
        sandbox_cli | bench_cli) echo "$build/seeds/$1 $data/fuzz/$1" ;;
        broad_phase) echo "$data $data/fuzz/broad_phase" ;;
        time_of_impact) echo "$data/fuzz/time_of_impact" ;;
    esac
}

# A libFuzzer dictionary of the names the JSON seeds use (keys and enum values) and JSON's
# punctuation, so mutations write "box_fields" in one step instead of letter by letter.
json_dictionary() {
    local out=$1
    shift
    {
        printf '"%s"\n' '{' '}' '[' ']' ':' ',' 'true' 'false' 'null' '1e39' '-0' '1e-45'
        grep -hoE '"[A-Za-z_][A-Za-z0-9_]*"' "$@" | sort -u | sed 's/"/\\"/g; s/.*/"&"/'
    } >"$out"
}

mkdir -p "$build/seeds"
json_dictionary "$build/seeds/scene.dict" "$root"/scenes/*.json
json_dictionary "$build/seeds/lesson.dict" "$root"/lessons/*.json "$root"/scenes/*.json
seed_command_lines aabb-sandbox "$build/seeds/sandbox_cli"
seed_command_lines aabb-bench "$build/seeds/bench_cli"
for target in "${targets[@]}"; do
    corpus="$build/corpus/$target"
    artifacts="$build/artifacts/$target"
    mkdir -p "$corpus" "$artifacts"
    seeds=()
    for folder in $(seeds_of "$target"); do
        [[ -d "$folder" ]] && seeds+=("$folder")
    done
    options=(-max_total_time="$seconds" -timeout=30 -rss_limit_mb=2048 -print_final_stats=1
        -artifact_prefix="$artifacts/")
    [[ -f "$build/seeds/$target.dict" ]] && options+=(-dict="$build/seeds/$target.dict")
    echo "== fuzz_$target for ${seconds}s (corpus $corpus)"
    # -timeout: one input over 30 s is a hang (generous for a loaded 2-core machine);
    # -rss_limit_mb: over 2 GB is a memory blow-up. Both are failures, like a crash.
    log="$build/fuzz_$target.log"
    if ! "$build/fuzz/fuzz_$target" "${options[@]}" "$corpus" "${seeds[@]}" >"$log" 2>&1; then
        tail -n 60 "$log" >&2
        echo "fuzz_$target failed: the input is in $artifacts/ (log $log)" >&2
        exit 1
    fi
    grep -E '^(Done|stat::number_of_executed_units|stat::peak_rss_mb)' "$log" || true
done
