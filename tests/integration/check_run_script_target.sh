#!/usr/bin/env bash
# scripts/run.sh builds only what it runs (issue 51 item 7: it built everything, tests
# included, before the window: 14.5 minutes on a fresh 2-core machine). run.sh is run for real
# in a scratch copy of the scripts folder whose install_dependencies.sh and build.sh only
# record their arguments, and whose build/app/aabb-sandbox only records its own: run.sh must
# ask build.sh for the aabb-sandbox target alone and pass its arguments to the program.
# Usage: check_run_script_target.sh PROJECT_ROOT WORK_DIR
set -uo pipefail
root=$1
work=$2
fail() {
    echo "FAIL: $*"
    exit 1
}
rm -rf "$work"
mkdir -p "$work/scripts" "$work/build/app"
cp "$root/scripts/run.sh" "$work/scripts/run.sh"
for stub in install_dependencies.sh build.sh; do
    printf '#!/usr/bin/env bash\necho "%s $*" >>"%s/calls.txt"\n' "$stub" "$work" >"$work/scripts/$stub"
done
printf '#!/usr/bin/env bash\necho "aabb-sandbox $*" >>"%s/calls.txt"\n' "$work" >"$work/build/app/aabb-sandbox"
chmod +x "$work/scripts/"*.sh "$work/build/app/aabb-sandbox"
bash "$work/scripts/run.sh" --count 20 || fail "run.sh failed"
expected="install_dependencies.sh 
build.sh --target aabb-sandbox
aabb-sandbox --count 20"
[[ "$(cat "$work/calls.txt")" == "$expected" ]] ||
    fail "run.sh ran: $(tr '\n' ';' <"$work/calls.txt") (expected: $(tr '\n' ';' <<<"$expected"))"
echo "run.sh builds aabb-sandbox alone"
