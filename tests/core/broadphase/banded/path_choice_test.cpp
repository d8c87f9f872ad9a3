// The dispatcher's choice (path_choice.hpp) on its inputs alone: each path and reason of the
// path table's "When taken" column, and the bounds where one gives way to the next.

#include "core/broadphase/banded/path_choice.hpp"

#include <doctest/doctest.h>

namespace aabb::banded {

namespace {

// A frame after a full sweep of 1,000 boxes, with margins and nothing changed yet.
PathFacts settled() {
    PathFacts facts;
    facts.searched = true;
    facts.changed = false;
    facts.needs_full = false;
    facts.membership_changed = false;
    facts.partial_fraction = 0.15f;
    facts.present = 1000;
    return facts;
}

bool chose(const PathFacts& facts, BandedPath path, BandedPathReason reason) {
    const PathChoice choice = choose_path(facts);
    return choice.path == path && choice.reason == reason;
}

}  // namespace

TEST_CASE("the first search is full; nothing changed after one is cached") {
    CHECK(chose(PathFacts{}, BandedPath::full, BandedPathReason::first_or_membership));
    PathFacts facts = settled();
    CHECK(chose(facts, BandedPath::cached, BandedPathReason::nothing_changed));
    // Not before a first search, nor when a full search is due.
    facts.searched = false;
    CHECK(chose(facts, BandedPath::full, BandedPathReason::first_or_membership));
    facts = settled();
    facts.needs_full = true;
    CHECK(chose(facts, BandedPath::full, BandedPathReason::many_escaped));
}

TEST_CASE("the one-band path answers every changed frame while it runs") {
    PathFacts facts = settled();
    facts.one_band = true;
    CHECK(chose(facts, BandedPath::cached, BandedPathReason::nothing_changed));
    facts.changed = true;
    CHECK(chose(facts, BandedPath::one_band, BandedPathReason::one_band));
    facts.escaped = 900;  // it keeps no fat boxes: escapes do not matter
    CHECK(chose(facts, BandedPath::one_band, BandedPathReason::one_band));
}

TEST_CASE("moved boxes: kept, partial up to the fraction, then full") {
    PathFacts facts = settled();
    facts.changed = true;
    CHECK(chose(facts, BandedPath::kept, BandedPathReason::all_inside));
    facts.escaped = 1;
    facts.since_full = 1;
    CHECK(chose(facts, BandedPath::partial, BandedPathReason::few_escaped));
    // Up to twice the fraction changed since the bands were made (300 of 1,000), the bands
    // still answer; past it, a full sweep.
    facts.since_full = 300;
    CHECK(chose(facts, BandedPath::partial, BandedPathReason::few_escaped));
    facts.since_full = 301;
    CHECK(chose(facts, BandedPath::full, BandedPathReason::many_since_full));
    facts.since_full = 0;
    facts.escaped = 0;
    CHECK(chose(facts, BandedPath::kept, BandedPathReason::all_inside));
    // More than the fraction escaped this frame: the change scan said a full search is due.
    facts.needs_full = true;
    CHECK(chose(facts, BandedPath::full, BandedPathReason::many_escaped));
}

TEST_CASE("a full search: after membership changes, after a grid, with the partial path off") {
    PathFacts facts = settled();
    facts.changed = true;
    facts.needs_full = true;
    facts.membership_changed = true;
    CHECK(chose(facts, BandedPath::full, BandedPathReason::first_or_membership));
    facts = settled();
    facts.changed = true;
    facts.grid_in_use = true;
    CHECK(chose(facts, BandedPath::full, BandedPathReason::after_grid));
    facts = settled();
    facts.changed = true;
    facts.partial_fraction = 0.0f;
    CHECK_FALSE(partial_allowed(facts));
    CHECK(chose(facts, BandedPath::full, BandedPathReason::many_escaped));
    facts = settled();
    facts.changed = true;
    facts.present = 0;
    CHECK_FALSE(partial_allowed(facts));
}

}  // namespace aabb::banded
