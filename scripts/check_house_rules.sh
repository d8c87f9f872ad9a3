#!/bin/sh
# Checks the house rules of docs/architecture.md ("House rules") on the sources (core, ui, app,
# tests, fuzz), so that a change that breaks one fails ctest (house_rules) instead of waiting
# for a review:
#   1. no source file over 600 lines;
#   2. no function over 120 lines (their ends from Universal Ctags), but the tables and the
#      functions still to split named in scripts/house_rules_exceptions.txt;
#   3. dependencies flow app -> ui -> core: core includes nothing of ui/ or app/, ui nothing of
#      app/.
# Usage: scripts/check_house_rules.sh [PROJECT_ROOT]   (prints "house rules ok" and exits 0, or
# lists every problem and exits 1)
set -eu
root=${1:-$(dirname "$0")/..}
cd "$root"
max_file_lines=600
max_function_lines=120
exceptions=scripts/house_rules_exceptions.txt
command -v ctags >/dev/null || {
    echo "check_house_rules: ctags (Universal Ctags) not found: scripts/install_dependencies.sh installs it"
    exit 1
}
sources=$(find core ui app tests fuzz -type f \( -name '*.cpp' -o -name '*.hpp' -o -name '*.inc' \) | sort)
problems=$(mktemp)
trap 'rm -f "$problems"' EXIT

# 1. File length.
for file in $sources; do
    lines=$(wc -l <"$file")
    [ "$lines" -le "$max_file_lines" ] ||
        echo "$file: $lines lines (at most $max_file_lines: split it by concept)" >>"$problems"
done

# 2. Function length: one "path line end name" row per function, from ctags' JSON lines.
# shellcheck disable=SC2086
ctags --output-format=json --fields=+ne --c++-kinds=f --languages=C++ --langmap=C++:+.inc \
    -o - $sources 2>/dev/null |
    sed -n 's/.*"name": "\([^"]*\)", "path": "\([^"]*\)".*"line": \([0-9]*\),.*"end": \([0-9]*\).*/\2 \3 \4 \1/p' |
    awk -v max="$max_function_lines" -v exceptions="$exceptions" '
        BEGIN {
            while ((getline row < exceptions) > 0) {
                if (row ~ /^function /) { split(row, f, " "); allowed[f[2] " " f[3]] = 0 }
            }
        }
        # A lambda (ctags names it __anon...) counts in the function around it.
        $4 ~ /^__anon/ { next }
        {
            length_ = $3 - $2 + 1
            if (length_ <= max) next
            if (($1 " " $4) in allowed) { allowed[$1 " " $4] = 1; next }
            printf "%s:%d: function %s is %d lines (at most %d: split it, or name it in %s with why)\n", $1, $2, $4, length_, max, exceptions
        }
        END {
            for (name in allowed)
                if (allowed[name] == 0)
                    printf "%s: stale exception \"%s\": no such function over %d lines (remove the line)\n", exceptions, name, max
        }' >>"$problems"

# 3. Include direction.
grep -Hn '#include "\(ui\|app\)/' $(echo "$sources" | grep '^core/') 2>/dev/null |
    sed 's/$/  (core includes nothing of ui\/ or app\/)/' >>"$problems" || true
grep -Hn '#include "app/' $(echo "$sources" | grep '^ui/') 2>/dev/null |
    sed 's/$/  (ui includes nothing of app\/)/' >>"$problems" || true

if [ -s "$problems" ]; then
    cat "$problems"
    echo "house rules: $(wc -l <"$problems") problems"
    exit 1
fi
echo "house rules ok: $(echo "$sources" | wc -l) files, none over $max_file_lines lines, no function over $max_function_lines lines but the listed exceptions, app -> ui -> core"
