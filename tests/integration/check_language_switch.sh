#!/bin/sh
# ctest helper: switches the interface language of a running sandbox like a user (xdotool in a
# virtual X server, run under xvfb-run at 1280x720) and checks that the choice is remembered:
# Z switches to Chinese and saves "language = zh"; the next start comes up in Chinese (its
# screenshot is checked); clicking the toolbar's EN button switches back and saves
# "language = en".
# Usage: check_language_switch.sh SANDBOX PNG_CHECK WORK_DIRECTORY
set -eu
sandbox=$1
png_check=$2
work=$3
rm -rf "$work"
mkdir -p "$work"
cd "$work"
settings="$work/aabb-sandbox/settings.ini"

# A fresh settings directory: English and the default UI scale, so the toolbar is where this
# script clicks.
start() {
    HOME="$work" XDG_CONFIG_HOME="$work" LIBGL_ALWAYS_SOFTWARE=1 "$sandbox" >>sandbox.log 2>&1 &
    pid=$!
    timeout 60 xdotool search --sync --onlyvisible --name "AABB Sandbox" >/dev/null
    sleep 2
    # Focus follows the pointer without a window manager: rest it on the canvas.
    xdotool mousemove 450 400
    sleep 0.5
}
stop() {
    kill -TERM "$pid"
    timeout 30 sh -c "while kill -0 $pid 2>/dev/null; do sleep 0.2; done"
    # 143 = 128 + SIGTERM: a run a signal stopped says so (docs/limits.md, "Stopping").
    status=0
    wait "$pid" || status=$?
    [ "$status" -eq 143 ] || { echo "aabb-sandbox did not exit cleanly ($status)"; cat sandbox.log; exit 1; }
}
# Waits up to 20 s for the settings file to hold `language = $1` (a busy machine renders
# slowly, and the setting is saved between frames).
saved() {
    timeout 20 sh -c "until grep -q '^language = $1\$' '$settings' 2>/dev/null; do sleep 0.2; done"
}
trap 'kill "$pid" 2>/dev/null || true' EXIT

start
# Held for a few frames (shorter than the keyboard's auto-repeat delay): Dear ImGui 1.86 reads
# the key's state once a frame, so a press and release within one slow frame would go unseen.
xdotool keydown z
sleep 0.3
xdotool keyup z
saved zh || { echo "Z did not save language = zh"; cat "$settings" sandbox.log; exit 1; }
stop

start
import -window root chinese.png
# The toolbar's EN button, left of 中文 (at UI scale 1: Help, Compare, A- A+, 100%, High
# contrast, then EN | 中文; the Chinese labels are narrower than the English ones).
xdotool mousemove 428 26
sleep 0.3
xdotool click 1
saved en || { echo "EN did not save language = en"; cat "$settings" sandbox.log; exit 1; }
stop
trap - EXIT
"$png_check" chinese.png --width 1280 --height 720
echo "language switch ok: Z saved zh, the next start was Chinese, EN saved en"
