# ctest helper: --max-pairs holds for every runner aabb-bench has, ours and every peer compiled
# in (issue 13: "the same budget applies to aabb-bench on traces"). A trace of 100 identical
# boxes has 4,950 pairs a frame: with --max-pairs 1000 every runner must stop with exit 1 and
# a message naming the runner, the count and the limit (peers check the pairs they keep; the
# pile is small so a peer's own caches stay small too); with --max-pairs 5000 all of them
# run and agree (--check). (Not 4950: the banded engine's kernels reserve room for a few pairs
# before writing them, and the reserved room counts against the budget.)
# Usage: cmake -DBENCH=path/to/aabb-bench -DTRACE=pile.csv -P check_bench_budget_flag.cmake
set(rows "frame,id,min_x,min_y,max_x,max_y\n")
foreach(frame RANGE 1)
    foreach(id RANGE 99)
        string(APPEND rows "${frame},${id},0,0,1,1\n")
    endforeach()
endforeach()
file(WRITE "${TRACE}" "${rows}")
execute_process(COMMAND "${BENCH}" --list OUTPUT_VARIABLE listed RESULT_VARIABLE status)
if(NOT status EQUAL 0)
    message(FATAL_ERROR "aabb-bench --list exited with ${status}")
endif()
string(STRIP "${listed}" listed)
string(REPLACE "\n" ";" runners "${listed}")
get_filename_component(trace_name "${TRACE}" NAME)

execute_process(
    COMMAND "${BENCH}" --trace "${TRACE}" --algo all --max-pairs 1000
    RESULT_VARIABLE status OUTPUT_VARIABLE output ERROR_VARIABLE errors)
if(NOT status EQUAL 1)
    file(REMOVE "${TRACE}")
    message(FATAL_ERROR "--max-pairs 1000: exited with ${status}, expected 1:\n${output}${errors}")
endif()
foreach(runner ${runners})
    string(JOIN "" expected "ERROR: ${runner} on trace:${trace_name} n=100: [^:]+: "
           "[0-9]+ (kept )?pairs needed, above the budget of 1000 \\(max_pairs\\); .*"
           "raise the pair budget \\(--max-pairs\\)")
    if(NOT errors MATCHES "${expected}")
        file(REMOVE "${TRACE}")
        message(FATAL_ERROR "no budget message for ${runner}:\n${errors}")
    endif()
endforeach()

execute_process(
    COMMAND "${BENCH}" --trace "${TRACE}" --algo all --max-pairs 5000 --check
    RESULT_VARIABLE status OUTPUT_VARIABLE output ERROR_VARIABLE errors)
file(REMOVE "${TRACE}")
if(NOT status EQUAL 0)
    message(FATAL_ERROR "--max-pairs 5000: exited with ${status}, expected 0:\n${output}${errors}")
endif()
