# ctest helper: the tunneling markers through the real window, on a storm of bullets through
# walls (dozens of tunneling events): the layout report must hold at most 6 marker labels
# naming both bodies ("#N through #M, world step S, τ T" / "#N 穿过 #M，时间步 S，τ T"), the
# line counting the others as dots, and no marker label over the scene caption; the screenshot
# must show the sandbox with its panel on the Tunneling tab.
# Usage: cmake -DSANDBOX=aabb-sandbox -DPNG_CHECK=aabb-png-check -DOUTPUT=stem -DLANG=en|zh
#              -DSCENE=scenes/bullet_storm.json -P check_tunneling_markers.cmake
file(REMOVE "${OUTPUT}.json" "${OUTPUT}.png")
execute_process(
    COMMAND "${SANDBOX}" --scene "${SCENE}" --lang ${LANG} --panel-tab tunneling --pause-at 120
            --frames 125 --show tunneling --layout-report "${OUTPUT}.json"
            --screenshot "${OUTPUT}.png"
    RESULT_VARIABLE status)
if(NOT status EQUAL 0)
    message(FATAL_ERROR "aabb-sandbox exited with ${status}")
endif()
execute_process(COMMAND "${PNG_CHECK}" "${OUTPUT}.png" --width 1280 --height 720 --scene-view
                RESULT_VARIABLE status)
if(NOT status EQUAL 0)
    message(FATAL_ERROR "aabb-png-check ${OUTPUT}.png failed")
endif()
file(READ "${OUTPUT}.json" report)
if(LANG STREQUAL "zh")
    set(label_pattern "\"text\": \"#[0-9]+ 穿过 #[0-9]+，时间步 [0-9]+，τ [0-9.]+\"")
    set(dots_pattern "另有 [0-9]+ 个隧穿标记显示为圆点")
else()
    set(label_pattern "\"text\": \"#[0-9]+ through #[0-9]+, world step [0-9]+, τ [0-9.]+\"")
    set(dots_pattern "[0-9]+ more tunneling markers shown as dots")
endif()
string(REGEX MATCHALL "${label_pattern}" labels "${report}")
list(LENGTH labels label_count)
if(label_count LESS 1 OR label_count GREATER 6)
    message(FATAL_ERROR "expected 1 to 6 marker labels, found ${label_count}: ${labels}")
endif()
if(NOT report MATCHES "${dots_pattern}")
    message(FATAL_ERROR "no line counting the markers drawn as dots")
endif()
# Every marker label lies below the caption's bottom edge or right of it.
string(REGEX MATCH "\"name\": \"caption\", \"rect\": \\[([0-9.]+), ([0-9.]+), ([0-9.]+), ([0-9.]+)\\]"
       caption "${report}")
if(NOT caption)
    message(FATAL_ERROR "no caption region in the layout report")
endif()
set(caption_right ${CMAKE_MATCH_3})
set(caption_bottom ${CMAKE_MATCH_4})
string(REGEX MATCHALL "${label_pattern}, \"rect\": \\[[0-9., ]+\\]" placed "${report}")
foreach(entry ${placed})
    string(REGEX MATCH "\\[([0-9.]+), ([0-9.]+), ([0-9.]+), ([0-9.]+)\\]" rect "${entry}")
    if(CMAKE_MATCH_2 LESS caption_bottom AND CMAKE_MATCH_1 LESS caption_right)
        message(FATAL_ERROR "a marker label covers the caption: ${entry}")
    endif()
endforeach()
message(STATUS "tunneling markers ok: ${label_count} labels")
