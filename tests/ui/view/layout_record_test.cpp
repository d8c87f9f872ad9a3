// The layout record: texts and named rectangles of one frame, and its JSON report.

#include <doctest/doctest.h>

#include <string>

#include "ui/view/layout_record.hpp"

namespace aabb::ui {

TEST_CASE("a layout record starts each frame with the window only") {
    LayoutRecord record;
    record.add_text(TextOwner::card, "old", {{0, 0}, {1, 1}});
    record.clear({1280.0f, 720.0f});
    CHECK(record.texts().empty());
    REQUIRE(record.regions().size() == 1);
    CHECK(record.regions()[0].name == "window");
    CHECK(record.region(layout_region::window)->max == glm::vec2(1280.0f, 720.0f));
}

TEST_CASE("set_region replaces, add_region keeps every rectangle of a name") {
    LayoutRecord record;
    record.clear({100.0f, 100.0f});
    record.set_region(layout_region::card, {{0, 0}, {10, 10}});
    record.set_region(layout_region::card, {{5, 5}, {20, 20}});
    CHECK(record.regions_named(layout_region::card).size() == 1);
    CHECK(record.region(layout_region::card)->min == glm::vec2(5.0f));
    record.add_region(layout_region::inset, {{0, 0}, {1, 1}});
    record.add_region(layout_region::inset, {{2, 2}, {3, 3}});
    CHECK(record.regions_named(layout_region::inset).size() == 2);
    record.remove_region(layout_region::inset);
    CHECK_FALSE(record.region(layout_region::inset).has_value());
}

TEST_CASE("the report is JSON with the place, the regions and the texts with their owners") {
    LayoutRecord record;
    record.clear({1280.0f, 720.0f});
    record.set_place({"02_box_intervals", 3, "zh", 2.0f, {{1.5f, -2.0f}, 0.0625f}});
    record.set_region(layout_region::stage, {{10.5f, 20.0f}, {30.0f, 40.25f}});
    record.add_text(TextOwner::card, "dx = \"1\"\\\n中文", {{1, 2}, {3, 4}});
    record.add_text(TextOwner::grid, "", {{1, 2}, {3, 4}});  // nothing drawn, nothing kept
    const std::string json = record.to_json();
    CHECK(json.find("\"lesson\": \"02_box_intervals\"") != std::string::npos);
    CHECK(json.find("\"step\": 3") != std::string::npos);
    CHECK(json.find("\"language\": \"zh\"") != std::string::npos);
    CHECK(json.find("\"ui_scale\": 2.00") != std::string::npos);
    CHECK(json.find("\"camera\": {\"center\": [1.5, -2], \"zoom\": 0.0625}") !=
          std::string::npos);
    CHECK(json.find("{\"name\": \"stage\", \"rect\": [10.50, 20.00, 30.00, 40.25]}") !=
          std::string::npos);
    CHECK(json.find("{\"owner\": \"card\", \"text\": \"dx = \\\"1\\\"\\\\\\n中文\", \"rect\": "
                    "[1.00, 2.00, 3.00, 4.00]}") != std::string::npos);
    CHECK(record.texts().size() == 1);
}

TEST_CASE("json_string escapes quotes, backslashes and control characters") {
    CHECK(json_string("a\"b") == "\"a\\\"b\"");
    CHECK(json_string("\x01\t") == "\"\\u0001\\t\"");
    CHECK(json_string("τ") == "\"τ\"");
}

TEST_CASE("drawing code records into the current record only while one is set") {
    CHECK(current_layout_record() == nullptr);
    LayoutRecord outer;
    {
        const ScopedLayoutRecord scope(outer);
        CHECK(current_layout_record() == &outer);
        LayoutRecord inner;
        {
            const ScopedLayoutRecord nested(inner);
            CHECK(current_layout_record() == &inner);
        }
        CHECK(current_layout_record() == &outer);
    }
    CHECK(current_layout_record() == nullptr);
}

TEST_CASE("rectangles that only touch do not overlap; inside allows a little overshoot") {
    const ScreenRect a{{0, 0}, {10, 10}};
    CHECK(rects_overlap(a, {{5, 5}, {15, 15}}));
    CHECK_FALSE(rects_overlap(a, {{10, 0}, {20, 10}}));
    CHECK_FALSE(rects_overlap(a, {{9.8f, 0}, {20, 10}}));
    CHECK(rect_inside({{1, 1}, {9, 9}}, a));
    CHECK(rect_inside({{-0.3f, 0}, {10.3f, 10}}, a));
    CHECK_FALSE(rect_inside({{-2, 0}, {10, 10}}, a));
}

}  // namespace aabb::ui
