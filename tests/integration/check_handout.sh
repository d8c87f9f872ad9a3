#!/bin/sh
# ctest helper (issue 49 item 8): `aabb-sandbox --handout LESSON --lang LANG --out DIR` without
# a display (SDL's offscreen driver) writes DIR/LESSON_ID.LANG.html naming every step of the
# lesson, and every picture the page links exists and is a screenshot PNG of the window size
# (aabb-png-check, the side panel hidden). Then the same command refuses an output folder that
# is not there before it renders anything (exit 2).
# Usage: check_handout.sh SANDBOX PNG_CHECK WORK_DIRECTORY LESSON LESSON_ID STEPS LANG
set -eu
sandbox=$1
png_check=$2
work=$3
lesson=$4
id=$5
steps=$6
lang=$7
rm -rf "$work"
mkdir -p "$work"
"$sandbox" --handout "$lesson" --lang "$lang" --out "$work" > "$work/run.log" 2>&1 ||
    { echo "--handout failed:"; cat "$work/run.log"; exit 1; }
page="$work/$id.$lang.html"
[ -f "$page" ] || { echo "no page $page"; ls "$work"; exit 1; }
grep -q "^<!DOCTYPE html>" "$page" || { echo "$page is not HTML"; exit 1; }
grep -q "@page" "$page" || { echo "$page has no print CSS"; exit 1; }
if [ "$lang" = zh ]; then heading="<h2>步骤 %d / $steps</h2>"; else heading="<h2>Step %d of $steps</h2>"; fi
k=1
while [ "$k" -le "$steps" ]; do
    # shellcheck disable=SC2059
    grep -qF "$(printf "$heading" "$k")" "$page" || { echo "$page does not name step $k"; exit 1; }
    k=$((k + 1))
done
pictures=$(sed -n 's/.*<img src="\([^"]*\)".*/\1/p' "$page")
count=$(printf '%s\n' "$pictures" | grep -c . || true)
[ "$count" -eq "$steps" ] || { echo "$page links $count pictures for $steps steps"; exit 1; }
for picture in $pictures; do
    [ -f "$work/$picture" ] || { echo "$page links $picture, which is not there"; exit 1; }
    "$png_check" "$work/$picture" --width 1280 --height 720 --scene-view --no-caption --no-panel ||
        { echo "$picture is not a 1280x720 screenshot"; exit 1; }
done
status=0
"$sandbox" --handout "$lesson" --lang "$lang" --out "$work/missing" > "$work/missing.log" 2>&1 || status=$?
[ "$status" -eq 2 ] || { echo "--out into a missing folder exited $status, not 2"; cat "$work/missing.log"; exit 1; }
grep -q "cannot write '$work/missing/$id.$lang.html': No such file or directory" "$work/missing.log" ||
    { echo "unexpected message:"; cat "$work/missing.log"; exit 1; }
echo "handout ok: $page names $steps steps, $count PNG pictures"
