# The layout tests (issue 49 item 10): every step of every lesson of lessons/, in English and
# Chinese, at 1280x720 at UI scale 1, at 1920x1080 at UI scale 2 and at 1280x720 at UI scale 2
# (lesson mode hides the panel there, ui/view/panel_width.hpp). One aabb-sandbox run per
# lesson, language and size walks all the steps (--all-steps) and writes one layout report per
# step; aabb-layout-check then checks that the stage lies in the free area and fills at least
# half of its room, that no two texts overlap, that no label lies under a window or on a handle,
# that everything is inside the window, and in Chinese that no English word appears outside the
# screen symbols (ui/view/layout_checks.hpp).
# The lessons are globbed: a new lesson gets its layout tests.

file(GLOB AABB_LAYOUT_LESSONS CONFIGURE_DEPENDS ${PROJECT_SOURCE_DIR}/lessons/*.json)
set(AABB_LAYOUT_DIR ${CMAKE_BINARY_DIR}/layout)
file(MAKE_DIRECTORY ${AABB_LAYOUT_DIR})

foreach(lesson_file ${AABB_LAYOUT_LESSONS})
    get_filename_component(lesson ${lesson_file} NAME_WE)
    foreach(setting "720;1280x720;1" "1080x2;1920x1080;2" "720x2;1280x720;2")
        list(GET setting 0 tag)
        list(GET setting 1 size)
        list(GET setting 2 scale)
        foreach(language en zh)
            set(name layout_${lesson}_${language}_${tag})
            set(report ${AABB_LAYOUT_DIR}/${lesson}_${language}_${tag}.json)
            add_test(NAME ${name}
                     COMMAND sh ${CMAKE_CURRENT_SOURCE_DIR}/check_lesson_layout.sh
                             $<TARGET_FILE:aabb-sandbox> $<TARGET_FILE:aabb-layout-check>
                             ${lesson} ${language} ${size} ${scale} ${report})
            set_tests_properties(${name} PROPERTIES
                ENVIRONMENT "${AABB_HEADLESS_ENVIRONMENT}" LABELS "ui;layout" TIMEOUT 300
                PASS_REGULAR_EXPRESSION "layout ok")
        endforeach()
    endforeach()
endforeach()

# Lesson 16 at 1920x1080 and UI scale 2 without the panel: the world's B.min.x handle behind
# the sweep inset had its ring 12 px outside the window (issue 49); a ring cut by the canvas's
# edge or under an inset is not drawn (ui/lesson/lesson_handles.hpp).
add_test(NAME layout_16_sort_and_sweep_en_1080x2_no_panel
         COMMAND sh ${CMAKE_CURRENT_SOURCE_DIR}/check_lesson_layout.sh
                 $<TARGET_FILE:aabb-sandbox> $<TARGET_FILE:aabb-layout-check> 16_sort_and_sweep en
                 1920x1080 2 ${AABB_LAYOUT_DIR}/16_sort_and_sweep_en_1080x2_no_panel.json
                 --no-panel)
set_tests_properties(layout_16_sort_and_sweep_en_1080x2_no_panel PROPERTIES
    ENVIRONMENT "${AABB_HEADLESS_ENVIRONMENT}" LABELS "ui;layout" TIMEOUT 300
    PASS_REGULAR_EXPRESSION "layout ok")

# The checker itself: a report with overlapping labels fails, a missing one is an error.
file(WRITE ${AABB_LAYOUT_DIR}/overlapping_labels.json
     "{\"lesson\": \"x\", \"step\": 1, \"language\": \"en\", \"ui_scale\": 1, \"regions\": "
     "[{\"name\": \"window\", \"rect\": [0, 0, 100, 100]}], \"texts\": ["
     "{\"owner\": \"canvas\", \"text\": \"A.max\", \"rect\": [10, 10, 50, 26]}, "
     "{\"owner\": \"canvas\", \"text\": \"B.min\", \"rect\": [40, 10, 80, 26]}]}\n")
add_test(NAME layout_check_finds_overlaps
         COMMAND aabb-layout-check ${AABB_LAYOUT_DIR}/overlapping_labels.json)
set_tests_properties(layout_check_finds_overlaps PROPERTIES LABELS "ui;layout"
    PASS_REGULAR_EXPRESSION "texts overlap: canvas 'A.max'.*and canvas 'B.min'"
    FAIL_REGULAR_EXPRESSION "layout ok")
add_test(NAME layout_check_rejects_missing_report
         COMMAND aabb-layout-check ${AABB_LAYOUT_DIR}/no_such_report.json)
set_tests_properties(layout_check_rejects_missing_report PROPERTIES LABELS "ui;layout"
    WILL_FAIL TRUE)

# A window too small for the UI scale asked uses the largest it allows, and says so.
add_test(NAME ui_scale_cap
         COMMAND sh ${CMAKE_CURRENT_SOURCE_DIR}/check_ui_scale_cap.sh $<TARGET_FILE:aabb-sandbox>
                 ${AABB_LAYOUT_DIR}/scale_cap)
set_tests_properties(ui_scale_cap PROPERTIES ENVIRONMENT "${AABB_HEADLESS_ENVIRONMENT}"
    LABELS "ui;layout" TIMEOUT 120 PASS_REGULAR_EXPRESSION "ui scale cap ok")

# Lesson mode hides the panel where the canvas beside it would be too narrow, and says Tab.
add_test(NAME lesson_panel_hidden_on_narrow_canvas
         COMMAND sh ${CMAKE_CURRENT_SOURCE_DIR}/check_lesson_panel_hidden.sh
                 $<TARGET_FILE:aabb-sandbox> ${AABB_LAYOUT_DIR}/panel_rule)
set_tests_properties(lesson_panel_hidden_on_narrow_canvas PROPERTIES
    ENVIRONMENT "${AABB_HEADLESS_ENVIRONMENT}" LABELS "ui;layout" TIMEOUT 120
    PASS_REGULAR_EXPRESSION "lesson panel rule ok")
