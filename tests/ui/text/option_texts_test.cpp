// The broad-phase options' words (issue 49: no raw identifier reaches the screen): every option
// of every algorithm has a display name in English and Chinese that is words, not its
// identifier, and a tooltip whose English is the description of the table beside its options
// struct and whose Chinese is catalog/option_texts.inc's row (which names an option); no text
// the Broad phase tab draws holds an identifier (a word with an underscore).

#include "ui/text/option_texts.hpp"

#include <doctest/doctest.h>

#include <set>
#include <string>
#include <string_view>
#include <vector>

#include "core/broadphase/broad_phase_factory.hpp"
#include "core/lesson/display_names.hpp"
#include "ui/text/text_catalog.hpp"

namespace aabb::ui {

namespace {

/// The words of `text` (runs of ASCII letters, digits and '_') that hold an underscore: what an
/// identifier such as max_cells_per_box looks like on screen.
std::vector<std::string> identifiers_in(std::string_view text) {
    std::vector<std::string> found;
    const auto word_char = [](char c) {
        return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') ||
               c == '_';
    };
    for (std::size_t at = 0; at < text.size();) {
        std::size_t end = at;
        while (end < text.size() && word_char(text[end]))
            ++end;
        const std::string_view word = text.substr(at, end - at);
        if (word.find('_') != std::string_view::npos) found.emplace_back(word);
        at = end == at ? at + 1 : end;
    }
    return found;
}

bool has_non_ascii(std::string_view text) {
    for (const char c : text) {
        if (static_cast<unsigned char>(c) >= 0x80) return true;
    }
    return false;
}

/// Every text the Broad phase tab (with the algorithm combo above the tabs) draws in `language`
/// for `algorithm`: the catalog's bp_ and structure_ rows, the options' names and the
/// algorithms' words. Tooltips are not drawn on the tab; an option's tooltip names its
/// identifier on purpose (for scene files).
std::vector<std::string> broad_phase_tab_texts(const std::string& algorithm, Language language) {
    std::vector<std::string> texts;
    for (std::size_t i = 0; i < text_key_count; ++i) {
        const auto key = static_cast<TextKey>(i);
        const std::string_view name = text_key_name(key);
        if (name.starts_with("bp_") || name.starts_with("structure_") ||
            name == "panel_broad_phase")
            texts.emplace_back(text(language, key));
    }
    const auto display =
        language == Language::zh ? lesson::DisplayLanguage::zh : lesson::DisplayLanguage::en;
    for (const std::string& other : broad_phase_names())
        texts.emplace_back(
            lesson::fixed_name_words(other).value_or(lesson::DisplayName{}).in(display));
    for (const BroadPhaseParameter& parameter : broad_phase_parameters(algorithm))
        texts.emplace_back(option_display_name(parameter.name, language).value_or(parameter.name));
    return texts;
}

}  // namespace

TEST_CASE("every broad-phase option has a display name in both languages, not its identifier") {
    for (const std::string& algorithm : broad_phase_names()) {
        for (const BroadPhaseParameter& parameter : broad_phase_parameters(algorithm)) {
            CAPTURE(algorithm);
            CAPTURE(parameter.name);
            for (const Language language : all_languages) {
                CAPTURE(language_code(language));
                const auto name = option_display_name(parameter.name, language);
                REQUIRE(name.has_value());
                CHECK_FALSE(name->empty());
                CHECK(*name != parameter.name);
                CHECK(identifiers_in(*name).empty());
            }
            // The Chinese name is Chinese, not the English one again.
            CHECK(has_non_ascii(*option_display_name(parameter.name, Language::zh)));
        }
    }
    CHECK(option_display_name("cell_size", Language::en) == "cell size");
    CHECK(option_display_name("cell_size", Language::zh) == "单元格边长");
    CHECK_FALSE(option_display_name("no_such_option", Language::en).has_value());
}

TEST_CASE("every broad-phase option has a Chinese tooltip; its English one is its description") {
    for (const std::string& algorithm : broad_phase_names()) {
        for (const BroadPhaseParameter& parameter : broad_phase_parameters(algorithm)) {
            CAPTURE(algorithm);
            CAPTURE(parameter.name);
            CHECK(option_tooltip(parameter, Language::en) == parameter.description);
            const auto chinese = option_tooltip(parameter, Language::zh);
            REQUIRE(chinese.has_value());
            CHECK(has_non_ascii(*chinese));
        }
    }
}

TEST_CASE("every row of option_texts.inc names an option, once") {
    std::set<std::string, std::less<>> options;
    for (const std::string& algorithm : broad_phase_names()) {
        for (const BroadPhaseParameter& parameter : broad_phase_parameters(algorithm))
            options.emplace(parameter.name);
    }
    std::set<std::string, std::less<>> rows;
    for (const OptionChineseTooltip& row : option_chinese_tooltips()) {
        CAPTURE(row.option);
        CHECK(options.contains(row.option));
        CHECK(rows.emplace(row.option).second);
    }
    CHECK(rows == options);
    // The display names are catalog keys: none for a name that is no option.
    for (std::size_t i = 0; i < text_key_count; ++i) {
        const std::string_view name = text_key_name(static_cast<TextKey>(i));
        if (!name.starts_with("option_name_")) continue;
        CAPTURE(name);
        CHECK(options.contains(name.substr(std::string_view("option_name_").size())));
    }
}

TEST_CASE("no text the Broad phase tab draws holds an identifier, for every algorithm") {
    CHECK(identifiers_in("cells per box limit").empty());
    CHECK(identifiers_in("上限 max_cells_per_box：") ==
          std::vector<std::string>{"max_cells_per_box"});
    for (const std::string& algorithm : broad_phase_names()) {
        for (const Language language : all_languages) {
            CAPTURE(algorithm);
            CAPTURE(language_code(language));
            const std::vector<std::string> texts = broad_phase_tab_texts(algorithm, language);
            REQUIRE(texts.size() > broad_phase_parameters(algorithm).size());
            for (const std::string& drawn : texts) {
                CAPTURE(drawn);
                CHECK_FALSE(drawn.empty());
                CHECK(identifiers_in(drawn).empty());
            }
        }
    }
}

TEST_CASE("no catalog text holds an identifier") {
    // Identifiers reach the window only as arguments of a few formats (an option's tooltip,
    // an error's quoted input), never in the catalog's own words.
    for (std::size_t i = 0; i < text_key_count; ++i) {
        const auto key = static_cast<TextKey>(i);
        for (const Language language : all_languages) {
            CAPTURE(text_key_name(key));
            CHECK(identifiers_in(text(language, key)).empty());
        }
    }
}

}  // namespace aabb::ui
