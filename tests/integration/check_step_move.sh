#!/bin/sh
# ctest helper (issue 49 item 1): the eased move of the lesson camera to a new step, in the real
# program with a fixed clock (--frame-seconds 0.05, so the 0.35 s move takes 7 frames on every
# machine). Lesson 05_rotation_inflation walks its steps (--all-steps) with K frames each, for
# K = 4..8 and 12; the camera at the end of step 2 (the layout report's "camera") must
#   - end exactly where a start at step 2 frames it (K = 12, the move long over);
#   - before that, lie strictly between step 1's camera and that end, coming closer every frame,
#     in its middle and its zoom (not a jump, and not a move away).
# Usage: check_step_move.sh SANDBOX WORK_DIRECTORY
set -eu
sandbox=$1
work=$2
rm -rf "$work"
mkdir -p "$work"
cd "$work"
lesson=05_rotation_inflation

# camera REPORT INDEX: "x y zoom" of the INDEX-th (1-based) camera line of a layout report.
camera() {
    sed -n 's/.*"camera": {"center": \[\([^,]*\), \([^]]*\)\], "zoom": \([^}]*\)}.*/\1 \2 \3/p' \
        "$1" | sed -n "${2}p"
}

"$sandbox" --lesson "$lesson" --step 2 --frames 12 --layout-report start_2.json >>sandbox.log 2>&1
end=$(camera start_2.json 1)
for frames in 4 5 6 7 8 12; do
    "$sandbox" --lesson "$lesson" --all-steps --frames "$frames" --frame-seconds 0.05 \
        --layout-report "walk_$frames.json" >>sandbox.log 2>&1 || {
        echo "aabb-sandbox failed"
        cat sandbox.log
        exit 1
    }
done
start=$(camera walk_12.json 1)
moves=""
for frames in 4 5 6 7 8; do moves="$moves $(camera "walk_$frames.json" 2)"; done
last=$(camera walk_12.json 2)

# Distances to the end pose: the middle's in world units and the zoom's as |log ratio|.
awk -v start="$start" -v end="$end" -v last="$last" -v moves="$moves" 'BEGIN {
    split(start, s, " "); split(end, e, " "); split(last, l, " ")
    if (s[3] <= 0 || e[3] <= 0) { print "no camera in the layout reports"; exit 1 }
    # The move ends where a start at step 2 frames it.
    if ((l[1] - e[1])^2 + (l[2] - e[2])^2 > 1e-6 || (l[3] / e[3] - 1)^2 > 1e-8) {
        printf "the move ended at (%s) instead of a start'\''s (%s)\n", last, end; exit 1
    }
    d_center = sqrt((s[1] - e[1])^2 + (s[2] - e[2])^2)
    d_zoom = log(s[3] / e[3]); if (d_zoom < 0) d_zoom = -d_zoom
    if (d_center < 0.5 || d_zoom < 0.1) { print "steps 1 and 2 are framed alike: no move to see"; exit 1 }
    n = split(moves, m, " ")
    for (i = 1; i <= n; i += 3) {
        c = sqrt((m[i] - e[1])^2 + (m[i + 1] - e[2])^2)
        z = log(m[i + 2] / e[3]); if (z < 0) z = -z
        frames = 4 + (i - 1) / 3
        if (c >= d_center || z >= d_zoom) {
            printf "%d frames into step 2 the camera (%s %s %s) is not between step 1 and step 2\n", frames, m[i], m[i + 1], m[i + 2]; exit 1
        }
        if (i > 1 && (c >= prev_c || z >= prev_z)) {
            printf "%d frames into step 2 the camera did not come closer\n", frames; exit 1
        }
        if (c < 1e-4 && z < 1e-4 && frames < 8) { printf "the move was over after %d frames\n", frames; exit 1 }
        prev_c = c; prev_z = z
    }
    printf "step move ok: from (%s) to (%s) over frames, coming closer every frame\n", start, end
}'
