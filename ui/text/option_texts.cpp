#include "ui/text/option_texts.hpp"

#include <string>

#include "ui/text/text_catalog.hpp"

namespace aabb::ui {

namespace {

std::optional<std::string_view> catalog_text(std::string_view prefix, std::string_view option,
                                             Language language) {
    const auto key = text_key_named(std::string(prefix) + std::string(option));
    if (!key) return std::nullopt;
    return std::string_view(text(language, *key));
}

}  // namespace

std::optional<std::string_view> option_display_name(std::string_view option, Language language) {
    return catalog_text("option_name_", option, language);
}

std::optional<std::string_view> option_tooltip(std::string_view option, Language language) {
    return catalog_text("option_", option, language);
}

}  // namespace aabb::ui
