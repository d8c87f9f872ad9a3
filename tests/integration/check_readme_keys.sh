#!/usr/bin/env bash
# The README's key table against the program's shortcut table (issue 51 item 2), asked of
# aabb-sandbox --list-keys (keys, a tab, what they do; printed from ui/commands/shortcuts.cpp):
# every key the table names in bold in its first column is a shortcut's keys, and every
# shortcut whose action is a lesson's ("lessons: ...") is in the table "in lesson mode".
# Usage: check_readme_keys.sh AABB_SANDBOX README.md
set -uo pipefail
sandbox=$1
readme=$2
failures=0
fail() {
    echo "FAIL: $*"
    failures=$((failures + 1))
}
keys=$("$sandbox" --list-keys) || {
    echo "FAIL: --list-keys failed"
    exit 1
}
[[ $(wc -l <<<"$keys") -ge 10 ]] || fail "--list-keys printed $(wc -l <<<"$keys") lines"
known=$(cut -f1 <<<"$keys")
# The table's rows: "| **Keys** / **Keys** | what |" after a "| key |" header.
rows=$(awk '/^\| key \|/ { table = 1; next } table && /^\|/ { print; next } { table = 0 }' "$readme")
[[ -n "$rows" ]] || fail "$readme has no key table (a '| key |' header)"
named=()
while IFS= read -r row; do
    [[ "$row" =~ ^\|--- ]] && continue
    first=$(cut -d'|' -f2 <<<"$row")
    while read -r key; do
        [[ -z "$key" ]] && continue
        named+=("$key")
        grep -qxF -- "$key" <<<"$known" || fail "$readme's key table names '$key', which is no shortcut (--list-keys)"
    done < <(grep -oE '\*\*[^*]+\*\*' <<<"$first" | sed 's/\*\*//g')
done <<<"$rows"
while IFS=$'\t' read -r key action; do
    [[ "$action" == lessons:* ]] || continue
    printf '%s\n' "${named[@]}" | grep -qxF -- "$key" ||
        fail "$readme's key table lacks '$key' ($action)"
done <<<"$keys"
if [[ $failures -eq 0 ]]; then
    echo "readme keys ok: ${#named[@]} keys of the table are shortcuts"
else
    exit 1
fi
