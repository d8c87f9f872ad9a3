// The partial path's index of changed boxes (changed_box_index.hpp): every query, scanned from
// start() in each strip it crosses with the ownership rule, meets exactly the present changed
// boxes whose fat boxes overlap it (closed rule), each once; in one strip and in many, and over
// rebuilds as some of the boxes move, leave and join (the others keep their entries). Its sorted
// arrays (the merge's input) list the present boxes in sweep order.

#include <doctest/doctest.h>

#include <algorithm>
#include <limits>
#include <random>
#include <utility>
#include <vector>

#include "core/broadphase/banded/changed_box_index.hpp"
#include "core/broadphase/banded/kernels/sweep_kernels.hpp"
#include "tests/support/box_set_generators.hpp"

namespace aabb::banded {

namespace {

// The ids the partial path's query of `query` meets in `index`: scans of each strip it crosses,
// a pair kept in the query's first strip or the other box's own (owner bit).
std::vector<BoxId> query_index(const ChangedBoxIndex& index, const Box2& query, int along) {
    const int across = 1 - along;
    const BandArrays& scanned = index.scanned();
    PairBuffer found;
    const int first_strip = index.strip_of(query.min[across]);
    const int last_strip = index.strip_of(query.max[across]);
    for (int strip = first_strip; strip <= last_strip; ++strip) {
        (void)scan_overlaps(scanned, index.start(strip, query.min[along]), query, along, found,
                            [&](std::size_t slot) {
                                const std::uint32_t tagged = scanned.tagged_id[slot];
                                if (strip != first_strip && (tagged & owner_bit) == 0) return;
                                found.storage[found.count++] = BoxPair{tagged & id_mask, 0};
                            });
    }
    std::vector<BoxId> ids;
    for (std::size_t k = 0; k < found.count; ++k)
        ids.push_back(found.storage[k].first);
    std::sort(ids.begin(), ids.end());
    return ids;
}

// The present ids of `changed` whose boxes overlap `query`, closed rule.
std::vector<BoxId> brute_force_query(const std::vector<BoxId>& changed,
                                     const std::vector<std::uint8_t>& presence,
                                     const std::vector<Box2>& boxes, const Box2& query) {
    std::vector<BoxId> ids;
    for (const BoxId id : changed) {
        if (presence[id] != 0 && overlaps_closed(boxes[id], query)) ids.push_back(id);
    }
    std::sort(ids.begin(), ids.end());
    return ids;
}

}  // namespace

TEST_CASE("changed-box index: queries meet exactly the overlapping changed boxes, in strips") {
    constexpr std::size_t box_count = 6000;
    constexpr float side = 200.0f;
    constexpr int band_count = 40;
    // The boxes lie in [-side, side]: bands of 10 across y, the sweep along x (axis 0).
    const BandMap bands{-side, band_count / (2.0f * side), static_cast<float>(band_count - 1)};
    constexpr std::size_t never = std::numeric_limits<std::size_t>::max();
    // (boxes per strip, fewest boxes for strips): one strip; two (the fewest once cut); some;
    // one per band.
    const std::pair<std::size_t, std::size_t> settings[] = {
        {2048, never}, {100000, 0}, {64, 0}, {1, 0}};
    for (const auto& [boxes_per_strip, fewest_for_strips] : settings) {
        INFO("boxes per strip " << boxes_per_strip << ", fewest " << fewest_for_strips);
        std::mt19937 random(77);
        // Boxes up to 12 wide: many cross strips (and bands).
        std::vector<Box2> boxes = testing::random_boxes(random, box_count, side, 12.0f);
        std::vector<std::uint8_t> presence(box_count, 1);
        std::vector<BoxId> changed;
        ChangedBoxIndex index;
        std::uniform_int_distribution<BoxId> pick(0, box_count - 1);
        std::uniform_real_distribution<float> step(-3.0f, 3.0f);
        int strip_counts_seen = 0;
        for (int rebuild = 0; rebuild < 6; ++rebuild) {
            INFO("rebuild " << rebuild);
            // More boxes change (ids already listed stay first, as in the engine); a third of
            // the listed ones move; a few leave or come back. Only those are flagged as changed
            // since the last rebuild: the others keep their entries.
            std::vector<std::uint8_t> changed_now(box_count, 0);
            for (int k = 0; k < 400; ++k) {
                const BoxId id = pick(random);
                if (std::find(changed.begin(), changed.end(), id) == changed.end()) {
                    changed.push_back(id);
                    changed_now[id] = 1;
                }
            }
            for (const BoxId id : changed) {
                if (pick(random) % 3 != 0) continue;
                boxes[id] = translated(boxes[id], glm::vec2{step(random), step(random)});
                changed_now[id] = 1;
            }
            for (int k = 0; k < 50; ++k) {
                const BoxId id = changed[pick(random) % changed.size()];
                presence[id] ^= 1;
                changed_now[id] = 1;
            }
            std::vector<BoxId> changed_now_ids;
            for (const BoxId id : changed)
                if (changed_now[id] != 0) changed_now_ids.push_back(id);
            index.rebuild(changed, changed_now_ids, presence, boxes.data(), 0, bands, band_count,
                          boxes_per_strip, fewest_for_strips);
            strip_counts_seen = std::max(strip_counts_seen, index.strip_count);
            // The sorted arrays (which the merge reads): every changed box, present ones by
            // their fat box in order of their minimum along the sweep axis, absent ones last.
            REQUIRE(index.size() == changed.size());
            std::vector<BoxId> listed;
            for (std::size_t position = 0; position < changed.size(); ++position) {
                const float key = index.arrays.min_sweep[position];
                if (position > 0) REQUIRE(index.arrays.min_sweep[position - 1] <= key);
                if (key == std::numeric_limits<float>::infinity()) continue;
                const BoxId id = index.arrays.tagged_id[position];
                REQUIRE(key == boxes[id].min.x);
                REQUIRE(index.arrays.max_across[position] == boxes[id].max.y);
                listed.push_back(id);
            }
            std::vector<BoxId> present_changed;
            for (const BoxId id : changed)
                if (presence[id] != 0) present_changed.push_back(id);
            std::sort(listed.begin(), listed.end());
            std::sort(present_changed.begin(), present_changed.end());
            REQUIRE(listed == present_changed);
            for (int query_number = 0; query_number < 300; ++query_number) {
                const Box2 query = testing::random_boxes(random, 1, side, 15.0f).front();
                const std::vector<BoxId> met = query_index(index, query, 0);
                REQUIRE(met == brute_force_query(changed, presence, boxes, query));
            }
        }
        if (fewest_for_strips == never) CHECK(strip_counts_seen == 1);
        if (boxes_per_strip == 100000) CHECK(strip_counts_seen == 2);
        if (boxes_per_strip == 64) CHECK(strip_counts_seen > 2);
        if (boxes_per_strip == 1) CHECK(strip_counts_seen == band_count);
    }
}

}  // namespace aabb::banded
