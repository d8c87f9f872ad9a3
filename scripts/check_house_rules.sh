#!/bin/sh
# Checks the house rules of docs/architecture.md ("House rules") on the sources (core, ui, app,
# tests, fuzz), so that a change that breaks one fails ctest (house_rules) instead of waiting
# for a review:
#   1. no source file over 600 lines;
#   2. no function over 120 lines (their ends from Universal Ctags), but the tables and the
#      functions still to split named in scripts/house_rules_exceptions.txt;
#   3. dependencies flow app -> ui -> core: core includes nothing of ui/ or app/, ui nothing of
#      app/.
#   4. ui/'s folders are layers: a folder includes only the folders before it in the line
#      "**`ui/` in layers, lowest first:**" of docs/architecture.md (the one place the order is
#      written; every folder of ui/ must be on it), the files at ui/'s top any.
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

# 4. The order of ui/'s folders, from its one line in the docs.
layers_doc=docs/architecture.md
# The backquotes are the Markdown's, not commands.
# shellcheck disable=SC2016
layers_line=$(grep '^\*\*`ui/` in layers, lowest first:\*\*' "$layers_doc" || true)
# shellcheck disable=SC2016
ui_layers=$(echo "$layers_line" | sed 's/^[^:]*://' | grep -o '`[a-z_]*/`' | tr -d '`/' | tr '\n' ' ')
if [ -z "$ui_layers" ]; then
    echo "$layers_doc: no line \"**\`ui/\` in layers, lowest first:**\" naming ui/'s folders in order" >>"$problems"
fi
for folder in $(find ui -mindepth 1 -maxdepth 1 -type d | sed 's|^ui/||' | sort); do
    case " $ui_layers " in
        *" $folder "*) ;;
        *) echo "ui/$folder/: not in the ui layers (place it in the line \"\`ui/\` in layers\" of $layers_doc)" >>"$problems" ;;
    esac
done
for folder in $ui_layers; do
    [ -d "ui/$folder" ] ||
        echo "$layers_doc: the ui layers name ui/$folder/, which does not exist" >>"$problems"
done
# One "file:line:#include ..." row per include of ui/ in ui/; the top files (ui/*.cpp) rank last.
# shellcheck disable=SC2046
grep -Hn '#include "ui/' $(echo "$sources" | grep '^ui/') 2>/dev/null |
    awk -v layers="$ui_layers" -v doc="$layers_doc" '
        BEGIN { count = split(layers, order, " "); for (i = 1; i <= count; i++) rank[order[i]] = i }
        function layer(path,    parts) { return split(path, parts, "/") > 2 ? parts[2] : "" }
        function name(folder) { return folder == "" ? "the files at ui/'"'"'s top" : "ui/" folder "/" }
        {
            split($0, where, ":")
            included = $0
            sub(/^[^"]*"/, "", included)
            sub(/".*$/, "", included)
            from = layer(where[1]); to = layer(included)
            # A folder missing from the layers is reported above, once.
            if (from == to || (to != "" && !(to in rank)) || (from != "" && !(from in rank))) next
            from_rank = from == "" ? count + 1 : rank[from]
            to_rank = to == "" ? count + 1 : rank[to]
            if (to_rank < from_rank) next
            printf "%s:%s: #include \"%s\": %s is below %s in the ui layers (%s, \"`ui/` in layers\"): move what both need lower, or reach it through an interface declared lower\n", where[1], where[2], included, name(from), name(to), doc
        }' >>"$problems"

if [ -s "$problems" ]; then
    cat "$problems"
    echo "house rules: $(wc -l <"$problems") problems"
    exit 1
fi
echo "house rules ok: $(echo "$sources" | wc -l) files, none over $max_file_lines lines, no function over $max_function_lines lines but the listed exceptions, app -> ui -> core, ui layers $(echo "$ui_layers" | sed 's/ *$//; s/ / -> /g')"
