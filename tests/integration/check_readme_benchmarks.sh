#!/usr/bin/env bash
# The README quotes the last scripts/bench.sh run: its summary block must be exactly what
# scripts/update_readme_benchmarks.sh copies from docs/benchmarks.md (a figure edited by hand,
# or a report regenerated without updating the README, fails here).
# Usage: check_readme_benchmarks.sh PROJECT_ROOT
set -euo pipefail
root=$1
copy=$(mktemp -d)
trap 'rm -rf "$copy"' EXIT
mkdir -p "$copy/scripts" "$copy/docs"
cp "$root/scripts/update_readme_benchmarks.sh" "$copy/scripts/"
cp "$root/docs/benchmarks.md" "$copy/docs/"
cp "$root/README.md" "$copy/"
"$copy/scripts/update_readme_benchmarks.sh" 2>/dev/null
if ! cmp -s "$root/README.md" "$copy/README.md"; then
    echo "README.md's benchmark summary differs from docs/benchmarks.md's:" >&2
    diff "$root/README.md" "$copy/README.md" >&2 || true
    echo "run scripts/update_readme_benchmarks.sh (or scripts/bench.sh)" >&2
    exit 1
fi
grep -q "^Written by \`scripts/bench.sh\`" "$root/README.md" || {
    echo "README.md's benchmark summary is empty" >&2
    exit 1
}
echo "README.md quotes docs/benchmarks.md's summary"
