#!/usr/bin/env bash
# The lesson gallery and handouts, made by the program itself (real frames of the window
# through SDL's offscreen driver): for every lesson of lessons/ and both languages,
# `aabb-sandbox --handout NAME --lang en|zh --out DIR` writes a printable HTML page (objective,
# every step's text and formulas with their values, try prompts, questions, the answers at the
# end) and one picture per step beside it. Then docs/lessons.md lists every lesson with both
# handouts and every step's picture (the English handout's). Run after scripts/build.sh; it
# takes about five minutes, and rerunning it replaces what it made before.
# Usage: scripts/lesson_gallery.sh [DIR]   (DIR: where the handouts go, default docs/lessons;
#                                           docs/lessons.md is written only for the default)
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
sandbox="$root/build/app/aabb-sandbox"
out=${1:-$root/docs/lessons}
mkdir -p "$out"
out=$(cd "$out" && pwd)
export SDL_VIDEODRIVER=offscreen LIBGL_ALWAYS_SOFTWARE=1
# The pictures' window: the canvas alone (--handout hides the side panel) at a size that
# prints sharp across a page.
size=1280x720

# The first value of a top-level string field of a lesson file ("title": "...").
field() {
    sed -n "s/^  \"$1\": \"\\(.*\\)\",\$/\\1/p" "$2" | head -n 1
}

# Every step's English text, one per line (the step objects' "text" lines).
step_texts() {
    sed -n 's/^      "text": "\(.*\)",$/\1/p' "$1"
}

lessons=()
for file in "$root"/lessons/*.json; do
    name=$(basename "$file" .json)
    [[ "$name" == index ]] && continue
    lessons+=("$file")
    # What an earlier run made for this lesson (older galleries had one NAME.png).
    rm -f "$out/$name.png" "$out/$name".*.step*.png "$out/$name".*.html
    for lang in en zh; do
        "$sandbox" --handout "$file" --lang "$lang" --out "$out" --size "$size" > /dev/null
    done
    # A 256-color palette keeps the text sharp at a third of the size (ImageMagick, when
    # installed; scripts/test.sh installs it for the window tests).
    if command -v convert > /dev/null; then
        for shot in "$out/$name".*.step*.png; do
            convert "$shot" -dither None -colors 256 "PNG8:$shot"
        done
    fi
    echo "lesson gallery: $name" >&2
done

if [[ "$out" != "$root/docs/lessons" ]]; then
    echo "lesson gallery: handouts in $out" >&2
    exit 0
fi

page="$root/docs/lessons.md"
{
    echo "# Lessons"
    echo
    echo "Every lesson of \`lessons/\` and every one of its steps as the window draws it, with a"
    echo "printable handout in English and in Chinese: open it in a browser and print it (one"
    echo "step per block, the answers to the questions on the last page). Made by"
    echo "\`scripts/lesson_gallery.sh\`, which runs \`aabb-sandbox --handout NAME --lang en|zh"
    echo "--out docs/lessons\` for each lesson ($size, the side panel hidden). Open a lesson in"
    echo "class with \`scripts/run.sh --lesson NAME\` or from the Lessons tab; see the README's"
    echo "\"Teaching with the sandbox\" for the keys."
    echo
    for file in "${lessons[@]}"; do
        name=$(basename "$file" .json)
        echo "- [${name%%_*}. $(field title "$file")](#$name) · $(field title_zh "$file")"
    done
    echo
    for file in "${lessons[@]}"; do
        name=$(basename "$file" .json)
        echo "<a id=\"$name\"></a>"
        echo
        echo "## ${name%%_*}. $(field title "$file") · $(field title_zh "$file")"
        echo
        echo "$(field objective "$file")"
        echo
        echo "$(field objective_zh "$file")"
        echo
        echo "Handout: [English](lessons/$name.en.html) · [中文](lessons/$name.zh.html)"
        echo
        step=0
        while IFS= read -r text; do
            step=$((step + 1))
            echo "**Step $step.** $text"
            echo
            echo "![$(field title "$file"), step $step](lessons/$name.en.step$step.png)"
            echo
        done < <(step_texts "$file")
    done
} > "$page"
echo "lesson gallery: wrote $page and the handouts in $out" >&2
