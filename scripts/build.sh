#!/usr/bin/env bash
# Configures and builds AABB Sandbox (Release) into build/. Used by run.sh, test.sh and bench.sh.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
cmake -S "$root" -B "$root/build" -DCMAKE_BUILD_TYPE=Release "$@" >/dev/null
cmake --build "$root/build" --parallel "$(nproc)"
