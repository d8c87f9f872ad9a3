// Picking bodies by click: the exact shape wins over a box corner, small boxes over large.

#include <doctest/doctest.h>

#include <cmath>

#include "ui/view/body_picking.hpp"

namespace aabb::ui {

TEST_CASE("a click picks the smallest box under it, and prefers a shape that contains it") {
    World world;
    world.add_body({.position = {0.0f, 0.0f}, .half_size = {10.0f, 10.0f}});  // large
    world.add_body({.position = {2.0f, 2.0f}, .half_size = {1.0f, 1.0f}});    // small inside
    // A bar rotated 45°: its AABB covers (8.5, 8.5)–(11.5, 11.5) but its corner region does not.
    Body bar{.position = {20.0f, 0.0f}, .half_size = {3.0f, 0.3f}, .kind = BodyKind::shape};
    bar.angle = 0.7853982f;
    world.add_body(bar);
    world.refresh_pairs();

    CHECK(pick_body(world, {2.0f, 2.0f}, 0.0f) == std::size_t{1});
    CHECK(pick_body(world, {-5.0f, -5.0f}, 0.0f) == std::size_t{0});
    CHECK_FALSE(pick_body(world, {50.0f, 50.0f}, 0.0f).has_value());
    CHECK(pick_body(world, {20.0f, 0.0f}, 0.0f) == std::size_t{2});
    CHECK_FALSE(pick_body(world, {NAN, 0.0f}, 0.0f).has_value());

    CHECK(find_body(world, world.body_ids()[2]) == std::size_t{2});
    CHECK_FALSE(find_body(world, 999).has_value());

    const BodyPairs pairs = pairs_of(world, 1);
    REQUIRE(pairs.others.size() == 1);
    CHECK(pairs.others[0] == 0);
    CHECK(pairs.is_contact[0] == 1);
    CHECK(pairs_of(world, 2).others.empty());
}

}  // namespace aabb::ui
