// Algorithms as the window names them: words in the interface's language, never identifiers.

#include "ui/model/algorithm_words.hpp"

#include <doctest/doctest.h>

#include <string>

#include "core/broadphase/broad_phase_factory.hpp"

namespace aabb::ui {

TEST_CASE("every algorithm has words in both languages without an underscore") {
    for (const std::string& name : broad_phase_names()) {
        for (const Language language : all_languages) {
            CAPTURE(name);
            CAPTURE(language_code(language));
            const std::string words = algorithm_words(name, language);
            CHECK_FALSE(words.empty());
            CHECK(words.find('_') == std::string::npos);
        }
    }
    CHECK(algorithm_words("sort_and_sweep", Language::en) == "sort-and-sweep");
    CHECK(algorithm_words("sort_and_sweep", Language::zh) == "排序扫描");
    CHECK(algorithm_words("not_an_algorithm", Language::zh) == "not_an_algorithm");
}

}  // namespace aabb::ui
