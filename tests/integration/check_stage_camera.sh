#!/bin/sh
# ctest helper (issue 49 item 1): the lesson camera in a real window, in a virtual X server
# under xvfb-run at 1280x720, on box_intervals (its stage right of the step card). The teacher
# zooms with the mouse wheel over the free canvas, then, in four runs:
#   1. waits: the zoom is kept (the stage is not framed again: the layout differs from a start);
#   2. presses F: the stage is framed again (the layout of a start);
#   3. presses PageDown: step 2 is framed at its own stage (the layout of a start at step 2,
#      once the eased move has ended);
#   4. presses PageDown and PageUp: step 1 finds the teacher's zoom again.
# Each run's layout report is written when its window closes and compared with
# aabb-layout-check --same against a run started at the step.
# Usage: check_stage_camera.sh SANDBOX PNG_CHECK WORK_DIRECTORY LAYOUT_CHECK
set -eu
. "$(dirname "$0")/window_session.sh"
sandbox=$1
work=$3
layout_check=$4
rm -rf "$work"
mkdir -p "$work/aabb-sandbox"
cd "$work"
settings="$work/aabb-sandbox/settings.ini"
for step in 1 2; do
    LIBGL_ALWAYS_SOFTWARE=1 "$sandbox" --lesson box_intervals --step "$step" --lang en \
        --frames 6 --layout-report "$work/start_$step.json" >>sandbox.log 2>&1
done

# run NAME KEYS...: zooms in at the free canvas's bottom-left (away from the handles), presses
# the keys one by one, waits for the camera to settle and closes the window.
run() {
    name=$1
    shift
    printf '[sandbox]\nlanguage = en\nui_scale = 1\n' >"$settings"
    window_open env HOME="$work" XDG_CONFIG_HOME="$work" LIBGL_ALWAYS_SOFTWARE=1 "$sandbox" \
        --lesson box_intervals --layout-report "$work/$name.json"
    sleep 2
    xdotool mousemove 150 640
    sleep 0.5
    xdotool click 4 click 4 click 4
    sleep 1
    for key in "$@"; do
        xdotool key "$key"
        sleep 1
    done
    sleep 2
    window_close "$name"
    [ -s "$name.json" ] || { echo "$name: no layout report"; cat sandbox.log; exit 1; }
}

# The layouts of $1 and $2 differ in the stage (and only where the camera shows things).
stage_differs() {
    if "$layout_check" --same "$1" "$2" >differences.txt; then
        echo "$1: the teacher's zoom was lost (the layout of a start)"
        exit 1
    fi
    grep -q "^differs: the stage" differences.txt || {
        echo "$1: the stage did not change with the zoom"
        cat differences.txt
        exit 1
    }
}

run zoomed
stage_differs zoomed.json start_1.json
run zoomed_f f
"$layout_check" --same zoomed_f.json start_1.json || { echo "F did not frame the stage"; exit 1; }
run next_step Next
"$layout_check" --same next_step.json start_2.json || {
    echo "PageDown did not frame step 2's stage"
    exit 1
}
run back Next Prior
"$layout_check" --same back.json zoomed.json || {
    echo "PageDown and PageUp lost the teacher's zoom of step 1"
    exit 1
}
echo "stage camera ok: the teacher's zoom is kept in a step and found again, F and a new step frame the stage"
