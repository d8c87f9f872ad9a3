#!/usr/bin/env bash
# docs/lessons.md: one screenshot per lesson of lessons/, made by the program itself (real
# frames of the window through SDL's offscreen driver), with each lesson's titles in English
# and Chinese and its objective. Run after scripts/build.sh; takes about a minute.
# Usage: scripts/lesson_gallery.sh [STEP]   (STEP: which step to show, default 2)
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
sandbox="$root/build/app/aabb-sandbox"
step=${1:-2}
out="$root/docs/lessons"
mkdir -p "$out"
export SDL_VIDEODRIVER=offscreen LIBGL_ALWAYS_SOFTWARE=1

# The first value of a top-level string field of a lesson file ("title": "...").
field() {
    sed -n "s/^  \"$1\": \"\\(.*\\)\",\$/\\1/p" "$2" | head -n 1
}

page="$root/docs/lessons.md"
{
    echo "# Lessons"
    echo
    echo "Every lesson of \`lessons/\`, shown at step $step as the window draws it (1600 × 900,"
    echo "made by \`scripts/lesson_gallery.sh\`, which runs"
    echo "\`aabb-sandbox --lesson NAME --step $step --screenshot FILE\`). Open one in class with"
    echo "\`scripts/run.sh --lesson NAME\` or from the Lessons tab; see the README's"
    echo "\"Teaching with the sandbox\" for the keys."
    echo
} > "$page"
for file in "$root"/lessons/*.json; do
    name=$(basename "$file" .json)
    [[ "$name" == index ]] && continue
    shot="$out/$name.png"
    steps=$(grep -c '"text":' "$file" || true)
    show=$step
    if (( steps < show )); then show=$steps; fi
    "$sandbox" --lesson "$file" --step "$show" --size 1600x900 --frames 3 --screenshot "$shot" \
        > /dev/null
    # A 256-color palette keeps the text sharp at a third of the size (ImageMagick, when
    # installed; scripts/test.sh installs it for the window tests).
    if command -v convert > /dev/null; then
        convert "$shot" -dither None -colors 256 "PNG8:$shot"
    fi
    {
        echo "## ${name%%_*}. $(field title "$file") · $(field title_zh "$file")"
        echo
        echo "$(field objective "$file")"
        echo
        echo "$(field objective_zh "$file")"
        echo
        echo "![$(field title "$file"), step $show](lessons/$name.png)"
        echo
    } >> "$page"
    echo "lesson gallery: $name" >&2
done
echo "lesson gallery: wrote $page" >&2
