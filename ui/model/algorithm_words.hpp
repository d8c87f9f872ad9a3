#pragma once
// A broad-phase algorithm as the window names it: in words in the interface's language
// (sort-and-sweep, 排序扫描; core/lesson/display_names.hpp fixed_name_words), never by its
// identifier (sort_and_sweep), which only the command line and scene files use (issue 49).
// Shared by the algorithm combo, Compare, the ray probe's caption and the lesson charts.

#include <string>
#include <string_view>

#include "ui/text/language.hpp"

namespace aabb::ui {

/// The words for the algorithm `name` in `language`, or `name` itself for a name that has none
/// (a unit test checks every algorithm has them).
[[nodiscard]] std::string algorithm_words(std::string_view name, Language language);

}  // namespace aabb::ui
