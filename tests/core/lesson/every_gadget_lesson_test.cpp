// The committed lesson that uses every gadget kind (tests/data/every_gadget_lesson.json, which
// the integration test sandbox_every_gadget renders step by step): it loads, and it uses each
// name of lesson::gadget_kind_names, so a new kind cannot go untested.

#include <doctest/doctest.h>

#include <filesystem>
#include <set>
#include <string>

#include "core/lesson/lesson_file.hpp"
#include "core/lesson/lesson_names.hpp"

namespace aabb::lesson {

TEST_CASE("the every-gadget lesson uses every gadget kind") {
    const Lesson lesson =
        load_lesson(std::filesystem::path(AABB_SOURCE_DIR) / "tests/data/every_gadget_lesson.json");
    std::set<std::string> used;
    for (const Gadget& gadget : lesson.gadgets)
        used.insert(gadget.kind);
    for (const std::string_view kind : gadget_kind_names) {
        INFO("gadget kind ", kind);
        CHECK(used.contains(std::string(kind)));
    }
    CHECK(used.size() == gadget_kind_names.size());
}

}  // namespace aabb::lesson
