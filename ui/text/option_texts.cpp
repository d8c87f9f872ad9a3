#include "ui/text/option_texts.hpp"

#include <array>
#include <string>

#include "ui/text/text_catalog.hpp"

namespace aabb::ui {

namespace {

constexpr std::array chinese_tooltips{
#define AABB_OPTION_TEXT(option, name_en, name_zh, tip_zh) OptionChineseTooltip{#option, tip_zh},
#include "ui/text/catalog/option_texts.inc"
};

}  // namespace

std::optional<std::string_view> option_display_name(std::string_view option, Language language) {
    const auto key = text_key_named("option_name_" + std::string(option));
    if (!key) return std::nullopt;
    return std::string_view(text(language, *key));
}

std::optional<std::string_view> option_tooltip(const BroadPhaseParameter& parameter,
                                               Language language) {
    if (language == Language::en) return parameter.description;
    for (const OptionChineseTooltip& row : chinese_tooltips) {
        if (row.option == parameter.name) return row.text;
    }
    return std::nullopt;
}

std::span<const OptionChineseTooltip> option_chinese_tooltips() {
    return chinese_tooltips;
}

}  // namespace aabb::ui
