#pragma once
// What a learner reads of the lesson format's own names, in English and Chinese: the words for
// the fixed names that reach the screen as values or choices (algorithms, detection modes,
// touching rules, sweep states), verdicts as true/false or 是/否, the color a value is drawn
// in, and the check that a text holds no English word outside the symbols the lessons define
// on screen (lesson_names.hpp screen_symbols).
//
// The lessons' own texts (titles, steps, labels) are written in both languages in their files
// (docs/lesson_format.md "Display names"); the reader fills a missing label from the catalog
// (readouts/readout_names.hpp) or from the names here, so no identifier such as
// center_overlap or sort_and_sweep reaches the screen.

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "core/lesson/lesson.hpp"
#include "core/lesson/readout_value.hpp"

namespace aabb::lesson {

/// The language a text is shown in.
enum class DisplayLanguage : unsigned char {
    /// English.
    en,
    /// Simplified Chinese.
    zh,
};

/// One name in both languages.
struct DisplayName {
    /// The English name.
    std::string_view en;
    /// The Chinese name.
    std::string_view zh;
    /// The name in `language`.
    [[nodiscard]] constexpr std::string_view in(DisplayLanguage language) const {
        return language == DisplayLanguage::zh ? zh : en;
    }
};

/// The words for a fixed name of the format that may be shown as a value or a choice: a broad
/// phase ("sort_and_sweep": sort-and-sweep, 排序扫描), a detection mode ("swept"), a touching
/// rule ("closed"), a sweep state ("already_overlapping"); nullopt for any other text (an axis
/// "x", an endpoint order "A( B( A) B)", which are symbols).
[[nodiscard]] std::optional<DisplayName> fixed_name_words(std::string_view name);

/// Every word display_value() and the choice defaults can show (the fixed names' words, 是,
/// 否), for the window's font atlas (lesson_display_text() appends it).
[[nodiscard]] std::string fixed_names_text();

/// `english` in English, `chinese` in Chinese; the other one when the chosen one is empty.
[[nodiscard]] const std::string& in_language(const std::string& english, const std::string& chinese,
                                             DisplayLanguage language);

/// A value as the learner reads it in `language`: numbers in `format` (as format_value),
/// verdicts as true / false (English) or 是 / 否 (Chinese), fixed names in words
/// (fixed_name_words), other texts as they are. JSON output and tests keep format_value.
[[nodiscard]] std::string display_value(const ReadoutValue& value, std::string_view format,
                                        DisplayLanguage language);

/// The color role a value of `readout` is drawn in: a verdict's own ("hit" when true, "miss"
/// when false: true and false each have one color), otherwise the readout's role.
[[nodiscard]] std::string_view value_color(const Readout& readout, const ReadoutValue& value);

/// The display name of choice `index` of `handle` in `language` (Handle::choice_labels), or
/// the choice's name when the handle has no labels for it.
[[nodiscard]] const std::string& choice_label(const Handle& handle, std::size_t index,
                                              DisplayLanguage language);

/// A handle's number as the panel and the canvas write it: whole numbers and anything from
/// 1,000 up with thousands separators and no exponent ("1,000,000", never "1e+06"), others with
/// up to 4 significant digits ("0.0625", "5.01").
[[nodiscard]] std::string display_number(double value, bool whole_number);

/// A handle's value as the learner reads it in `language`: a choice by its label
/// (choice_label), a toggle as true / false or 是 / 否, a 2D value as "(x, y)", numbers as
/// display_number() writes them. (`--set` and JSON use handle_values.hpp value_text.)
[[nodiscard]] std::string handle_display_text(const Handle& handle, const HandleValue& value,
                                              DisplayLanguage language);

/// The Latin words of `text` that are not screen symbols (lesson_names.hpp screen_symbols):
/// what a Chinese text must not hold. A word is a run of ASCII letters, digits and '_' with at
/// least two letters (single letters are variables: n, x, A); "A.max.x" is three words.
[[nodiscard]] std::vector<std::string_view> unlisted_words(std::string_view text);

}  // namespace aabb::lesson
