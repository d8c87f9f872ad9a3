#!/usr/bin/env bash
# Configures and builds AABB Sandbox (Release) into build/. Used by run.sh, test.sh and bench.sh.
# Usage: scripts/build.sh [--target NAME ...] [cmake configure arguments ...]
# --target builds only that target (bench.sh needs aabb-bench alone, not the window or tests).
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
targets=() configure=()
while (($#)); do
    if [[ "$1" == --target && $# -ge 2 ]]; then
        targets+=(--target "$2")
        shift 2
    else
        configure+=("$1")
        shift
    fi
done
cmake -S "$root" -B "$root/build" -DCMAKE_BUILD_TYPE=Release "${configure[@]}" >/dev/null
cmake --build "$root/build" --parallel "$(nproc)" "${targets[@]}"
