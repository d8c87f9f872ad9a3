#!/usr/bin/env bash
# aabb-sandbox's lists, asked of the program (issue 51 item 2): --list-overlays, --list-tabs,
# --list-gadgets, --list-keys and --list-flags print something, no name twice, the same in
# every mode; every overlay of --list-overlays switches on in the window (--show) and the
# refusal of an unknown one names exactly those; --panel-tab accepts every --list-tabs name
# (given with --list-tabs: the value is checked, no window opens); every gadget kind of
# --list-gadgets is drawn by the every-gadget lesson (tests/data/every_gadget_lesson.json).
# Usage: check_sandbox_lists.sh AABB_SANDBOX PROJECT_ROOT
# (run with SDL_VIDEODRIVER=offscreen LIBGL_ALWAYS_SOFTWARE=1, as ctest does).
set -uo pipefail
sandbox=$1
root=$2
failures=0
fail() {
    echo "FAIL: $*"
    failures=$((failures + 1))
}
for list in overlays tabs gadgets keys flags; do
    printed=$("$sandbox" --list-$list) || fail "--list-$list failed"
    [[ -n "$printed" ]] || fail "--list-$list printed nothing"
    duplicates=$(cut -f1 <<<"$printed" | sort | uniq -d)
    [[ -z "$duplicates" ]] || fail "--list-$list prints twice: $duplicates"
    for mode in "--headless" "--check-lessons $root/lessons"; do
        # shellcheck disable=SC2086
        [[ "$("$sandbox" $mode --list-$list)" == "$printed" ]] || fail "--list-$list differs with $mode"
    done
done
overlays=$("$sandbox" --list-overlays)
joined=$(paste -sd, <<<"$overlays")
"$sandbox" --show "$joined" --hide "$joined" --frames 2 >/dev/null 2>&1 ||
    fail "--show/--hide refused a name of --list-overlays ($joined)"
refusal=$("$sandbox" --show no-such-overlay 2>&1)
[[ "$refusal" == *"(known: all, $(sed 's/,/, /g' <<<"$joined"))"* ]] ||
    fail "--show's refusal does not name exactly --list-overlays: $refusal"
while read -r tab; do
    out=$("$sandbox" --panel-tab "$tab" --list-tabs 2>&1) || fail "--panel-tab refused '$tab': $out"
done < <("$sandbox" --list-tabs)
while read -r kind; do
    grep -q "\"kind\": \"$kind\"" "$root/tests/data/every_gadget_lesson.json" ||
        fail "tests/data/every_gadget_lesson.json draws no '$kind' gadget (--list-gadgets)"
done < <("$sandbox" --list-gadgets)
if [[ $failures -eq 0 ]]; then
    echo "sandbox lists ok: $(wc -l <<<"$overlays") overlays, $("$sandbox" --list-gadgets | wc -l) gadget kinds"
else
    exit 1
fi
