# ctest helper: runs aabb-sandbox's scaling sweep through the real window and its Export CSV /
# Export PNG actions, then checks both files: the CSV has the header and exactly one row per
# algorithm and box count; the PNG is a decodable, non-blank chart of the right size
# (aabb-png-check --chart); the window's own screenshot still shows the sandbox.
# Usage: cmake -DSANDBOX=aabb-sandbox -DPNG_CHECK=aabb-png-check -DOUTPUT=stem
#              -P check_sweep_export.cmake
set(sizes 200 400 800)
string(REPLACE ";" "," size_list "${sizes}")
list(LENGTH sizes size_count)
file(REMOVE "${OUTPUT}.csv" "${OUTPUT}.png" "${OUTPUT}_window.png")
execute_process(
    COMMAND "${SANDBOX}" --scaling-sweep ${size_list} --export-csv "${OUTPUT}.csv"
            --export-png "${OUTPUT}.png" --frames 2 --size 1600x900
            --screenshot "${OUTPUT}_window.png"
    RESULT_VARIABLE status)
if(NOT status EQUAL 0)
    message(FATAL_ERROR "aabb-sandbox --scaling-sweep exited with ${status}")
endif()
foreach(check "${OUTPUT}.png;--chart;--width;1100;--height;700"
              "${OUTPUT}_window.png;--width;1600;--height;900")
    execute_process(COMMAND "${PNG_CHECK}" ${check} RESULT_VARIABLE status)
    if(NOT status EQUAL 0)
        message(FATAL_ERROR "aabb-png-check ${check} failed")
    endif()
endforeach()

include("${CMAKE_CURRENT_LIST_DIR}/sandbox_algorithms.cmake")

file(STRINGS "${OUTPUT}.csv" lines)
list(LENGTH lines line_count)
list(GET lines 0 header)
if(NOT header STREQUAL
   "algo,workload,n,frames,build_ms,median_ms,p99_ms,pairs,tests,memory_bytes,peer,mean_ms,max_ms,threads,repeats,median_min_ms,median_max_ms")
    message(FATAL_ERROR "${OUTPUT}.csv: bad header '${header}'")
endif()
math(EXPR expected "${algorithm_count} * ${size_count} + 1")
if(NOT line_count EQUAL expected)
    message(FATAL_ERROR "${OUTPUT}.csv: ${line_count} lines, expected ${expected} "
                        "(header + ${algorithm_count} algorithms x ${size_count} sizes)")
endif()
foreach(algorithm ${algorithms})
    foreach(size ${sizes})
        list(FILTER lines EXCLUDE REGEX "^${algorithm},uniform,${size},")
    endforeach()
endforeach()
list(LENGTH lines left)
if(NOT left EQUAL 1)
    message(FATAL_ERROR "${OUTPUT}.csv: rows not of the form algorithm,uniform,n for a "
                        "known algorithm and size: ${lines}")
endif()
message(STATUS "sweep export ok: ${algorithm_count} algorithms x ${size_count} sizes")
