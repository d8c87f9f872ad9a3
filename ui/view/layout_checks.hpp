#pragma once
// What the layout tests require of every frame of a lesson (issue 49): the stage lies in the
// free area and fills a good part of it; no two texts overlap, no text on the canvas lies under
// a window over it or on a handle, and the windows over the canvas do not cover each other;
// everything is inside the window; and in Chinese no English word appears outside the screen
// symbols (core/lesson/lesson_names.hpp screen_symbols, the one list). Each check
// returns one line per problem, quoting the texts. Used by aabb-layout-check on `--layout-report`
// files. Pure C++, unit tested.

#include <string>
#include <string_view>
#include <vector>

#include "ui/view/layout_record.hpp"

namespace aabb::ui {

/// The least share of its room the stage must fill: its width or its height (whichever fills
/// more) is at least this share of the room's, the room being the largest rectangle of the free
/// area beside the insets (the whole free area when the insets are the stage). A stage framed
/// with room for its labels and bars fills 60 to 95%; a stage lost among unrelated boxes, or
/// framed for another window size, a few percent.
inline constexpr float min_stage_fill = 0.5f;

/// The stage: inside the free area, clear of the insets (unless they are the stage), filling at
/// least min_stage_fill of its room.
/// Nothing to check (no problem) without a stage.
[[nodiscard]] std::vector<std::string> check_stage(const LayoutRecord& record);

/// No two texts overlap; no text of the canvas (labels, grid numbers, handle labels, world
/// overlays) lies under the toolbar, caption, card, bar, timeline, an inset, the panel or a
/// handle; no inset or timeline text outside its own frame lies under another window; the
/// free area is clear of the windows and the windows over the canvas do not overlap each other.
[[nodiscard]] std::vector<std::string> check_overlaps(const LayoutRecord& record);

/// Every text and region inside the window (a pixel of slack).
[[nodiscard]] std::vector<std::string> check_inside_window(const LayoutRecord& record);

/// In a Chinese frame, no text holds a Latin word that is not a screen symbol
/// (core/lesson/display_names.hpp unlisted_words); nothing to check in other languages.
[[nodiscard]] std::vector<std::string> check_chinese_words(const LayoutRecord& record);

/// The differences between two frames' layouts (issue 49 item 3: a run whose UI scale changed
/// at run time against one started at that scale): every region and text, matched by name
/// (and order) and string, must be within `tolerance` pixels; one line per difference.
[[nodiscard]] std::vector<std::string> layout_differences(const LayoutRecord& a,
                                                          const LayoutRecord& b,
                                                          float tolerance = 1.0f);

}  // namespace aabb::ui
