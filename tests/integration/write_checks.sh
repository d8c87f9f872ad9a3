# Shared by check_bench_writes.sh and check_sandbox_writes.sh (sourced, not run): how they run a
# reproducer and check its status, its message and the files it must leave intact. The sourcing
# script sets $name (for messages) and $work (an empty folder), and reports $failures at the end.
failures=0
fail() {
    echo "$name: $*" >&2
    failures=$((failures + 1))
}

# expect STATUS MESSAGE COMMAND...: the command exits with STATUS and prints MESSAGE (a fixed
# string) on stderr or stdout; what it printed is kept in $work/last.txt.
expect() {
    local status=$1 message=$2
    shift 2
    # Through a pipe: under `ulimit -f 0` the command could not write its messages to a file.
    local printed got
    printed=$("$@" 2>&1)
    got=$?
    printf '%s\n' "$printed" >"$work/last.txt"
    if [[ $got -ne $status ]] || ! grep -qF -- "$message" "$work/last.txt"; then
        fail "$* exited $got (expected $status) and printed:"
        sed 's/^/    /' "$work/last.txt" | head -20 >&2
        echo "    (expected: $message)" >&2
    fi
}
# old_file FILE writes known old bytes to FILE; intact FILE checks they are still there.
old_file() { printf 'old bytes of %s\n' "$1" >"$1"; }
intact() {
    [[ "$(cat "$1" 2>/dev/null)" == "old bytes of $1" ]] || fail "$1 was changed or removed"
}
# limited COMMAND...: runs the command under a file-size limit of 0 (`ulimit -f 0`).
limited() { bash -c 'ulimit -f 0; exec "$@"' limited "$@"; }
