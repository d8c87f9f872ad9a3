#pragma once
// The words of a broad-phase option on the Broad phase tab, from the catalog rows of
// catalog/option_texts.inc: its display name (option_name_<option>) and its tooltip
// (option_<option>). The option's identifier (cell_size) is what scene files write; the window
// shows it only in the tooltip (issue 49: no raw identifier reaches the screen).

#include <optional>
#include <string_view>

#include "ui/text/language.hpp"

namespace aabb::ui {

/// The display name of the broad-phase option `option` in `language` ("cell size", "单元格边长"),
/// or nullopt when the catalog has no row for it.
[[nodiscard]] std::optional<std::string_view> option_display_name(std::string_view option,
                                                                  Language language);

/// The tooltip of the broad-phase option `option` in `language`, or nullopt when the catalog
/// has no row for it.
[[nodiscard]] std::optional<std::string_view> option_tooltip(std::string_view option,
                                                             Language language);

}  // namespace aabb::ui
