// Every output of the readout catalog has a display name in both languages, so a readout
// without a label never shows its identifier (issue 49: center_overlap, push_axis).

#include "core/lesson/readouts/readout_names.hpp"

#include <doctest/doctest.h>

#include "core/lesson/display_names.hpp"
#include "core/lesson/readouts/readout_catalog.hpp"

namespace aabb::lesson {

TEST_CASE("every catalog output has an English and a Chinese display name") {
    std::size_t outputs = 0;
    for (const ReadoutKind& kind : readout_kinds()) {
        for (const OutputSpec& output : kind.outputs) {
            CAPTURE(kind.name);
            CAPTURE(output.name);
            ++outputs;
            const auto name = output_display_name(kind.name, output.name);
            REQUIRE(name.has_value());
            CHECK_FALSE(name->en.empty());
            CHECK_FALSE(name->zh.empty());
            // Words, not the output's identifier (a name like "min.x" is a symbol, fine).
            CHECK(name->en.find('_') == std::string_view::npos);
            CHECK(name->zh.find('_') == std::string_view::npos);
            CHECK(unlisted_words(name->zh).empty());
        }
    }
    CHECK(outputs > 200);
    CHECK_FALSE(output_display_name("world_stat", "no_such_output").has_value());
}

}  // namespace aabb::lesson
