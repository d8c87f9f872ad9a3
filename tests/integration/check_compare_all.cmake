# ctest helper (issue 51 item 6): `aabb-sandbox --headless --scene SCENE --compare-all OUT.csv`
# writes one row per broad phase the sandbox knows, with aabb-bench's CSV columns, and
# `aabb-bench --scene SCENE` on the same frames finds the same pairs per algorithm (both record
# the scene's own first frames the same way and time them with the same loop).
# Usage: cmake -DSANDBOX=... -DBENCH=... -DSCENE=scenes/x.json -DOUTPUT=stem
#              -P check_compare_all.cmake
cmake_policy(SET CMP0054 NEW)
set(frames 8)
file(REMOVE "${OUTPUT}.csv" "${OUTPUT}_bench.csv")
execute_process(
    COMMAND "${SANDBOX}" --headless --scene "${SCENE}" --frames ${frames}
            --compare-all "${OUTPUT}.csv"
    RESULT_VARIABLE status OUTPUT_VARIABLE out ERROR_VARIABLE errors)
if(NOT status EQUAL 0)
    message(FATAL_ERROR "aabb-sandbox --compare-all exited with ${status}: ${errors}")
endif()
if(NOT out MATCHES "fastest by median: |too close to rank on this machine")
    message(FATAL_ERROR "aabb-sandbox --compare-all printed no ranking verdict: ${out}")
endif()

include("${CMAKE_CURRENT_LIST_DIR}/sandbox_algorithms.cmake")

set(expected_header
    "algo,workload,n,frames,build_ms,median_ms,p99_ms,pairs,tests,memory_bytes,peer,mean_ms,max_ms,threads,repeats,median_min_ms,median_max_ms")
file(STRINGS "${OUTPUT}.csv" lines)
list(GET lines 0 header)
if(NOT header STREQUAL expected_header)
    message(FATAL_ERROR "${OUTPUT}.csv: bad header '${header}'")
endif()
list(REMOVE_AT lines 0)
list(LENGTH lines row_count)
if(NOT row_count EQUAL algorithm_count)
    message(FATAL_ERROR "${OUTPUT}.csv: ${row_count} rows, expected one per algorithm "
                        "(${algorithms})")
endif()

# aabb-bench on the same scene: its header is the comparison's first 14 columns.
execute_process(
    COMMAND "${BENCH}" --scene "${SCENE}" --frames ${frames} --algo all
            --csv "${OUTPUT}_bench.csv"
    RESULT_VARIABLE status ERROR_VARIABLE errors)
if(NOT status EQUAL 0)
    message(FATAL_ERROR "aabb-bench --scene exited with ${status}: ${errors}")
endif()
file(STRINGS "${OUTPUT}_bench.csv" bench_lines)
list(GET bench_lines 0 bench_header)
string(REPLACE ",repeats,median_min_ms,median_max_ms" "" shared_header "${expected_header}")
if(NOT bench_header STREQUAL shared_header)
    message(FATAL_ERROR "aabb-bench's header '${bench_header}' is not the comparison's first "
                        "columns '${shared_header}'")
endif()

set(index 0)
file(STRINGS "${OUTPUT}.csv" rows)
list(REMOVE_AT rows 0)
foreach(row ${rows})
    string(REPLACE "," ";" fields "${row}")
    list(GET fields 0 algorithm)
    list(GET fields 1 workload)
    list(GET fields 3 row_frames)
    list(GET fields 7 pairs)
    list(GET fields 14 repeats)
    list(GET algorithms ${index} expected_algorithm)
    if(NOT algorithm STREQUAL expected_algorithm)
        message(FATAL_ERROR "row ${index} is '${algorithm}', expected '${expected_algorithm}' "
                            "(the --help order)")
    endif()
    if(NOT workload MATCHES "^scene:" OR NOT row_frames EQUAL frames OR NOT repeats EQUAL 3)
        message(FATAL_ERROR "${algorithm}: workload '${workload}', ${row_frames} frames, "
                            "${repeats} repeats; expected scene:..., ${frames}, 3")
    endif()
    # The same frames: aabb-bench's row of the algorithm has the same pairs.
    set(bench_row "")
    foreach(line ${bench_lines})
        if(line MATCHES "^${algorithm},")
            set(bench_row "${line}")
        endif()
    endforeach()
    string(REPLACE "," ";" bench_fields "${bench_row}")
    list(GET bench_fields 7 bench_pairs)
    if(NOT bench_pairs EQUAL pairs)
        message(FATAL_ERROR "${algorithm}: ${pairs} pairs in Compare all, ${bench_pairs} in "
                            "aabb-bench --scene on the same scene")
    endif()
    math(EXPR index "${index} + 1")
endforeach()
message(STATUS "compare all ok: ${algorithm_count} algorithms, the same pairs as aabb-bench")
