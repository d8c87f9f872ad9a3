#!/bin/sh
# ctest helper (issue 49): lesson mode starts with the side panel hidden where the canvas beside
# it would be too narrow (ui/view/panel_width.hpp panel_collapses_for_lesson), and the lesson
# bar says "Tab: panel". At 1280x720 and UI scale 2 the report has no panel region and the bar's
# hint; at 1920x1080 and scale 2 the panel stays, without the hint; without a lesson the panel
# stays at 1280x720 and scale 2.
# Usage: check_lesson_panel_hidden.sh SANDBOX WORK_DIRECTORY
set -eu
sandbox=$1
work=$2
mkdir -p "$work"
report() {
    name=$1
    shift
    "$sandbox" "$@" --lang en --ui-scale 2 --frames 3 --layout-report "$work/$name.json" \
        >"$work/$name.log" 2>&1 || {
        echo "aabb-sandbox failed ($name):"
        cat "$work/$name.log"
        exit 1
    }
}
report lesson_720 --lesson box_intervals --size 1280x720
report lesson_1080 --lesson box_intervals --size 1920x1080
report sandbox_720 --size 1280x720
if grep -q '"name": "panel"' "$work/lesson_720.json"; then
    echo "1280x720 at scale 2: the panel is shown in lesson mode"
    exit 1
fi
grep -q '"text": "Tab: panel"' "$work/lesson_720.json" || {
    echo "1280x720 at scale 2: no 'Tab: panel' in the lesson bar"
    exit 1
}
grep -q '"name": "panel"' "$work/lesson_1080.json" || {
    echo "1920x1080 at scale 2: the panel is hidden in lesson mode"
    exit 1
}
if grep -q '"text": "Tab: panel"' "$work/lesson_1080.json"; then
    echo "1920x1080 at scale 2: 'Tab: panel' with the panel shown"
    exit 1
fi
grep -q '"name": "panel"' "$work/sandbox_720.json" || {
    echo "1280x720 at scale 2 without a lesson: the panel is hidden"
    exit 1
}
echo "lesson panel rule ok"
