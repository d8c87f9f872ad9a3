#!/usr/bin/env bash
# Copies the summary of docs/benchmarks.md (written by the last scripts/bench.sh run, which
# calls this script last) into README.md, between the lines
#   <!-- bench.sh summary: start -->   and   <!-- bench.sh summary: end -->
# so that the README quotes exactly the figures of that run. The summary is the run's first
# lines (date, machine, load), its "## Summary" section without the section's heading, the
# million-box summary and the window's section.
# Usage: scripts/update_readme_benchmarks.sh
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
report="$root/docs/benchmarks.md"
readme="$root/README.md"
start='<!-- bench.sh summary: start -->'
end='<!-- bench.sh summary: end -->'
if [[ ! -f "$report" ]]; then
    echo "update_readme_benchmarks.sh: $report is missing: run scripts/bench.sh first" >&2
    exit 1
fi
if ! grep -qxF "$start" "$readme" || ! grep -qxF "$end" "$readme"; then
    echo "update_readme_benchmarks.sh: README.md has no '$start' ... '$end' block" >&2
    exit 1
fi
block=$(mktemp)
updated=$(mktemp)
trap 'rm -f "$block" "$updated"' EXIT
# The run's origin: the report's first paragraph, from "Written by" to the blank line after it.
awk '/^Written by/ {inside = 1} inside && /^$/ {exit} inside {print}' "$report" >"$block"
echo >>"$block"
# The summary section, up to the next section; then the million-box section's summary (up to
# its per-scene tables).
awk '/^## Summary/ {inside = 1; next} inside && /^## / {exit} inside {print}' "$report" >>"$block"
awk '/^## A million boxes/ {inside = 1; print "A million boxes:"; next}
     inside && /^##/ {exit} inside {print}' "$report" >>"$block"
# And the window's section (scripts/window_frames.sh), up to the report's last line.
awk '/^## The window/ {inside = 1; print "The window:"; next}
     inside && (/^##/ || /^Reproduce:/) {exit} inside {print}' "$report" >>"$block"
awk -v start="$start" -v end="$end" -v block="$block" '
    $0 == start {
        print
        # Runs of blank lines are squeezed to one.
        while ((getline line < block) > 0) {
            if (line != "" || previous != "") print line
            previous = line
        }
        skipping = 1
        next
    }
    $0 == end {skipping = 0}
    !skipping {print}' "$readme" >"$updated"
cp "$updated" "$readme"
echo "README.md: benchmark summary copied from docs/benchmarks.md" >&2
