// The banded engine's path per world step as the Broad phase tab says it: one sentence per
// reason in English and Chinese, and the history the strip draws, fed by the
// SimulationController once per world step.

#include <doctest/doctest.h>

#include <set>
#include <string>
#include <vector>

#include "core/broadphase/banded/banded_sort_and_sweep.hpp"
#include "core/lesson/display_names.hpp"
#include "ui/model/banded_frames.hpp"
#include "ui/model/simulation_controller.hpp"

namespace aabb::ui {

namespace {

BandedFrame frame_of(BandedPath path, BandedPathReason reason, std::size_t boxes,
                     std::size_t escaped = 0) {
    BandedFrame frame;
    frame.report.path = path;
    frame.report.reason = reason;
    frame.report.boxes = boxes;
    frame.report.escaped = escaped;
    frame.partial_fraction = 0.15f;
    return frame;
}

std::string en(const BandedFrame& frame) {
    return banded_frame_sentence(frame, Language::en);
}
std::string zh(const BandedFrame& frame) {
    return banded_frame_sentence(frame, Language::zh);
}

/// Every fat box the engine reports, by box id (StructureVisitor::fat_box).
class FatBoxCollector final : public StructureVisitor {
  public:
    void fat_box(const Box2& fat, BoxId id, bool) override {
        if (id >= fat_boxes.size()) fat_boxes.resize(id + 1, Box2::empty());
        fat_boxes[id] = fat;
    }
    std::vector<Box2> fat_boxes;
};

}  // namespace

TEST_CASE("the banded path sentences name the path, why, and the counts, in English") {
    CHECK(en(frame_of(BandedPath::partial, BandedPathReason::few_escaped, 10000, 212)) ==
          "partial: 212 of 10,000 boxes left their fat boxes");
    CHECK(en(frame_of(BandedPath::full, BandedPathReason::many_escaped, 10000, 1501)) ==
          "full sweep: at least 1,501 of 10,000 boxes left their fat boxes (more than 15%)");
    CHECK(en(frame_of(BandedPath::kept, BandedPathReason::all_inside, 10000)) ==
          "kept: every moved box stayed inside its fat box");
    CHECK(en(frame_of(BandedPath::cached, BandedPathReason::nothing_changed, 10000)) ==
          "cached: nothing moved");
    CHECK(en(frame_of(BandedPath::one_band, BandedPathReason::one_band, 4096)) ==
          "one band: the 4,096 boxes fit in one band (a corridor, a column), swept every world "
          "step");
    CHECK(en(frame_of(BandedPath::full, BandedPathReason::first_or_membership, 300)) ==
          "full sweep: the first search, or boxes were added or removed (300 boxes)");
    CHECK(en(frame_of(BandedPath::full, BandedPathReason::after_grid, 300)) ==
          "full sweep: the last world step searched in a grid, which left the bands stale");
    CHECK(en(frame_of(BandedPath::none, BandedPathReason::none, 0)) == "no search: no search yet");
    // More than twice partial_fraction changed since the bands were made: 30 %.
    BandedFrame since = frame_of(BandedPath::full, BandedPathReason::many_since_full, 10000);
    since.report.changed_since_full = 3100;
    CHECK(en(since) ==
          "full sweep: 3,100 of 10,000 boxes changed since the bands were made (more than 30%)");
    // A full search in a grid is its own path on the strip and in the sentence.
    BandedFrame grid = frame_of(BandedPath::full, BandedPathReason::many_escaped, 10000, 9000);
    grid.report.grid = true;
    CHECK(strip_kind(grid.report) == BandedStripKind::grid);
    CHECK(en(grid) ==
          "full search in a grid: at least 9,000 of 10,000 boxes left their fat boxes "
          "(more than 15%)");
}

TEST_CASE("a merge and a prepared sweep switching in are said after the path") {
    BandedFrame merged = frame_of(BandedPath::partial, BandedPathReason::few_escaped, 10000, 40);
    merged.report.merged = true;
    merged.report.changed_since_full = 1600;
    CHECK(en(merged) ==
          "partial: 40 of 10,000 boxes left their fat boxes; then merged the 1,600 "
          "changed boxes into the bands");
    CHECK(zh(merged) ==
          "部分查询：40 个盒子离开了胖包围盒（共 10,000 个）；随后把 1,600 "
          "个变化的盒子并入条带");
    BandedFrame prepared = frame_of(BandedPath::partial, BandedPathReason::few_escaped, 10000, 7);
    prepared.report.prepared_switch = true;
    CHECK(en(prepared) ==
          "partial: 7 of 10,000 boxes left their fat boxes; a full sweep prepared "
          "over the last world steps switched in");
}

TEST_CASE("every reason has its own sentence in Chinese, in Chinese words only") {
    CHECK(zh(frame_of(BandedPath::partial, BandedPathReason::few_escaped, 10000, 212)) ==
          "部分查询：212 个盒子离开了胖包围盒（共 10,000 个）");
    CHECK(zh(frame_of(BandedPath::cached, BandedPathReason::nothing_changed, 10)) ==
          "缓存：没有盒子移动");
    const std::vector<BandedFrame> frames{
        frame_of(BandedPath::none, BandedPathReason::none, 0),
        frame_of(BandedPath::full, BandedPathReason::first_or_membership, 10),
        frame_of(BandedPath::cached, BandedPathReason::nothing_changed, 10),
        frame_of(BandedPath::kept, BandedPathReason::all_inside, 10),
        frame_of(BandedPath::partial, BandedPathReason::few_escaped, 10, 1),
        frame_of(BandedPath::full, BandedPathReason::many_escaped, 10, 5),
        frame_of(BandedPath::full, BandedPathReason::many_since_full, 10),
        frame_of(BandedPath::full, BandedPathReason::after_grid, 10),
        frame_of(BandedPath::one_band, BandedPathReason::one_band, 10),
    };
    std::set<std::string> english;
    std::set<std::string> chinese;
    for (const BandedFrame& frame : frames) {
        CAPTURE(en(frame));
        CAPTURE(zh(frame));
        english.insert(en(frame));
        chinese.insert(zh(frame));
        CHECK(lesson::unlisted_words(zh(frame)).empty());
        CHECK(zh(frame).find("：") != std::string::npos);
    }
    CHECK(english.size() == frames.size());
    CHECK(chinese.size() == frames.size());
    // Every kind the strip shows has a legend word of its own, in both languages.
    std::set<std::string> names;
    for (const BandedStripKind kind : banded_strip_kinds) {
        names.insert(text(Language::en, strip_kind_name(kind)));
        names.insert(text(Language::zh, strip_kind_name(kind)));
    }
    CHECK(names.size() == 2 * banded_strip_kinds.size());
}

TEST_CASE("the history keeps one frame per world step of the banded engine, newest last") {
    SimulationController simulation(
        {.body_count = 400, .seed = 5, .broad_phase = "banded_sort_and_sweep"});
    const BandedFrameHistory& history = simulation.banded_frames();
    CHECK(history.frames().empty());
    const auto& engine = dynamic_cast<const BandedSortAndSweep&>(simulation.world().broad_phase());
    for (int step = 1; step <= 10; ++step) {
        simulation.advance_frame();
        REQUIRE(history.frames().size() == static_cast<std::size_t>(step));
        const BandedFrame& newest = history.frames().latest();
        CHECK(newest.world_step == simulation.world().frame());
        CHECK(newest.report.path == engine.last_frame().path);
        CHECK(newest.report.escaped == engine.last_frame().escaped);
        CHECK(newest.report.boxes == 400);
        CHECK(newest.find_pairs_ms ==
              static_cast<float>(simulation.world().last_timings().pairs_ms));
        CHECK(newest.partial_fraction == engine.options().partial_fraction);
    }
    CHECK(history.max_find_pairs_ms() >= history.frames().latest().find_pairs_ms);
    // Moving boxes after the first search: no step is cached, and not every step is full.
    std::size_t full = 0;
    for (std::size_t i = 1; i < history.frames().size(); ++i) {
        CHECK(strip_kind(history.frames().at(i).report) != BandedStripKind::cached);
        full += strip_kind(history.frames().at(i).report) == BandedStripKind::full ? 1 : 0;
    }
    CHECK(full < history.frames().size() - 1);

    // A step back forgets its frame; stepping again records the new one once.
    REQUIRE(simulation.step_back());
    CHECK(history.frames().size() == 9);
    CHECK(history.frames().latest().world_step == simulation.world().frame());
    simulation.request_single_step();
    simulation.advance_frame();
    CHECK(history.frames().size() == 10);
    CHECK(history.frames().latest().world_step == 10);

    // Another algorithm shows no strip: its steps clear it.
    simulation.select_broad_phase("sort_and_sweep");
    simulation.request_single_step();
    simulation.advance_frame();
    CHECK(history.frames().empty());
}

TEST_CASE("the history holds the last capacity steps, oldest first") {
    SimulationController simulation(
        {.body_count = 50, .seed = 2, .broad_phase = "banded_sort_and_sweep"});
    for (std::size_t step = 0; step < BandedFrameHistory::default_capacity + 15; ++step)
        simulation.advance_frame();
    const auto& frames = simulation.banded_frames().frames();
    CHECK(frames.size() == BandedFrameHistory::default_capacity);
    CHECK(frames.at(0).world_step == 16);
    for (std::size_t i = 1; i < frames.size(); ++i)
        CHECK(frames.at(i).world_step == frames.at(i - 1).world_step + 1);
}

TEST_CASE("the escaped count the sentence says is the boxes outside last step's fat boxes") {
    // Checked against the fat boxes the overlay draws: before a step, every fat box; after it,
    // a box left its fat box exactly when it is not inside it (brute force over every box).
    SimulationController simulation(
        {.body_count = 3000, .seed = 11, .broad_phase = "banded_sort_and_sweep"});
    simulation.advance_frame();
    const BroadPhase& broad_phase = simulation.world().broad_phase();
    int partial_steps = 0;
    for (int step = 0; step < 40; ++step) {
        FatBoxCollector before;
        broad_phase.visit(before);
        simulation.advance_frame();
        const BandedFrame& frame = simulation.banded_frames().frames().latest();
        // A prepared sweep switching in counts escapes from its new fat boxes; a grid or one
        // band before the step reported none.
        if (frame.report.path != BandedPath::partial && frame.report.path != BandedPath::kept)
            continue;
        if (frame.report.prepared_switch || before.fat_boxes.empty()) continue;
        std::size_t outside = 0;
        for (BoxId id = 0; id < before.fat_boxes.size(); ++id) {
            if (!broad_phase.contains(id)) continue;
            const Box2& box = broad_phase.box(id);
            const Box2& fat = before.fat_boxes[id];
            const bool inside = fat.min.x <= box.min.x && fat.min.y <= box.min.y &&
                                box.max.x <= fat.max.x && box.max.y <= fat.max.y;
            outside += inside ? 0 : 1;
        }
        CAPTURE(step);
        CHECK(frame.report.escaped == outside);
        if (frame.report.path == BandedPath::partial) CHECK(outside > 0);
        if (frame.report.path == BandedPath::kept) CHECK(outside == 0);
        ++partial_steps;
    }
    // The scene must exercise the paths the check is about.
    CHECK(partial_steps > 10);
}

}  // namespace aabb::ui
