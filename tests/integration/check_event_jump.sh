#!/bin/sh
# ctest helper (issue 50 item 6): a click on an event row of the Tunneling tab in a real window,
# in a virtual X server under xvfb-run at 1280x720. scenes/bullet_storm.json pauses at world
# step 40 with 15 events listed, newest first; the last row is the hit of bullet #6 on wall #0
# in world step 23 at τ 1.00. A click on it must step the world back to step 23 (the caption
# says so, with none of the later tunnelings: the first is in step 29), and the only ghost left
# is the chosen event's, its τ written (the layout report, written when the window closes,
# holds these texts).
# Usage: check_event_jump.sh SANDBOX PNG_CHECK WORK_DIRECTORY
set -eu
. "$(dirname "$0")/window_session.sh"
sandbox=$1
work=$3
rm -rf "$work"
mkdir -p "$work/aabb-sandbox"
cd "$work"
# A fresh settings directory: default UI scale, so the row is where this script clicks.
printf '[sandbox]\nlanguage = en\nui_scale = 1\n' >"$work/aabb-sandbox/settings.ini"
scene=$(dirname "$0")/../../scenes/bullet_storm.json
window_open env HOME="$work" XDG_CONFIG_HOME="$work" LIBGL_ALWAYS_SOFTWARE=1 "$sandbox" \
    --scene "$scene" --pause-at 40 --panel-tab tunneling --layout-report "$work/jump.json"
sleep 4
xdotool mousemove 930 598
sleep 0.5
xdotool click 1
sleep 1.5
window_close
grep -q '"text": "world step 23 .* tunneled 0 ' jump.json || {
    echo "the click did not step back to world step 23:"
    grep -o '"text": "world step [0-9]*' jump.json || true
    exit 1
}
[ "$(grep -c '"text": "TOI ' jump.json)" -eq 1 ] && grep -q '"text": "TOI 1.00"' jump.json || {
    echo "not one ghost label, the chosen event's (TOI 1.00):"
    grep -o '"text": "TOI [^"]*"' jump.json || true
    exit 1
}
echo "event jump ok: the row's click went back to world step 23 with its ghost"
