// The interface languages' codes, as --lang and the settings file spell them.

#include "ui/text/language.hpp"

#include <doctest/doctest.h>

namespace aabb::ui {

TEST_CASE("language codes") {
    CHECK(language_named("en") == Language::en);
    CHECK(language_named("zh") == Language::zh);
    CHECK_FALSE(language_named("fr").has_value());
    CHECK_FALSE(language_named("").has_value());
    CHECK(language_code(Language::zh) == "zh");
    CHECK(other_language(Language::en) == Language::zh);
    CHECK(other_language(Language::zh) == Language::en);
}

}  // namespace aabb::ui
