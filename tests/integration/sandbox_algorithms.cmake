# Sets `algorithms` (a CMake list) to the broad phases aabb-sandbox knows, from the last line of
# its --help, which the factory writes: the scripts that check one output row per algorithm
# (check_compare_all.cmake, check_sweep_export.cmake) read them here. Needs SANDBOX.
execute_process(COMMAND "${SANDBOX}" --help OUTPUT_VARIABLE help)
string(REGEX MATCH "Broad phases:[^\n]*" names_line "${help}")
string(REPLACE "Broad phases: " "" names "${names_line}")
string(REPLACE " " ";" algorithms "${names}")
list(LENGTH algorithms algorithm_count)
if(algorithm_count LESS 2)
    message(FATAL_ERROR "cannot read the broad-phase names from --help")
endif()
