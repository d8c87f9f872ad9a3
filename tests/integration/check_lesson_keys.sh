#!/bin/sh
# ctest helper: a presenter's keys in lesson mode, sent like a clicker does (xdotool key: press
# and release at once, which a slow frame would swallow if the shortcuts read ImGui 1.86's key
# state), in a virtual X server under xvfb-run at 1280x720. From box_intervals step 1, Q shows
# and hides the answer to the step's question, three
# PageDowns reach step 4, Shift+PageDown the next lesson, and Tab hides the panel (checked on
# the screenshot: no panel text at the right edge; a step that does not use the world shows no
# scene caption). The place is read from the settings file, where the window remembers it.
# Usage: check_lesson_keys.sh SANDBOX PNG_CHECK WORK_DIRECTORY
set -eu
. "$(dirname "$0")/window_session.sh"
sandbox=$1
png_check=$2
work=$3
rm -rf "$work"
mkdir -p "$work/aabb-sandbox"
cd "$work"
settings="$work/aabb-sandbox/settings.ini"
printf '[sandbox]\nlanguage = en\nlesson = 02_box_intervals\nlesson_step = 0\n' >"$settings"

window_open env HOME="$work" XDG_CONFIG_HOME="$work" LIBGL_ALWAYS_SOFTWARE=1 "$sandbox"
sleep 2
# Focus follows the pointer without a window manager: rest it on the canvas.
xdotool mousemove 300 650
sleep 0.5
# Waits up to 20 s for the settings file to hold line $1 (saved between frames).
saved() {
    timeout 20 sh -c "until grep -q '^$1\$' '$settings' 2>/dev/null; do sleep 0.2; done"
}
# Q shows the answer to step 1's question (issue 49 item 7): the card grows by the answer's
# lines, so the screen changes; a second Q hides it again and the screen is as before.
import -window root question.png
xdotool key q
sleep 2
import -window root answer.png
xdotool key q
sleep 2
import -window root hidden_answer.png
# Pixels that differ left of the side panel (whose frame time changes every frame).
differ() {
    convert "$1" -crop 880x720+0+0 +repage first.png
    convert "$2" -crop 880x720+0+0 +repage second.png
    compare -metric AE first.png second.png null: 2>&1 || true
}
shown=$(differ question.png answer.png)
hidden=$(differ question.png hidden_answer.png)
[ "${shown%%.*}" -gt 500 ] || { echo "Q did not show the answer ($shown pixels changed)"; exit 1; }
[ "${hidden%%.*}" -lt 50 ] || { echo "a second Q did not hide the answer ($hidden pixels differ)"; exit 1; }
xdotool key Next Next Next
saved 'lesson_step = 3' || { echo "three PageDowns did not reach step 4"; cat "$settings"; exit 1; }
xdotool key shift+Next
saved 'lesson = 03_touching' || { echo "Shift+PageDown did not open 03_touching"; cat "$settings"; exit 1; }
saved 'lesson_step = 0' || { echo "the next lesson did not start at step 1"; cat "$settings"; exit 1; }
xdotool key Tab
sleep 2
import -window root hidden_panel.png
window_close
"$png_check" hidden_panel.png --width 1280 --height 720 --scene-view --no-caption --no-panel
echo "lesson keys ok: Q showed and hid the answer, 3 PageDowns = 3 steps, Shift+PageDown = next lesson, Tab hid the panel"
