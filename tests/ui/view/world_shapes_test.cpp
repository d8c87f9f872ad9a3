// World shapes: culling to the visible region, highlight colors for boxes in pairs, pair
// lines, layer switches, the hover outline, and large worlds collected in chunks on two threads.

#include <doctest/doctest.h>

#include <algorithm>
#include <cstdint>
#include <vector>

#include "core/geometry/overlap.hpp"
#include "ui/style/overlay_colors.hpp"
#include "ui/view/world_shapes.hpp"

namespace aabb::ui {

namespace {

/// Three boxes: 0 and 1 overlap near the origin, 2 is alone far to the right.
World three_box_world() {
    World world;
    world.add_body({.position = {0.0f, 0.0f}, .velocity = {}, .half_size = {1.0f, 1.0f}});
    world.add_body({.position = {1.5f, 0.0f}, .velocity = {}, .half_size = {1.0f, 1.0f}});
    world.add_body({.position = {50.0f, 0.0f}, .velocity = {}, .half_size = {1.0f, 1.0f}});
    world.refresh_pairs();
    return world;
}

}  // namespace

TEST_CASE("shapes mark boxes in pairs, join pair centers and paint highlights last") {
    const World world = three_box_world();
    REQUIRE(world.overlapping_pairs().size() == 1);
    WorldShapeCollector collector;
    ShapeBatch batch;
    const ShapeCollectionStats stats =
        collector.collect(world, world.settings().bounds, WorldLayers{}, std::nullopt, batch);
    CHECK(stats.visible_objects == 3);
    CHECK(stats.culled_objects == 0);
    CHECK(stats.visible_pairs == 1);
    REQUIRE(batch.rects.size() == 3);
    // The lone box first in plain colors, then the two highlighted ones on top.
    CHECK(batch.rects[0].box == world.world_boxes()[2]);
    CHECK(batch.rects[0].outline == palette.aabb_outline);
    CHECK(batch.rects[1].outline == palette.overlap_outline);
    CHECK(batch.rects[2].fill == palette.overlap_fill);
    REQUIRE(batch.segments.size() == 1);
    CHECK(batch.segments[0].from == glm::vec2(0.0f, 0.0f));
    CHECK(batch.segments[0].to == glm::vec2(1.5f, 0.0f));
}

TEST_CASE("shapes outside the visible region are culled, pairs with one visible box kept") {
    const World world = three_box_world();
    WorldShapeCollector collector;
    ShapeBatch batch;
    // Sees box 0 only (box 1 starts at x = 0.5).
    const Box2 visible{{-5.0f, -5.0f}, {0.25f, 5.0f}};
    const ShapeCollectionStats stats =
        collector.collect(world, visible, WorldLayers{}, std::nullopt, batch);
    CHECK(stats.visible_objects == 1);
    CHECK(stats.culled_objects == 2);
    CHECK(stats.visible_pairs == 1);
    CHECK(batch.rects.size() == 1);
    CHECK(batch.segments.size() == 1);
}

TEST_CASE(
    "the visible bodies that are not plain unrotated boxes are listed for the Shapes overlay") {
    World world;
    world.add_body({.position = {0.0f, 0.0f}});                              // plain box
    world.add_body({.position = {3.0f, 0.0f}, .kind = BodyKind::wall});      // wall
    world.add_body({.position = {6.0f, 0.0f}, .shape = ShapeType::circle});  // circle
    world.add_body({.position = {9.0f, 0.0f}, .angle = 0.5f});               // rotated box
    world.add_body({.position = {90.0f, 0.0f}, .kind = BodyKind::bullet});   // bullet, off view
    world.add_body({.position = {12.0f, 0.0f}, .kind = BodyKind::bullet});   // bullet
    world.refresh_pairs();
    WorldShapeCollector collector;
    ShapeBatch batch;
    const Box2 visible{{-20.0f, -20.0f}, {20.0f, 20.0f}};
    (void)collector.collect(world, visible, WorldLayers{}, std::nullopt, batch);
    const std::vector<std::uint32_t> listed(collector.shaped_bodies().begin(),
                                            collector.shaped_bodies().end());
    CHECK(listed == std::vector<std::uint32_t>{1, 2, 3, 5});
    // The next collection replaces the list.
    (void)collector.collect(world, Box2{{80.0f, -5.0f}, {100.0f, 5.0f}}, WorldLayers{},
                            std::nullopt, batch);
    CHECK(std::vector<std::uint32_t>(collector.shaped_bodies().begin(),
                                     collector.shaped_bodies().end()) ==
          std::vector<std::uint32_t>{4});
}

TEST_CASE("layer switches hide fills, outlines, highlights and pair lines") {
    const World world = three_box_world();
    WorldShapeCollector collector;
    ShapeBatch batch;
    WorldLayers layers;
    layers.object_fill = false;
    layers.overlap_highlight = false;
    layers.pair_lines = false;
    collector.collect(world, world.settings().bounds, layers, std::nullopt, batch);
    CHECK(batch.segments.empty());
    for (const ShapeBatch::Rect& rect : batch.rects) {
        CHECK(rect.fill.a == 0);
        CHECK(rect.outline == palette.aabb_outline);
    }
    layers.aabb_outlines = false;
    collector.collect(world, world.settings().bounds, layers, std::nullopt, batch);
    CHECK(std::all_of(batch.rects.begin(), batch.rects.end(),
                      [](const ShapeBatch::Rect& rect) { return rect.outline.a == 0; }));
}

TEST_CASE("the hovered box gets a thicker outline on top and a stale id is ignored") {
    const World world = three_box_world();
    WorldShapeCollector collector;
    ShapeBatch batch;
    collector.collect(world, world.settings().bounds, WorldLayers{}, BoxId{2}, batch);
    REQUIRE(batch.rects.size() == 4);
    CHECK(batch.rects.back().box == world.world_boxes()[2]);
    CHECK(batch.rects.back().outline == palette.hover_outline);
    CHECK(batch.rects.back().outline_pixels > 1.0f);
    collector.collect(world, world.settings().bounds, WorldLayers{}, BoxId{99}, batch);
    CHECK(batch.rects.size() == 3);
}

TEST_CASE("the projector settings reach the world: scheme colors and scaled outlines") {
    const World world = three_box_world();
    WorldShapeCollector collector;
    ShapeBatch batch;
    // High contrast at UI scale 2: lines 2 × 1.5 = 3 pixels, sizes 2 ×, saturated colors.
    set_overlay_appearance(high_contrast_overlay_colors, 2.0f, true);
    CHECK(overlay_stroke(1.0f) == doctest::Approx(3.0f));
    CHECK(overlay_size(1.0f) == doctest::Approx(2.0f));
    std::optional<BoxId> hovered = 2;
    collector.collect(world, world.settings().bounds, WorldLayers{}, hovered, batch);
    REQUIRE(batch.rects.size() == 4);
    CHECK(batch.rects[0].outline_pixels == doctest::Approx(3.0f));
    CHECK(batch.rects[3].outline_pixels == doctest::Approx(6.0f));  // the hover outline
    REQUIRE(batch.segments.size() == 1);
    CHECK(batch.segments[0].color == high_contrast_overlay_colors.true_contact);
    // Back to the standard look: 1-pixel outlines, standard colors.
    set_overlay_appearance(standard_overlay_colors, 1.0f, false);
    collector.collect(world, world.settings().bounds, WorldLayers{}, hovered, batch);
    CHECK(batch.rects[0].outline_pixels == doctest::Approx(1.0f));
    CHECK(batch.rects[3].outline_pixels == doctest::Approx(2.0f));
    CHECK(batch.segments[0].color == standard_overlay_colors.true_contact);
}

namespace {

// What collect() must give, one box and one pair at a time: the boxes not in pairs, then those
// in pairs, then the pair lines, and the shaped bodies, all in index order.
struct ExpectedShapes {
    std::vector<ShapeBatch::Rect> rects;
    std::vector<ShapeBatch::Segment> segments;
    std::vector<std::uint32_t> shaped;
    std::size_t visible_pairs = 0;
};

ExpectedShapes expected_shapes(const World& world, const Box2& visible, float outline_pixels) {
    ExpectedShapes expected;
    const auto boxes = world.world_boxes();
    std::vector<std::uint8_t> in_pair(boxes.size(), 0);
    for (const BoxPair& pair : world.overlapping_pairs())
        in_pair[pair.first] = in_pair[pair.second] = 1;
    std::vector<ShapeBatch::Rect> paired;
    for (std::size_t i = 0; i < boxes.size(); ++i) {
        if (!overlaps_closed(boxes[i], visible)) continue;
        const bool plain = world.plain_boxes()[i] != 0;
        if (!plain) expected.shaped.push_back(static_cast<std::uint32_t>(i));
        const Rgba8 hidden{0, 0, 0, 0};
        if (in_pair[i] == 0) {
            expected.rects.push_back({boxes[i], plain ? palette.object_fill : hidden,
                                      palette.aabb_outline, outline_pixels});
        } else {
            paired.push_back({boxes[i], plain ? palette.overlap_fill : hidden,
                              palette.overlap_outline, outline_pixels});
        }
    }
    expected.rects.insert(expected.rects.end(), paired.begin(), paired.end());
    const auto pairs = world.overlapping_pairs();
    for (std::size_t k = 0; k < pairs.size(); ++k) {
        const Box2& first = boxes[pairs[k].first];
        const Box2& second = boxes[pairs[k].second];
        if (!overlaps_closed(first, visible) && !overlaps_closed(second, visible)) continue;
        ++expected.visible_pairs;
        expected.segments.push_back({first.center(), second.center(),
                                     world.pair_is_contact()[k] != 0
                                         ? overlay_colors.true_contact
                                         : overlay_colors.false_positive});
    }
    return expected;
}

bool same_rect(const ShapeBatch::Rect& a, const ShapeBatch::Rect& b) {
    return a.box == b.box && a.fill == b.fill && a.outline == b.outline &&
           a.outline_pixels == b.outline_pixels;
}

bool same_segment(const ShapeBatch::Segment& a, const ShapeBatch::Segment& b) {
    return a.from == b.from && a.to == b.to && a.color == b.color;
}

}  // namespace

TEST_CASE("a large world is collected in chunks exactly as one box and one pair at a time") {
    World world;
    add_random_moving_boxes(world, 2 * WorldShapeCollector::parallel_collect_min_boxes, 8);
    // Shaped bodies among the plain boxes: walls and rotated boxes here and there.
    for (int i = 0; i < 300; ++i) {
        const float x = -90.0f + 0.6f * static_cast<float>(i);
        world.add_body({.position = {x, 10.0f}, .kind = BodyKind::wall});
        world.add_body({.position = {x, -30.0f}, .angle = 0.3f});
    }
    world.step();
    REQUIRE(world.overlapping_pairs().size() > 8192);  // more than one chunk of pairs
    WorldShapeCollector collector;
    ShapeBatch batch;
    // The whole world, a part of it (culled boxes, pairs dropped from the middle of chunks), the
    // whole again (the lists grow back), and the pair lines switched off.
    const Box2 part{{-60.0f, -45.0f}, {35.0f, 20.0f}};
    for (const Box2& visible : {world.settings().bounds, part, world.settings().bounds}) {
        const ShapeCollectionStats stats =
            collector.collect(world, visible, WorldLayers{}, std::nullopt, batch);
        REQUIRE(!batch.rects.empty());
        const ExpectedShapes expected =
            expected_shapes(world, visible, batch.rects.front().outline_pixels);
        CHECK(stats.visible_objects == expected.rects.size());
        CHECK(stats.culled_objects == world.world_boxes().size() - expected.rects.size());
        CHECK(stats.visible_pairs == expected.visible_pairs);
        CHECK(std::ranges::equal(batch.rects, expected.rects, same_rect));
        CHECK(std::ranges::equal(batch.segments, expected.segments, same_segment));
        CHECK(std::ranges::equal(collector.shaped_bodies(), expected.shaped));
    }
    WorldLayers no_lines;
    no_lines.pair_lines = false;
    const ShapeCollectionStats stats = collector.collect(world, part, no_lines, BoxId{5}, batch);
    CHECK(batch.segments.empty());
    CHECK(stats.visible_pairs == expected_shapes(world, part, 1.0f).visible_pairs);
    CHECK(batch.rects.back().outline == palette.hover_outline);
}

}  // namespace aabb::ui
