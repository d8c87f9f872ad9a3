// The banded engine's report of its last frame (frame_report.hpp): the path, the reason the
// dispatcher names and the counts behind it, and the bands and fat boxes its visit() reports
// for the window. Each frame's expected path is worked out from the rules in the header.

#include <doctest/doctest.h>

#include <algorithm>
#include <cmath>
#include <vector>

#include "core/broadphase/banded/banded_sort_and_sweep.hpp"

namespace aabb {
namespace {

// Records what visit() reports of the bands and the fat boxes.
struct BandRecorder final : StructureVisitor {
    std::vector<float> lows;
    std::vector<float> highs;
    int band_boxes = 0;
    std::vector<Box2> fat;
    std::vector<BoxId> fat_ids;
    std::vector<BoxId> escaped;
    void band(int, float low, float high, int boxes) override {
        lows.push_back(low);
        highs.push_back(high);
        band_boxes += boxes;
    }
    void fat_box(const Box2& box, BoxId id, bool left) override {
        fat.push_back(box);
        fat_ids.push_back(id);
        if (left) escaped.push_back(id);
    }
};

// A 20 × 20 lattice of unit boxes 3 apart, shifted by `dx` along x.
std::vector<Box2> lattice(float dx) {
    std::vector<Box2> boxes;
    for (int row = 0; row < 20; ++row)
        for (int column = 0; column < 20; ++column) {
            const glm::vec2 low{3.0f * float(column) + dx, 3.0f * float(row)};
            boxes.push_back(Box2{low, low + glm::vec2{1.0f, 1.0f}});
        }
    return boxes;
}

TEST_CASE("the frame report names each path and why, with the counts behind it") {
    BandedSortAndSweepOptions options;
    options.threads = 1;
    options.prepared_frames = 0;  // a prepared sweep would make this small test's path later
    BandedSortAndSweep engine(TouchingPolicy::closed(), options);
    std::vector<BoxPair> pairs;
    CHECK(engine.last_frame().path == BandedPath::none);

    engine.set_all(lattice(0.0f));
    engine.find_pairs(pairs);
    CHECK(engine.last_frame().path == BandedPath::full);
    CHECK(engine.last_frame().reason == BandedPathReason::first_or_membership);
    CHECK(engine.last_frame().boxes == 400);
    CHECK(engine.last_frame().bands > 1);

    engine.find_pairs(pairs);
    CHECK(engine.last_frame().path == BandedPath::cached);
    CHECK(engine.last_frame().reason == BandedPathReason::nothing_changed);

    // Every box moves, and none had a margin (none moved before): all leave their boxes.
    engine.set_all(lattice(0.1f));
    engine.find_pairs(pairs);
    CHECK(engine.last_frame().path == BandedPath::full);
    CHECK(engine.last_frame().reason == BandedPathReason::many_escaped);

    // The same motion again stays inside the margins that motion earned.
    engine.set_all(lattice(0.2f));
    engine.find_pairs(pairs);
    CHECK(engine.last_frame().path == BandedPath::kept);
    CHECK(engine.last_frame().reason == BandedPathReason::all_inside);
    CHECK(engine.last_frame().escaped == 0);

    // Three boxes jump 5 units: only they are queried.
    std::vector<Box2> boxes = lattice(0.3f);
    for (const BoxId id : {7u, 150u, 399u}) {
        boxes[id].min.y += 5.0f;
        boxes[id].max.y += 5.0f;
    }
    engine.set_all(boxes);
    engine.find_pairs(pairs);
    const BandedFrameReport& report = engine.last_frame();
    CHECK(report.path == BandedPath::partial);
    CHECK(report.reason == BandedPathReason::few_escaped);
    CHECK(report.escaped == 3);
    CHECK(report.changed_since_full == 3);
    CHECK(report.boxes == 400);

    BandRecorder recorder;
    engine.visit(recorder);
    REQUIRE(recorder.lows.size() == static_cast<std::size_t>(report.bands));
    CHECK(std::isinf(recorder.lows.front()));
    CHECK(std::isinf(recorder.highs.back()));
    for (std::size_t band = 1; band < recorder.lows.size(); ++band)
        CHECK(recorder.lows[band] == recorder.highs[band - 1]);
    CHECK(recorder.band_boxes >= 400);  // a box crossing two bands is in both
    CHECK(recorder.fat.size() == 400);
    std::sort(recorder.escaped.begin(), recorder.escaped.end());
    CHECK(recorder.escaped == std::vector<BoxId>{7u, 150u, 399u});
    // Every fat box holds its box.
    for (std::size_t i = 0; i < recorder.fat.size(); ++i) {
        const Box2& fat = recorder.fat[i];
        const Box2& box = boxes[recorder.fat_ids[i]];
        CHECK((fat.min.x <= box.min.x && fat.min.y <= box.min.y && fat.max.x >= box.max.x &&
               fat.max.y >= box.max.y));
    }
}

}  // namespace
}  // namespace aabb
