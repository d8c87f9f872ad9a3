#!/bin/sh
# ctest helper (issue 49 item 3): UI scale changed at run time leaves the layout a start at that
# scale has. In a virtual X server under xvfb-run at 1280x720, box_intervals is opened and the
# scale keys pressed like a user does, in three runs, each ended and its layout report (written
# when the window closes) compared, within a pixel, with that of a run started at the scale the
# keys reached:
#   1. from 100%, Ctrl+= ten times: 200% (before the fix the ImGui style's sizes grew with
#      every change and the lesson bar covered the window);
#   2. from 100%, Ctrl+- three times, then Ctrl+= three times: 100%;
#   3. from 200% (the saved setting), Ctrl+0: 100%.
# Usage: check_ui_scale_keys.sh SANDBOX PNG_CHECK WORK_DIRECTORY LAYOUT_CHECK
set -eu
. "$(dirname "$0")/window_session.sh"
sandbox=$1
work=$3
layout_check=$4
rm -rf "$work"
mkdir -p "$work/aabb-sandbox"
cd "$work"
settings="$work/aabb-sandbox/settings.ini"

# Waits up to 20 s for the settings file to hold line $1 (saved between frames).
saved() {
    timeout 20 sh -c "until grep -q '^$1\$' '$settings' 2>/dev/null; do sleep 0.2; done"
}
# One key at a time, each waited for: a key a slow software-rendered frame swallowed would
# leave another scale.
press() {
    xdotool key "$1"
    saved "ui_scale = $2" || { echo "$1 did not reach scale $2"; cat "$settings"; exit 1; }
}

# run NAME START_SCALE FINAL_SCALE KEY:SCALE...: opens the window at START_SCALE (the saved
# setting), presses each key and waits for the scale it reaches, closes the window, and
# compares its layout with a run started at FINAL_SCALE.
run() {
    name=$1
    start=$2
    final=$3
    shift 3
    printf '[sandbox]\nlanguage = en\nui_scale = %s\n' "$start" >"$settings"
    window_open env HOME="$work" XDG_CONFIG_HOME="$work" LIBGL_ALWAYS_SOFTWARE=1 "$sandbox" \
        --lesson box_intervals --layout-report "$work/$name.json"
    sleep 2
    # Focus follows the pointer without a window manager: rest it on the panel's bottom
    # corner, away from the lesson's handles.
    xdotool mousemove 1275 715
    sleep 0.5
    for step in "$@"; do press "${step%%:*}" "${step##*:}"; done
    # A few frames at the final scale (the windows take their size from the frame before).
    sleep 3
    window_close "$name"
    [ -s "$name.json" ] || { echo "$name: no layout report after the keys"; cat sandbox.log; exit 1; }
    LIBGL_ALWAYS_SOFTWARE=1 "$sandbox" --lesson box_intervals --lang en --ui-scale "$final" \
        --frames 6 --layout-report "$work/${name}_fresh.json" >>sandbox.log 2>&1
    "$layout_check" --same "$name.json" "${name}_fresh.json" || {
        echo "$name: the layout after the keys differs from a start at $final"
        exit 1
    }
}

run ten_up 1 2 ctrl+equal:1.1 ctrl+equal:1.2 ctrl+equal:1.3 ctrl+equal:1.4 ctrl+equal:1.5 \
    ctrl+equal:1.6 ctrl+equal:1.7 ctrl+equal:1.8 ctrl+equal:1.9 ctrl+equal:2
run down_up 1 1 ctrl+minus:0.9 ctrl+minus:0.8 ctrl+minus:0.7 ctrl+equal:0.8 ctrl+equal:0.9 \
    ctrl+equal:1
run reset 2 1 ctrl+0:1
echo "ui scale keys ok: Ctrl+= x10, Ctrl+- x3 Ctrl+= x3 and Ctrl+0 end in the layout of a start at that scale"
