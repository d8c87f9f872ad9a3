# Sourced by the ctest helpers that drive a real window with xdotool under xvfb-run: one way to
# open the sandbox's window and to close it as a user's SIGTERM does. Both run in the current
# folder and append the program's output to sandbox.log there.

# window_open COMMAND...: runs COMMAND (the sandbox, with its environment through `env` if
# needed) in the background, kills it if the script ends early, and waits until its window is
# shown.
window_open() {
    "$@" >>sandbox.log 2>&1 &
    window_pid=$!
    trap 'kill "$window_pid" 2>/dev/null || true' EXIT
    timeout 60 xdotool search --sync --onlyvisible --name "AABB Sandbox" >/dev/null
}

# window_close [NAME]: sends SIGTERM and waits up to 30 s for the program to end; fails, naming
# NAME and showing sandbox.log, unless it ended with 143 (128 + SIGTERM: a run a signal stopped
# says so, docs/limits.md "Stopping").
window_close() {
    kill -TERM "$window_pid"
    timeout 30 sh -c "while kill -0 $window_pid 2>/dev/null; do sleep 0.2; done"
    window_status=0
    wait "$window_pid" || window_status=$?
    trap - EXIT
    [ "$window_status" -eq 143 ] || {
        echo "${1:-aabb-sandbox}: aabb-sandbox did not exit cleanly ($window_status)"
        cat sandbox.log
        exit 1
    }
}
