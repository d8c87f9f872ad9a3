#!/bin/sh
# ctest helper: the window under `ulimit -f 0` (issue 48, item 3: a failed settings save
# truncated settings.ini). Z switches the language like a user; the save fails, settings.ini
# keeps its bytes, the failure is reported with the file and the cause (stderr here; the
# window shows it above the tabs) and the window keeps running and quits cleanly.
# Usage: check_settings_save_failure.sh SANDBOX PNG_CHECK WORK_DIRECTORY (under xvfb-run)
set -eu
sandbox=$1
work=$3
rm -rf "$work"
mkdir -p "$work/aabb-sandbox"
cd "$work"
settings="$work/aabb-sandbox/settings.ini"
printf 'language = en\nui_scale = 1\n' >"$settings"
cp "$settings" settings.before
# The limit is the sandbox's alone: its messages go through a pipe to a process without it.
fifo="$work/log.fifo"
mkfifo "$fifo"
cat "$fifo" >sandbox.log &
HOME="$work" XDG_CONFIG_HOME="$work" LIBGL_ALWAYS_SOFTWARE=1 \
    sh -c 'ulimit -f 0; exec "$0"' "$sandbox" >"$fifo" 2>&1 &
pid=$!
trap 'kill "$pid" 2>/dev/null || true' EXIT
timeout 60 xdotool search --sync --onlyvisible --name "AABB Sandbox" >/dev/null
sleep 2
xdotool mousemove 450 400
sleep 0.5
xdotool keydown z
sleep 0.3
xdotool keyup z
message="cannot write '$settings': File too large"
timeout 20 sh -c "until grep -qF \"$message\" sandbox.log; do sleep 0.2; done" || {
    echo "no message naming settings.ini and the cause"
    cat sandbox.log
    exit 1
}
kill -TERM "$pid"
# 143 = 128 + SIGTERM: a run a signal stopped says so (docs/limits.md, "Stopping").
status=0
wait "$pid" || status=$?
[ "$status" -eq 143 ] || { echo "aabb-sandbox did not exit cleanly ($status)"; cat sandbox.log; exit 1; }
trap - EXIT
cmp -s settings.before "$settings" || { echo "settings.ini changed:"; cat "$settings"; exit 1; }
leftovers=$(find "$work/aabb-sandbox" -name '.*.tmp-*')
[ -z "$leftovers" ] || { echo "temporary files left: $leftovers"; exit 1; }
echo "settings save failure ok: reported, settings.ini intact"
