#!/usr/bin/env bash
# aabb-bench's lists, asked of the program (issue 51 item 2): --list holds the engine at both
# thread counts, then our factory's algorithms and the peers built in, each of which
# --list-peers (the one peer table, app/bench/runners/runner_factory.cpp) knows; every name
# --list-peers prints is accepted by --skip-above, built in or not; --list-flags prints exactly
# the flags --help lists.
# Usage: check_bench_lists.sh AABB_BENCH
set -uo pipefail
bench=$1
fail() {
    echo "FAIL: $*"
    exit 1
}
list=$("$bench" --list) || fail "--list failed"
peers=$("$bench" --list-peers) || fail "--list-peers failed"
[[ -n "$peers" ]] || fail "--list-peers printed nothing"
for ours in banded_sort_and_sweep banded_sort_and_sweep_2t; do
    grep -qx "$ours" <<<"$list" || fail "--list lacks $ours"
done
# The built peers are the tail of --list, after the last of ours.
built=$(sed -n '/^banded_sort_and_sweep_2t$/,$p' <<<"$list" | tail -n +2)
while read -r name; do
    [[ -z "$name" ]] && continue
    grep -qx "$name" <<<"$peers" || fail "--list runs $name, which --list-peers does not know"
done <<<"$built"
# Every known peer is a valid --skip-above name, whether this build has its library or not.
skips=()
while read -r name; do
    skips+=(--skip-above "$name:10" --skip-above "$name:10:uniform")
done <<<"$peers"
"$bench" --n 100 --frames 2 --algo sort_and_sweep "${skips[@]}" >/dev/null ||
    fail "--skip-above refused a name of --list-peers"
# --list-flags is --help's flags, in the same order.
flags=$("$bench" --list-flags) || fail "--list-flags failed"
help_flags=$("$bench" --help | grep -oE '^  --[a-z0-9-]+' | sed 's/^  //')
[[ "$flags" == "$help_flags" ]] || fail "--list-flags differs from --help's flags"
echo "bench lists ok: $(wc -l <<<"$list") runners, $(wc -l <<<"$peers") known peers, $(wc -l <<<"$flags") flags"
