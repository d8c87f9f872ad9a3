#include "ui/model/algorithm_words.hpp"

#include "core/lesson/display_names.hpp"

namespace aabb::ui {

std::string algorithm_words(std::string_view name, Language language) {
    const auto words = lesson::fixed_name_words(name);
    if (!words) return std::string(name);
    return std::string(words->in(language == Language::zh ? lesson::DisplayLanguage::zh
                                                          : lesson::DisplayLanguage::en));
}

}  // namespace aabb::ui
