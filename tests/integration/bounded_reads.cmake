# Bounded reads and quoted echoes (issue 48 items 8, 10 to 13), through the programs: every
# input that is not a regular file is refused by name at once (a FIFO must never block: each
# test has a short timeout), a file over its kind's limit is refused by its size, JSON nested
# 100,000 deep is refused instead of crashing, duplicate keys and numbers that underflow are
# refused, flags given twice are refused, and what the user typed comes back escaped. Included
# from CMakeLists.txt; the inputs are written at configure time into the build folder.

set(AABB_READS ${CMAKE_CURRENT_BINARY_DIR}/reads)
file(MAKE_DIRECTORY ${AABB_READS})
string(ASCII 27 AABB_ESC)
string(REPEAT "[" 100000 AABB_DEEP_OPEN)
string(REPEAT "]" 100000 AABB_DEEP_CLOSE)
set(AABB_DEEP "${AABB_DEEP_OPEN}${AABB_DEEP_CLOSE}")
# The smallest lesson the reader takes, for the lessons below to extend.
set(AABB_LESSON_HEAD "\"id\": \"reads\", \"section\": 2, \"title\": \"t\"")
set(AABB_LESSON_STEP "\"steps\": [{\"text\": \"s\"}]")
file(WRITE ${AABB_READS}/zero_scene_lesson.json
     "{${AABB_LESSON_HEAD}, \"scene_file\": \"/dev/zero\", ${AABB_LESSON_STEP}}")
file(WRITE ${AABB_READS}/deep_lesson.json
     "{${AABB_LESSON_HEAD}, \"scene\": {\"title\": ${AABB_DEEP}}, ${AABB_LESSON_STEP}}")
file(WRITE ${AABB_READS}/duplicate_key_scene.json "{\"seed\": 1, \"seed\": 2}")
file(WRITE ${AABB_READS}/underflow_scene.json
     "{\"bodies\": [{\"position\": [0, 1e-400], \"size\": [1, 1]}]}")
file(WRITE ${AABB_READS}/max_t_lesson.json "{${AABB_LESSON_HEAD}, \"scene\": {},
  \"objects\": [{\"name\": \"o\", \"kind\": \"point\", \"value\": [0, 0]},
                {\"name\": \"d\", \"kind\": \"vector\", \"value\": [1, 0]}],
  \"readouts\": [{\"name\": \"r\", \"kind\": \"ray_cast\",
                  \"args\": {\"origin\": \"o\", \"direction\": \"d\", \"max_t\": 1e30},
                  \"output\": \"hits\"}],
  \"steps\": [{\"text\": \"s\", \"expect\": {\"r\": 0}}]}")
# 8,200 boxes piled at one point: 33.6 million pairs, above the pair budget of 2^25.
file(WRITE ${AABB_READS}/pile_lesson.json "{${AABB_LESSON_HEAD},
  \"scene\": {\"broadphase\": {\"name\": \"sort_and_sweep\"},
            \"bounds\": {\"min\": [-100, -100], \"max\": [100, 100]},
            \"box_fields\": [{\"count\": 8200, \"region\": {\"min\": [-1, -1], \"max\": [1, 1]},
                              \"size_min\": [50, 50], \"size_max\": [50, 50],
                              \"speed_min\": 0, \"speed_max\": 0}]},
  \"steps\": [{\"text\": \"s\", \"frames\": 0}]}")
# A lesson folder: one good lesson, one nested 100,000 deep; the test adds a dangling link and a
# FIFO, both named *.json.
set(AABB_READS_LESSONS ${AABB_READS}/lessons)
file(REMOVE_RECURSE ${AABB_READS_LESSONS})
file(MAKE_DIRECTORY ${AABB_READS_LESSONS})
file(COPY ${PROJECT_SOURCE_DIR}/lessons/02_box_intervals.json DESTINATION ${AABB_READS_LESSONS})
file(COPY ${AABB_READS}/deep_lesson.json DESTINATION ${AABB_READS_LESSONS})

# A test running `sh -c SCRIPT` that passes when the output matches MESSAGE and the program's
# exit status (printed last by the script as "exit status N") is EXIT. PROGRAM is run with ARGS
# after SETUP (shell commands), behind PREFIX (a command such as `timeout 15`); its standard
# error goes to standard output, in order; ENVIRONMENT is added to the test's.
function(aabb_read_test name)
    cmake_parse_arguments(ARG "" "PROGRAM;SETUP;PREFIX;MESSAGE;EXIT;TIMEOUT" "ARGS;ENVIRONMENT"
                          ${ARGN})
    if(NOT ARG_SETUP)
        set(ARG_SETUP ":")
    endif()
    if(NOT ARG_TIMEOUT)
        set(ARG_TIMEOUT 20)
    endif()
    add_test(NAME ${name}
             COMMAND sh -c "${ARG_SETUP} && ${ARG_PREFIX} \"$@\" 2>&1; echo \"exit status $?\"" sh
                     $<TARGET_FILE:${ARG_PROGRAM}> ${ARG_ARGS})
    set_tests_properties(${name} PROPERTIES
        TIMEOUT ${ARG_TIMEOUT} LABELS reads WORKING_DIRECTORY ${PROJECT_SOURCE_DIR}
        ENVIRONMENT "${ARG_ENVIRONMENT}"
        PASS_REGULAR_EXPRESSION "${ARG_MESSAGE}.*exit status ${ARG_EXIT}\n"
        # Whatever is quoted comes back escaped: no raw escape byte reaches the terminal.
        FAIL_REGULAR_EXPRESSION "${AABB_ESC}")
endfunction()

if(AABB_BUILD_UI)
    # --scene: a device, a FIFO, a folder and a sparse 1 GB file, each refused at once by name
    # (before: 15 s and 4.2 GB then std::bad_alloc; blocked for ever; "invalid JSON"; 3 GB).
    aabb_read_test(reads_scene_device PROGRAM aabb-sandbox
        ARGS --headless --scene /dev/zero --frames 1
        MESSAGE "/dev/zero: is a device, not a scene file" EXIT 1 TIMEOUT 10)
    aabb_read_test(reads_scene_fifo PROGRAM aabb-sandbox
        SETUP "rm -f '${AABB_READS}/fifo.json' && mkfifo '${AABB_READS}/fifo.json'"
        ARGS --headless --scene ${AABB_READS}/fifo.json --frames 1
        MESSAGE "fifo.json: is a FIFO \\(named pipe\\), not a scene file" EXIT 1 TIMEOUT 10)
    aabb_read_test(reads_scene_directory PROGRAM aabb-sandbox
        ARGS --headless --scene ${PROJECT_SOURCE_DIR}/scenes --frames 1
        MESSAGE "scenes: is a directory, not a scene file" EXIT 1 TIMEOUT 10)
    aabb_read_test(reads_scene_too_large PROGRAM aabb-sandbox
        SETUP "rm -f '${AABB_READS}/big.json' && truncate -s 1G '${AABB_READS}/big.json'"
        ARGS --headless --scene ${AABB_READS}/big.json --frames 1
        MESSAGE "big.json: the file is larger than 512 MiB, the limit for a scene file"
        EXIT 1 TIMEOUT 10)
    # The window refuses the same FIFO the same way (it blocked for ever).
    aabb_read_test(reads_window_scene_fifo PROGRAM aabb-sandbox
        SETUP "rm -f '${AABB_READS}/window_fifo.json' && mkfifo '${AABB_READS}/window_fifo.json'"
        ARGS --frames 2 --scene ${AABB_READS}/window_fifo.json
        ENVIRONMENT "${AABB_HEADLESS_ENVIRONMENT}"
        MESSAGE "window_fifo.json: is a FIFO \\(named pipe\\), not a scene file" EXIT 1
        TIMEOUT 60)
    # settings.ini linked to /dev/zero: one warning and the window starts with the defaults
    # (before: std::bad_alloc, no window). Only an interactive run reads the settings, so the
    # run is ended by timeout (status 124) once it has started.
    aabb_read_test(reads_settings_device PROGRAM aabb-sandbox
        SETUP "mkdir -p '${AABB_READS}/config/aabb-sandbox' && ln -sf /dev/zero '${AABB_READS}/config/aabb-sandbox/settings.ini'"
        PREFIX "timeout 15"
        ENVIRONMENT "${AABB_HEADLESS_ENVIRONMENT};XDG_CONFIG_HOME=${AABB_READS}/config"
        MESSAGE "settings.ini: is a device, not a settings file; using the default settings"
        EXIT 124 TIMEOUT 60)

    # Lessons: a scene_file of /dev/zero; 100,000 levels in the inline scene (before: SIGSEGV,
    # headless, in the window and in --check-lessons, where it ended the whole folder's check).
    aabb_read_test(reads_lesson_scene_device PROGRAM aabb-sandbox
        ARGS --headless --lesson ${AABB_READS}/zero_scene_lesson.json --readouts -
        MESSAGE "zero_scene_lesson.json: scene_file: /dev/zero: is a device, not a scene file"
        EXIT 1 TIMEOUT 10)
    aabb_read_test(reads_lesson_deep_headless PROGRAM aabb-sandbox
        ARGS --headless --lesson ${AABB_READS}/deep_lesson.json --readouts -
        MESSAGE "deep_lesson.json: scene.title(\\[0\\])+: is nested deeper than 64 levels"
        EXIT 1 TIMEOUT 10)
    aabb_read_test(reads_lesson_deep_window PROGRAM aabb-sandbox
        ARGS --lesson ${AABB_READS}/deep_lesson.json --frames 2
        ENVIRONMENT "${AABB_HEADLESS_ENVIRONMENT}"
        MESSAGE "deep_lesson.json: scene.title(\\[0\\])+: is nested deeper than 64 levels"
        EXIT 1 TIMEOUT 60)
    aabb_read_test(reads_check_lessons_folder PROGRAM aabb-sandbox
        SETUP "cd '${AABB_READS_LESSONS}' && ln -sf nowhere.json 09_dangling.json && rm -f 10_fifo.json && mkfifo 10_fifo.json && cd '${PROJECT_SOURCE_DIR}'"
        ARGS --check-lessons ${AABB_READS_LESSONS}
        MESSAGE "09_dangling.json: cannot open the file: No such file or directory.*10_fifo.json: is a FIFO \\(named pipe\\), not a lesson file.*deep_lesson.json: scene.title(\\[0\\])+: is nested deeper than 64 levels.*checked 4 lessons, [0-9]+ steps, [0-9]+ expected values, [0-9]+ goals?, [0-9]+ questions?: 3 failed"
        EXIT 1 TIMEOUT 60)
    # Item 11: the pair budget's error inside a lesson's world names the lesson and the step.
    aabb_read_test(reads_lesson_world_budget PROGRAM aabb-sandbox
        ARGS --check-lessons ${AABB_READS}/pile_lesson.json
        MESSAGE "pile_lesson.json: steps\\[0\\]: sort_and_sweep: 8388609 pairs needed, above the budget of 8388608 \\(max_pairs\\).* \\(a lesson world holds at most 8388608 pairs"
        EXIT 1 TIMEOUT 60)
    # Item 13: duplicate keys, a number that underflows to 0, max_t's documented default.
    aabb_read_test(reads_scene_duplicate_key PROGRAM aabb-sandbox
        ARGS --headless --scene ${AABB_READS}/duplicate_key_scene.json --frames 1
        MESSAGE "duplicate_key_scene.json: \\(root\\): duplicate key \"seed\"" EXIT 1)
    aabb_read_test(reads_scene_underflow PROGRAM aabb-sandbox
        ARGS --headless --scene ${AABB_READS}/underflow_scene.json --frames 1
        MESSAGE "underflow_scene.json: bodies\\[0\\].position\\[1\\]: the number 1e-400 is too small: it would read as 0"
        EXIT 1)
    aabb_read_test(reads_lesson_max_t_default PROGRAM aabb-sandbox
        ARGS --check-lessons ${AABB_READS}/max_t_lesson.json
        MESSAGE "checked 1 lesson, 1 steps, 1 expected values, 0 goals, 0 questions: all hold" EXIT 0)
    # Item 13: a flag given twice, refused by every parser as by the window's.
    aabb_read_test(reads_headless_flag_twice PROGRAM aabb-sandbox
        ARGS --headless --scene scenes/tunneling.json --frames 1 --frames 2
        MESSAGE "--frames: given more than once" EXIT 2)
    aabb_read_test(reads_lesson_flag_twice PROGRAM aabb-sandbox
        ARGS --headless --lesson box_intervals --step 1 --step 2
        MESSAGE "--step: given more than once" EXIT 2)
    # Item 12: what the user typed comes back escaped (the FAIL expression catches a raw ESC).
    # ESC c resets a terminal (no '[' here: CMake lists do not split inside brackets).
    aabb_read_test(reads_set_value_escaped PROGRAM aabb-sandbox
        ARGS --headless --lesson box_intervals --set "b_min_x=${AABB_ESC}cX" --readouts -
        MESSAGE "--set b_min_x=\\\\x1BcX: handle 'b_min_x': \"\\\\x1BcX\" is not a value"
        EXIT 2)
    aabb_read_test(reads_show_value_escaped PROGRAM aabb-sandbox
        ARGS --frames 2 --show "${AABB_ESC}cX"
        ENVIRONMENT "${AABB_HEADLESS_ENVIRONMENT}"
        MESSAGE "--show: unknown overlay '\\\\x1BcX'" EXIT 2 TIMEOUT 60)
endif()

# aabb-bench: a FIFO as --trace (blocked for ever), and a flag given twice.
aabb_read_test(reads_bench_trace_fifo PROGRAM aabb-bench
    SETUP "rm -f '${AABB_READS}/trace_fifo.csv' && mkfifo '${AABB_READS}/trace_fifo.csv'"
    ARGS --trace ${AABB_READS}/trace_fifo.csv --algo sort_and_sweep
    MESSAGE "trace_fifo.csv: is a FIFO \\(named pipe\\), not a trace file" EXIT 2 TIMEOUT 10)
aabb_read_test(reads_bench_flag_twice PROGRAM aabb-bench
    ARGS --n 100 --frames 2 --frames 3 --algo sort_and_sweep
    MESSAGE "--frames: given more than once" EXIT 2 TIMEOUT 10)
