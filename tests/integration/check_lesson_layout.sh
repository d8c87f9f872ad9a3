#!/bin/sh
# ctest helper for the layout tests (issue 49 item 10): renders every step of one lesson in one
# run (--all-steps, 8 frames each) at one window size, UI scale and language, writes the layout
# report, and checks it with aabb-layout-check (the stage in the free area and filling a good
# part of it, no overlapping texts, nothing outside the window; in Chinese, no English word
# outside the screen symbols). The report stays in the work folder.
# Usage: check_lesson_layout.sh SANDBOX LAYOUT_CHECK LESSON LANG WxH SCALE REPORT [FLAG...]
# (the FLAGs go to aabb-sandbox, e.g. --no-panel)
set -eu
sandbox=$1
layout_check=$2
lesson=$3
language=$4
size=$5
scale=$6
report=$7
shift 7
rm -f "$report"
"$sandbox" --lesson "$lesson" --all-steps --lang "$language" --size "$size" --ui-scale "$scale" \
    --layout-report "$report" "$@" >"$report.log" 2>&1 || {
    echo "aabb-sandbox failed:"
    cat "$report.log"
    exit 1
}
# In Chinese also no English word outside the screen symbols.
checks=stage,overlaps,window
[ "$language" = zh ] && checks=$checks,chinese
"$layout_check" --checks "$checks" "$report"
