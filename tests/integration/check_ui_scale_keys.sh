#!/bin/sh
# ctest helper (issue 49 item 3): UI scale changed at run time leaves the layout a start at that
# scale has. In a virtual X server under xvfb-run at 1280x720, box_intervals is opened and the
# scale keys pressed like a user does: Ctrl+= ten times (200%), Ctrl+- three times and Ctrl+=
# three times (200%), Ctrl+0 (100%) and Ctrl+= five times (150%). The window's layout report
# (written when it ends) must then match, within a pixel, that of a run started with
# --ui-scale 1.5; before the fix the ImGui style's sizes grew with every change and the lesson
# bar covered the window.
# Usage: check_ui_scale_keys.sh SANDBOX PNG_CHECK WORK_DIRECTORY LAYOUT_CHECK
set -eu
sandbox=$1
work=$3
layout_check=$4
rm -rf "$work"
mkdir -p "$work/aabb-sandbox"
cd "$work"
settings="$work/aabb-sandbox/settings.ini"
printf '[sandbox]\nlanguage = en\n' >"$settings"

HOME="$work" XDG_CONFIG_HOME="$work" LIBGL_ALWAYS_SOFTWARE=1 "$sandbox" --lesson box_intervals \
    --layout-report "$work/after_keys.json" >>sandbox.log 2>&1 &
pid=$!
trap 'kill "$pid" 2>/dev/null || true' EXIT
timeout 60 xdotool search --sync --onlyvisible --name "AABB Sandbox" >/dev/null
sleep 2
# Focus follows the pointer without a window manager: rest it on the panel's bottom corner,
# away from the lesson's handles.
xdotool mousemove 1275 715
sleep 0.5
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
for scale in 1.1 1.2 1.3 1.4 1.5 1.6 1.7 1.8 1.9 2; do press ctrl+equal "$scale"; done
for scale in 1.9 1.8 1.7; do press ctrl+minus "$scale"; done
for scale in 1.8 1.9 2; do press ctrl+equal "$scale"; done
press ctrl+0 1
for scale in 1.1 1.2 1.3 1.4 1.5; do press ctrl+equal "$scale"; done
# A few frames at the final scale (the windows take their size from the frame before).
sleep 3
kill -TERM "$pid"
timeout 30 sh -c "while kill -0 $pid 2>/dev/null; do sleep 0.2; done"
status=0
wait "$pid" || status=$?
[ "$status" -eq 143 ] || { echo "aabb-sandbox did not exit cleanly ($status)"; cat sandbox.log; exit 1; }
trap - EXIT
[ -s after_keys.json ] || { echo "no layout report after the keys"; cat sandbox.log; exit 1; }
LIBGL_ALWAYS_SOFTWARE=1 "$sandbox" --lesson box_intervals --lang en --ui-scale 1.5 --frames 6 \
    --layout-report "$work/fresh.json" >>sandbox.log 2>&1
"$layout_check" --same after_keys.json fresh.json
echo "ui scale keys ok: 22 presses end in the layout of a start at 150%"
