# ctest helper (issue 50 item 8): `aabb-sandbox --headless --replay TRACE --report r.json` on a
# box trace gives the hand-computed tunneled event, and on traces aabb-bench --trace reads,
# the replay's candidate pairs (summed over the steps, frames 1..F−1) equal the pairs
# aabb-bench --dump-pairs finds in those frames.
# Usage: cmake -DSANDBOX=... -DBENCH=... -DDATA=tests/data -DOUTPUT=prefix -P check_box_trace_replay.cmake
cmake_policy(SET CMP0054 NEW)

# The event: box 1 (0.2 wide, x = 2 → 14) through box 0 (the wall 9.9..10.1) at
# τ = (9.9 − 2.1)/12 = 0.65, leaving at (10.1 − 1.9)/12 = 0.6833.
set(report "${OUTPUT}_wall.json")
file(REMOVE "${report}")
execute_process(
    COMMAND "${SANDBOX}" --headless --replay "${DATA}/box_trace_through_wall.csv"
            --report "${report}"
    RESULT_VARIABLE status ERROR_VARIABLE errors)
if(NOT status EQUAL 0)
    message(FATAL_ERROR "aabb-sandbox --replay exited with ${status}: ${errors}")
endif()
file(READ "${report}" json)
string(JSON count LENGTH "${json}" events)
string(JSON kind GET "${json}" events 0 kind)
string(JSON step GET "${json}" events 0 step)
string(JSON tau GET "${json}" events 0 tau)
string(JSON body GET "${json}" events 0 body id)
string(JSON other GET "${json}" events 0 other id)
string(JSON tunneling_count GET "${json}" tunneling_events)
if(NOT count EQUAL 1 OR NOT kind STREQUAL "tunneled" OR NOT step EQUAL 1 OR NOT body EQUAL 1
   OR NOT other EQUAL 0 OR NOT tunneling_count EQUAL 1 OR NOT tau MATCHES "^0\\.6(49999|5$|50000)")
    message(FATAL_ERROR "${report}: expected one tunneled event of box 1 through box 0 at step 1,"
                        " tau 0.65; got ${count} events, the first ${kind} step ${step} body"
                        " ${body} other ${other} tau ${tau}")
endif()

foreach(trace small_trace touching_trace)
    set(pairs "${OUTPUT}_${trace}.pairs")
    set(replay "${OUTPUT}_${trace}.json")
    file(REMOVE "${pairs}" "${replay}")
    execute_process(
        COMMAND "${BENCH}" --trace "${DATA}/${trace}.csv" --algo sort_and_sweep
                --dump-pairs "${pairs}"
        RESULT_VARIABLE status OUTPUT_QUIET)
    if(NOT status EQUAL 0)
        message(FATAL_ERROR "aabb-bench --trace ${trace}.csv exited with ${status}")
    endif()
    execute_process(
        COMMAND "${SANDBOX}" --headless --replay "${DATA}/${trace}.csv" --frames 100000
                --report "${replay}"
        RESULT_VARIABLE status ERROR_VARIABLE errors)
    if(NOT status EQUAL 0)
        message(FATAL_ERROR "aabb-sandbox --replay ${trace}.csv exited with ${status}: ${errors}")
    endif()
    file(STRINGS "${pairs}" lines)
    set(bench_pairs 0)
    foreach(line IN LISTS lines)
        # Frame 0 is where the replay starts; its steps end in frames 1..F−1.
        if(line MATCHES "^[1-9][0-9]*,")
            math(EXPR bench_pairs "${bench_pairs} + 1")
        endif()
    endforeach()
    file(READ "${replay}" json)
    string(JSON replay_pairs GET "${json}" candidate_pairs)
    string(JSON contacts GET "${json}" contacts)
    if(NOT bench_pairs EQUAL replay_pairs OR NOT contacts EQUAL replay_pairs)
        message(FATAL_ERROR "${trace}.csv: aabb-bench found ${bench_pairs} pairs in frames 1.., "
                            "the replay ${replay_pairs} candidate pairs and ${contacts} contacts")
    endif()
    message(STATUS "${trace}.csv: ${bench_pairs} pairs in frames 1.., bench and replay agree")
endforeach()
