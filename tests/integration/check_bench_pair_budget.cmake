# ctest helper: aabb-bench on a trace of 9,000 identical boxes (40 million pairs a frame, more
# than the pair budget) must fail with exit 1 and a message naming the algorithm, the trace,
# the count and the limit, instead of running out of memory.
# Usage: cmake -DBENCH=path/to/aabb-bench -DTRACE=pile.csv -P check_bench_pair_budget.cmake
set(rows "frame,id,min_x,min_y,max_x,max_y\n")
foreach(id RANGE 8999)
    string(APPEND rows "0,${id},0,0,1,1\n")
endforeach()
file(WRITE "${TRACE}" "${rows}")
execute_process(
    COMMAND "${BENCH}" --trace "${TRACE}" --algo brute_force --algo sort_and_sweep
    RESULT_VARIABLE status OUTPUT_VARIABLE output ERROR_VARIABLE errors)
file(REMOVE "${TRACE}")
if(NOT status EQUAL 1)
    message(FATAL_ERROR "aabb-bench exited with ${status}, expected 1:\n${output}${errors}")
endif()
foreach(algorithm brute_force sort_and_sweep)
    set(expected "ERROR: ${algorithm} on trace:pile_trace.csv n=9000: ${algorithm}: [0-9]+ pairs "
                 "needed, above the budget of 33554432 \\(max_pairs\\)")
    string(JOIN "" expected ${expected})
    if(NOT errors MATCHES "${expected}")
        message(FATAL_ERROR "no budget message for ${algorithm}:\n${errors}")
    endif()
endforeach()
