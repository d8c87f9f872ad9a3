#!/usr/bin/env bash
# One command from a fresh Debian 12 machine to every test:
# installs missing packages, builds Release into build/ and runs the whole suite with ctest,
# then builds the unit tests with AddressSanitizer + UndefinedBehaviorSanitizer (no recovery)
# in build-sanitize/ and runs them, the engine's threaded tests with ThreadSanitizer in
# build-tsan/, and each libFuzzer target for 20 s (scripts/fuzz.sh, build-fuzz/). Exits
# non-zero on any failure.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
jobs=$(nproc)
"$root/scripts/install_dependencies.sh" xvfb xauth xdotool imagemagick

echo "== Release build and full test suite"
"$root/scripts/build.sh"
ctest --test-dir "$root/build" --output-on-failure --parallel "$jobs"

echo "== Sanitized unit tests (ASan + UBSan)"
cmake -S "$root" -B "$root/build-sanitize" -DCMAKE_BUILD_TYPE=RelWithDebInfo \
    -DAABB_SANITIZE=ON -DAABB_BUILD_UI=OFF >/dev/null
cmake --build "$root/build-sanitize" --parallel "$jobs" --target aabb_tests
ASAN_OPTIONS=detect_leaks=1:abort_on_error=1 UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=1 \
    ctest --test-dir "$root/build-sanitize" --output-on-failure --parallel "$jobs" -L unit

echo "== Thread-sanitized tests (TSan: banded engine, worker pool, the world's step)"
cmake -S "$root" -B "$root/build-tsan" -DCMAKE_BUILD_TYPE=RelWithDebInfo \
    -DAABB_SANITIZE_THREAD=ON -DAABB_BUILD_UI=OFF >/dev/null
cmake --build "$root/build-tsan" --parallel "$jobs" --target aabb_tsan_tests
TSAN_OPTIONS=halt_on_error=1:second_deadlock_stack=1 \
    ctest --test-dir "$root/build-tsan" --output-on-failure --parallel "$jobs" -L tsan

echo "== Fuzzing (libFuzzer, 20 s per target)"
"$root/scripts/fuzz.sh" 20
