#!/usr/bin/env bash
# Every tab of the side panel renders, in English and in Chinese (every label from the text
# catalog, CJK glyphs merged): the tab names are asked of the program (aabb-sandbox
# --list-tabs, printed from the tab table ui/view/panel_tabs.hpp), so a new tab is screenshot
# here with no edit, and no name is read from the source (issue 51 item 2).
# Usage: check_panel_tab_screenshots.sh AABB_SANDBOX AABB_PNG_CHECK WORK_DIR
# (run with SDL_VIDEODRIVER=offscreen LIBGL_ALWAYS_SOFTWARE=1, as ctest does).
set -uo pipefail
sandbox=$1
png_check=$2
work=$3
fail() {
    echo "FAIL: $*"
    exit 1
}
rm -rf "$work"
mkdir -p "$work"
tabs=$("$sandbox" --list-tabs) || fail "--list-tabs failed"
count=$(wc -l <<<"$tabs")
[[ "$count" -ge 2 ]] || fail "--list-tabs printed $count names"
shots=0
while read -r tab; do
    for language in en zh; do
        shot="$work/${language}_$tab.png"
        "$sandbox" --lang "$language" --panel-tab "$tab" --frames 3 --screenshot "$shot" \
            >"$work/${language}_$tab.log" 2>&1 ||
            fail "--lang $language --panel-tab $tab: exit $? ($(tail -n 1 "$work/${language}_$tab.log"))"
        "$png_check" "$shot" --width 1280 --height 720 ||
            fail "--lang $language --panel-tab $tab: the screenshot failed aabb-png-check"
        shots=$((shots + 1))
    done
done <<<"$tabs"
echo "panel tab screenshots ok: $count tabs, $shots screenshots"
