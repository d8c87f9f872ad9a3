#!/bin/sh
# ctest helper: a step's animation in a real window (issue 49 item 4), in a virtual X server
# under xvfb-run at 1280x720. Lesson 08_tunneling step 1 animates τ and plays on entry: two
# pictures of the τ bar taken a moment apart differ; after K (pause) they are the same; after K
# again they differ once more. Only the τ bar is compared (the panel's frame times change every
# frame).
# Usage: check_lesson_animation.sh SANDBOX PNG_CHECK WORK_DIRECTORY
set -eu
. "$(dirname "$0")/window_session.sh"
sandbox=$1
work=$3
rm -rf "$work"
mkdir -p "$work/aabb-sandbox"
cd "$work"
settings="$work/aabb-sandbox/settings.ini"
printf '[sandbox]\nlanguage = en\nui_scale = 1\nlesson = 08_tunneling\nlesson_step = 0\n' >"$settings"

window_open env HOME="$work" XDG_CONFIG_HOME="$work" LIBGL_ALWAYS_SOFTWARE=1 "$sandbox"
sleep 2
# Focus follows the pointer without a window manager: rest it on an empty part of the canvas,
# away from the boxes (their hover tooltips) and the τ bar.
xdotool mousemove 850 120
sleep 0.5
# The τ bar along the bottom of the canvas, above the timeline and the lesson bar.
bar() {
    import -window root -crop 560x70+170+550 "$1"
}
bar playing_1.png
sleep 1
bar playing_2.png
if cmp -s playing_1.png playing_2.png; then
    echo "the animation did not move while playing"; cat sandbox.log; exit 1
fi
xdotool key k
sleep 1
bar paused_1.png
sleep 1
bar paused_2.png
if ! cmp -s paused_1.png paused_2.png; then
    echo "K did not pause the animation"; cat sandbox.log; exit 1
fi
xdotool key k
sleep 1
bar resumed.png
if cmp -s paused_2.png resumed.png; then
    echo "K again did not play the animation"; cat sandbox.log; exit 1
fi
window_close
echo "lesson animation ok: it plays on entry, K pauses it, K plays it again"
