# ctest helper: every peer runs in a child process (issue 48 item 14), so a peer that crashes,
# hangs or throws fails alone: aabb-bench exits 1 with one line naming it, and every other
# algorithm's row is in the results. CASE picks the run:
#   crash, hang, throw: the test hook (AABB_BENCH_TEST_FAULT, app/bench/isolated_run.hpp) runs
#     sort_and_sweep in a child and crashes it with SIGSEGV, hangs it past its time budget or
#     makes it throw, right after its build: the isolation is tested whatever peers are built;
#   pipe: the hook's child without a fault carries --check's fingerprints and --dump-pairs'
#     pairs, which must match brute force's in this process;
#   space_hash_hang: the reproducer, chipmunk_space_hash on a trace where one box grows to
#     cover the world (one frame hashes 2.5e11 cells: it ran past 300 s and the run gave nothing);
#   bbtree_out_of_memory: the reproducer, chipmunk_bbtree on a pile of 3,000 boxes (4.5 million
#     pairs) under `ulimit -v 250000`: it dies with SIGSEGV (it reads through the null malloc
#     returns), which took the benchmark and every result with it.
# The reproducers need Chipmunk: without it they print SKIPPED (the test's skip expression).
# Usage: cmake -DBENCH=path/to/aabb-bench -DCASE=crash -DOUTPUT=prefix -P check_bench_isolated_runs.cmake
cmake_policy(SET CMP0057 NEW)  # if(... IN_LIST ...)

# Runs aabb-bench with ARGN under the environment ENVIRONMENT (a VAR=VALUE or empty), and
# fails unless it exits with EXPECTED_STATUS; leaves its stderr in `errors`.
function(run_bench environment expected_status)
    if(environment)
        set(prefix ${CMAKE_COMMAND} -E env ${environment})
    endif()
    execute_process(COMMAND ${prefix} "${BENCH}" ${ARGN}
                    RESULT_VARIABLE status OUTPUT_VARIABLE output ERROR_VARIABLE errors)
    if(NOT status EQUAL expected_status)
        message(FATAL_ERROR "aabb-bench ${ARGN}: exited with ${status}, expected "
                            "${expected_status}:\n${output}${errors}")
    endif()
    set(errors "${errors}" PARENT_SCOPE)
endfunction()

# Fails unless `errors` holds the one failure FAILURE (a regular expression) and the JSON
# results in OUTPUT.json hold a row for each algorithm of ROWS and none for MISSING.
function(expect_one_failure failure missing)
    if(NOT errors MATCHES "!!! aabb-bench: 1 failure\\(s\\):\n!!!   ERROR: ${failure}")
        message(FATAL_ERROR "no single failure line matching '${failure}':\n${errors}")
    endif()
    file(READ "${OUTPUT}.json" json)
    foreach(algorithm ${ARGN})
        if(NOT json MATCHES "\\{\"algo\": \"${algorithm}\"")
            message(FATAL_ERROR "no row for ${algorithm} in ${OUTPUT}.json:\n${json}")
        endif()
    endforeach()
    if(json MATCHES "\\{\"algo\": \"${missing}\"")
        message(FATAL_ERROR "a row for ${missing}, which failed, in ${OUTPUT}.json")
    endif()
endfunction()

# Returns (in `built`) whether aabb-bench lists PEER.
function(peer_built peer)
    execute_process(COMMAND "${BENCH}" --list OUTPUT_VARIABLE listed)
    string(REPLACE "\n" ";" listed "${listed}")
    if(peer IN_LIST listed)
        set(built TRUE PARENT_SCOPE)
    else()
        set(built FALSE PARENT_SCOPE)
    endif()
endfunction()

set(hook AABB_BENCH_TEST_FAULT)
set(three --n 300 --frames 4 --algo sort_and_sweep --algo bvh --algo brute_force
          --json "${OUTPUT}.json")
file(REMOVE "${OUTPUT}.json")
if(CASE STREQUAL "crash")
    run_bench(${hook}=sort_and_sweep:segv 1 ${three})
    expect_one_failure("sort_and_sweep on uniform n=300: crashed \\(SIGSEGV\\) in a frame after its build\n"
                       sort_and_sweep bvh brute_force)
elseif(CASE STREQUAL "hang")
    string(TIMESTAMP start "%s")
    run_bench(${hook}=sort_and_sweep:hang 1 ${three} --time-budget 0.5)
    string(TIMESTAMP end "%s")
    expect_one_failure("sort_and_sweep on uniform n=300: stopped: ran past the time budget of 0.5 s \\(its frames after the build still running after 2 s, the budget plus 1.5 s of grace\\)\n"
                       sort_and_sweep bvh brute_force)
    math(EXPR seconds "${end} - ${start}")
    if(seconds GREATER 20)
        message(FATAL_ERROR "the hung run was stopped only after ${seconds} s")
    endif()
elseif(CASE STREQUAL "throw")
    run_bench(${hook}=sort_and_sweep:throw 1 ${three})
    expect_one_failure("sort_and_sweep on uniform n=300: the test fault of AABB_BENCH_TEST_FAULT\n"
                       sort_and_sweep bvh brute_force)
elseif(CASE STREQUAL "pipe")
    run_bench(${hook}=sort_and_sweep:none 0 ${three} --check)
    if(NOT errors MATCHES "check passed: 3 algorithms")
        message(FATAL_ERROR "--check through the child's pipe did not pass:\n${errors}")
    endif()
    foreach(algorithm sort_and_sweep brute_force)
        set(dump "${OUTPUT}.${algorithm}.csv")
        file(REMOVE "${dump}")
        run_bench(${hook}=sort_and_sweep:none 0 --workload dense --n 300 --frames 3
                  --algo ${algorithm} --dump-pairs "${dump}")
        file(SHA256 "${dump}" hash_${algorithm})
        file(SIZE "${dump}" size_${algorithm})
        file(REMOVE "${dump}")
    endforeach()
    if(NOT hash_sort_and_sweep STREQUAL hash_brute_force OR size_brute_force LESS 1000)
        message(FATAL_ERROR "the pairs a child dumped (${size_sort_and_sweep} bytes) differ "
                            "from brute force's (${size_brute_force} bytes)")
    endif()
elseif(CASE STREQUAL "space_hash_hang")
    peer_built(chipmunk_space_hash)
    if(NOT built)
        message(STATUS "SKIPPED: chipmunk_space_hash is not built here (libchipmunk-dev not found)")
        return()
    endif()
    # 1,000 still unit boxes 30 apart and box 0, which grows from a unit box in frame 0 to
    # 10^6 x 10^6 from frame 1 on (the hash's cells stay twice the first frame's mean size).
    set(rows "frame,id,min_x,min_y,max_x,max_y\n")
    foreach(frame RANGE 3)
        if(frame EQUAL 0)
            string(APPEND rows "0,0,0,0,1,1\n")
        else()
            string(APPEND rows "${frame},0,0,0,1000000,1000000\n")
        endif()
        foreach(id RANGE 1 1000)
            math(EXPR x "(${id} % 32) * 30 + 5")
            math(EXPR y "(${id} / 32) * 30 + 5")
            math(EXPR x1 "${x} + 1")
            math(EXPR y1 "${y} + 1")
            string(APPEND rows "${frame},${id},${x},${y},${x1},${y1}\n")
        endforeach()
    endforeach()
    set(trace "${OUTPUT}_growing_box.csv")
    file(WRITE "${trace}" "${rows}")
    get_filename_component(name "${trace}" NAME)
    run_bench("" 1 --trace "${trace}" --algo all --time-budget 1 --json "${OUTPUT}.json")
    file(REMOVE "${trace}")
    expect_one_failure("chipmunk_space_hash on trace:${name} n=1001: stopped: ran past the time budget of 1 s \\(its frames after the build still running after 3 s, the budget plus 2 s of grace\\)\n"
                       chipmunk_space_hash banded_sort_and_sweep chipmunk_bbtree brute_force)
elseif(CASE STREQUAL "bbtree_out_of_memory")
    peer_built(chipmunk_bbtree)
    if(NOT built)
        message(STATUS "SKIPPED: chipmunk_bbtree is not built here (libchipmunk-dev not found)")
        return()
    endif()
    # 3,000 identical boxes sliding together: 4.5 million pairs a frame, which the tree's pair
    # cache (about 56 bytes a pair) cannot hold in the address space `ulimit -v` leaves, while
    # sort_and_sweep and brute force (8 bytes a pair) can.
    set(rows "frame,id,min_x,min_y,max_x,max_y\n")
    foreach(frame RANGE 2)
        foreach(id RANGE 2999)
            string(APPEND rows "${frame},${id},0.${frame},0,1.${frame},1\n")
        endforeach()
    endforeach()
    set(trace "${OUTPUT}_pile.csv")
    file(WRITE "${trace}" "${rows}")
    get_filename_component(name "${trace}" NAME)
    execute_process(
        COMMAND sh -c "ulimit -v 250000 && exec \"$0\" \"$@\"" "${BENCH}" --trace "${trace}"
                --algo sort_and_sweep --algo chipmunk_bbtree --algo brute_force
                --json "${OUTPUT}.json"
        RESULT_VARIABLE status OUTPUT_VARIABLE output ERROR_VARIABLE errors)
    file(REMOVE "${trace}")
    if(NOT status EQUAL 1)
        message(FATAL_ERROR "exited with ${status}, expected 1:\n${output}${errors}")
    endif()
    expect_one_failure("chipmunk_bbtree on trace:${name} n=3000: crashed \\(SIG[A-Z]+\\) in "
                       chipmunk_bbtree sort_and_sweep brute_force)
else()
    message(FATAL_ERROR "unknown CASE '${CASE}'")
endif()
file(REMOVE "${OUTPUT}.json")
message(STATUS "isolated run ${CASE} ok")
