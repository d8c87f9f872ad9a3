// World shapes: culling to the visible region, highlight colors for boxes in pairs, pair
// lines, layer switches and the hover outline.

#include <doctest/doctest.h>

#include <algorithm>

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

}  // namespace aabb::ui
