#pragma once
// The words of a broad-phase option on the Broad phase tab: its display name (catalog key
// option_name_<option>, from catalog/option_texts.inc) and its tooltip, whose English is the
// option's description in the table beside its options struct (core/broadphase/option_field.hpp)
// and whose Chinese is the row's of catalog/option_texts.inc. The option's identifier
// (cell_size) is what scene files write; the window shows it only in the tooltip (issue 49: no
// raw identifier reaches the screen).

#include <optional>
#include <span>
#include <string_view>

#include "core/broadphase/broad_phase_parameters.hpp"
#include "ui/text/language.hpp"

namespace aabb::ui {

/// The display name of the broad-phase option `option` in `language` ("cell size", "单元格边长"),
/// or nullopt when the catalog has no row for it.
[[nodiscard]] std::optional<std::string_view> option_display_name(std::string_view option,
                                                                  Language language);

/// The tooltip of the broad-phase option `parameter` in `language`: its own description in
/// English, the row's text in Chinese (nullopt when catalog/option_texts.inc has no row for it).
[[nodiscard]] std::optional<std::string_view> option_tooltip(const BroadPhaseParameter& parameter,
                                                             Language language);

/// One row of catalog/option_texts.inc's Chinese tooltips.
struct OptionChineseTooltip {
    /// The option's name ("cell_size").
    std::string_view option;
    /// Its tooltip in Chinese.
    std::string_view text;
};

/// Every row's Chinese tooltip, in the file's order (the font atlas requires their characters).
[[nodiscard]] std::span<const OptionChineseTooltip> option_chinese_tooltips();

}  // namespace aabb::ui
