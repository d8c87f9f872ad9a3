// The banded engine's kept pairs: settling, the exact test (marking on several threads,
// compacting on one) and the removal of escaped boxes' pairs, against overlaps_closed and
// overlaps_open on fixed-seed random boxes.

#include <doctest/doctest.h>

#include <algorithm>
#include <random>
#include <vector>

#include "core/broadphase/banded/candidate_cache.hpp"
#include "core/geometry/overlap.hpp"
#include "tests/support/box_set_generators.hpp"

namespace aabb::banded {
namespace {

struct Scene {
    std::vector<Box2> boxes;
    std::vector<BoxPair> candidates;  // every pair of nearby boxes, overlapping or not
    std::vector<std::uint8_t> escaped;
    std::vector<std::uint8_t> still;
};

Scene random_scene(std::mt19937& random) {
    Scene scene;
    scene.boxes = testing::random_boxes(random, 300, 20.0f, 3.0f);
    // Touching boxes too: the rules differ on them.
    for (std::size_t index = 0; index + 1 < scene.boxes.size(); index += 10) {
        scene.boxes[index + 1] = scene.boxes[index];
        scene.boxes[index + 1].min.x = scene.boxes[index].max.x;
        scene.boxes[index + 1].max.x = scene.boxes[index].max.x + 1.0f;
    }
    for (BoxId a = 0; a < scene.boxes.size(); ++a) {
        for (BoxId b = a + 1; b < scene.boxes.size(); ++b) {
            if (overlaps_closed(expanded(scene.boxes[a], 1.0f), scene.boxes[b]))
                scene.candidates.push_back({a, b});
        }
    }
    std::shuffle(scene.candidates.begin(), scene.candidates.end(), random);
    for (std::size_t index = 0; index < scene.boxes.size(); ++index) {
        scene.escaped.push_back(static_cast<std::uint8_t>(random() % 10 == 0));
        scene.still.push_back(static_cast<std::uint8_t>(random() % 2));
    }
    return scene;
}

bool overlap(const Scene& scene, BoxPair pair, bool open) {
    const Box2& a = scene.boxes[pair.first];
    const Box2& b = scene.boxes[pair.second];
    return open ? overlaps_open(a, b) : overlaps_closed(a, b);
}

std::vector<BoxPair> sorted(std::vector<BoxPair> pairs) {
    std::sort(pairs.begin(), pairs.end());
    return pairs;
}

std::vector<BoxPair> sorted(const PairBuffer& buffer) {
    return sorted(
        std::vector<BoxPair>(buffer.storage.begin(),
                             buffer.storage.begin() + static_cast<std::ptrdiff_t>(buffer.count)));
}

const float* floats(const Scene& scene) {
    return reinterpret_cast<const float*>(scene.boxes.data());
}

TEST_CASE("CandidateCache settles pairs of still boxes and keeps the others") {
    std::mt19937 random(51);
    const Scene scene = random_scene(random);
    for (const bool open : {false, true}) {
        CandidateCache cache;
        cache.settle_or_keep(scene.candidates.data(), scene.candidates.size(), false,
                             scene.still.data(), scene.boxes.data(), open);
        std::vector<BoxPair> settled;
        std::vector<BoxPair> kept;
        for (const BoxPair pair : scene.candidates) {
            if (scene.still[pair.first] && scene.still[pair.second]) {
                if (overlap(scene, pair, open)) settled.push_back(pair);
            } else {
                kept.push_back(pair);
            }
        }
        CHECK(sorted(cache.settled) == sorted(settled));
        CHECK(sorted(cache.candidates) == sorted(kept));
        // Dropping the settled pairs of escaped boxes.
        cache.settled_dirty = true;
        cache.drop_settled_of(scene.escaped.data());
        std::erase_if(settled, [&](BoxPair pair) {
            return scene.escaped[pair.first] || scene.escaped[pair.second];
        });
        CHECK(sorted(cache.settled) == sorted(settled));
        CHECK_FALSE(cache.settled_dirty);
    }
}

TEST_CASE("CandidateCache exact tests: marking in chunks and compacting agree") {
    std::mt19937 random(52);
    const Scene scene = random_scene(random);
    // With and without fetching boxes ahead (the engine's choice by the size of the boxes).
    for (const bool fetch_ahead : {false, true}) {
        for (const bool open : {false, true}) {
            for (const std::size_t fresh_from : {std::size_t{0}, scene.candidates.size() / 3}) {
                // The candidates that stay: those made this frame, and older ones of boxes that
                // did not escape.
                std::vector<BoxPair> staying;
                std::vector<BoxPair> pairs;
                for (std::size_t index = 0; index < scene.candidates.size(); ++index) {
                    const BoxPair pair = scene.candidates[index];
                    if (index < fresh_from &&
                        (scene.escaped[pair.first] || scene.escaped[pair.second]))
                        continue;
                    staying.push_back(pair);
                    if (overlap(scene, pair, open)) pairs.push_back(pair);
                }
                INFO("fetch ahead " << fetch_ahead << " open " << open << " fresh_from "
                                    << fresh_from);

                CandidateCache marking;
                marking.candidates = scene.candidates;
                marking.fresh_from = fresh_from;
                PairBuffer marked_pairs;
                std::size_t marked = 0;
                const std::size_t total = marking.candidates.size();
                for (std::size_t begin = 0; begin < total; begin += 97) {
                    marking.test_range(open, begin, std::min(total, begin + 97), floats(scene),
                                       scene.escaped.data(), fetch_ahead, marked_pairs, marked);
                }
                CHECK(sorted(marked_pairs) == sorted(pairs));
                CHECK(marked == scene.candidates.size() - staying.size());
                marking.dropped = marked;
                CHECK(marking.live() == staying.size());
                // A second test of the marked candidates (as on the next frame) skips the marks.
                marking.fresh_from = 0;
                PairBuffer again;
                CandidateCache compacting = marking;
                std::size_t none = 0;
                marking.test_range(open, 0, total, floats(scene), scene.escaped.data(), fetch_ahead,
                                   again, none);
                CHECK(none == 0);
                CHECK(sorted(again) == sorted(pairs));
                marking.compact();
                CHECK(sorted(marking.candidates) == sorted(staying));
                CHECK(marking.dropped == 0);

                // The one-thread pass over marked candidates removes the marks as it tests.
                PairBuffer unmarked_pairs;
                CandidateCache unmarking = compacting;
                unmarking.test_and_compact(open, floats(scene), scene.escaped.data(), fetch_ahead,
                                           unmarked_pairs);
                CHECK(sorted(unmarked_pairs) == sorted(pairs));
                CHECK(sorted(unmarking.candidates) == sorted(staying));
                CHECK(unmarking.dropped == 0);

                // The one-thread pass: the marks and the escaped boxes' candidates go at once.
                compacting.fresh_from = fresh_from;
                compacting.candidates = scene.candidates;
                compacting.dropped = 0;
                PairBuffer compacted_pairs;
                compacting.test_and_compact(open, floats(scene), scene.escaped.data(), fetch_ahead,
                                            compacted_pairs);
                CHECK(sorted(compacted_pairs) == sorted(pairs));
                CHECK(sorted(compacting.candidates) == sorted(staying));
                CHECK(compacting.dropped == 0);
            }
        }
    }
}

}  // namespace
}  // namespace aabb::banded
