#!/bin/sh
# ctest helper (issue 49): a window too small for the UI scale asked uses the largest scale that
# leaves it 640 x 360 at scale 1 (ui/model/settings_store.hpp usable_ui_scale), and says so in
# the toolbar. At 1280x720, --ui-scale 2.5 lays out at scale 2 with the note "(250% asked: window
# max)"; at 1600x900 it keeps 2.5 and no note.
# Usage: check_ui_scale_cap.sh SANDBOX WORK_DIRECTORY
set -eu
sandbox=$1
work=$2
mkdir -p "$work"
report() {
    "$sandbox" --lesson box_intervals --lang en --size "$1" --ui-scale 2.5 --frames 3 \
        --layout-report "$work/scale_$1.json" >"$work/scale_$1.log" 2>&1 || {
        echo "aabb-sandbox failed at $1:"
        cat "$work/scale_$1.log"
        exit 1
    }
}
report 1280x720
report 1600x900
grep -q '"ui_scale": 2.00,' "$work/scale_1280x720.json" || {
    echo "1280x720 at 2.5 did not lay out at scale 2:"
    grep '"ui_scale"' "$work/scale_1280x720.json"
    exit 1
}
grep -q '250% asked: window max' "$work/scale_1280x720.json" || {
    echo "1280x720 at 2.5: no note in the toolbar"
    exit 1
}
grep -q '"ui_scale": 2.50,' "$work/scale_1600x900.json" || {
    echo "1600x900 at 2.5 did not keep scale 2.5:"
    grep '"ui_scale"' "$work/scale_1600x900.json"
    exit 1
}
if grep -q 'asked: window max' "$work/scale_1600x900.json"; then
    echo "1600x900 at 2.5: a note though the scale was kept"
    exit 1
fi
echo "ui scale cap ok: 1280x720 uses 2 for 2.5 and says so, 1600x900 keeps 2.5"
