#!/usr/bin/env bash
# One command from a fresh Debian 12 machine to the sandbox window:
# installs missing packages, builds Release into build/, launches aabb-sandbox on the default scene.
# It builds aabb-sandbox and its libraries only (it launches no other program): the tests, the
# benchmark and the checkers are scripts/test.sh's and scripts/bench.sh's to build.
# Extra arguments go to the program, e.g. scripts/run.sh --help
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
"$root/scripts/install_dependencies.sh"
"$root/scripts/build.sh" --target aabb-sandbox
cd "$root"
exec "$root/build/app/aabb-sandbox" "$@"
