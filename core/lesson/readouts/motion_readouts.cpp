// Readouts of moving boxes (curriculum §5): the swept test's per-axis times, entry and exit;
// sampling a step N times (tunneling); and the union of the start and end boxes as a region
// (L08, L09, L10).

#include <algorithm>
#include <cmath>
#include <limits>

#include "core/geometry/overlap.hpp"
#include "core/geometry/swept_box.hpp"
#include "core/lesson/readouts/readout_families.hpp"

namespace aabb::lesson {

namespace {

constexpr double max_samples = 10000.0;

constexpr ArgSpec sweep_args[] = {
    {"a", ArgType::box, true, 0.0, {}, "the moving box A at the start of the step"},
    {"b", ArgType::box, true, 0.0, {}, "box B at the start of the step"},
    {"da", ArgType::vector, true, 0.0, {}, "ΔA: A's displacement over the step"},
    {"db", ArgType::vector, false, 0.0, {}, "ΔB: B's displacement over the step (default 0)"},
    {"tau",
     ArgType::number,
     false,
     0.0,
     {},
     "τ: a moment of the step, clamped to [0, 1], for the tau_ outputs (an animated τ)"},
};

const char* state_name(SweepState state) {
    switch (state) {
        case SweepState::hit:
            return "hit";
        case SweepState::already_overlapping:
            return "already_overlapping";
        case SweepState::separated:
            break;
    }
    return "separated";
}

// When the boxes overlap on every axis at once, unclamped: the latest per-axis entry and the
// earliest per-axis exit of the sweep (±∞ when an axis without motion decides).
struct OverlapWindow {
    float enter = -std::numeric_limits<float>::infinity();
    float exit = std::numeric_limits<float>::infinity();
};

OverlapWindow window_of(const SweepResult<2>& result) {
    OverlapWindow window;
    for (int axis = 0; axis < 2; ++axis) {
        window.enter = std::max(window.enter, result.entry_times[axis]);
        window.exit = std::min(window.exit, result.exit_times[axis]);
    }
    return window;
}

// swept ---------------------------------------------------------------------------------------

constexpr OutputSpec sweep_outputs[] = {
    {"enter", ValueType::number, "max(0, latest entry): when contact starts (null = +∞: never)"},
    {"exit", ValueType::number, "min(1, earliest exit): when it ends (null = −∞: never)"},
    {"hit", ValueType::boolean, "the boxes first touch during the step (state hit)"},
    {"state", ValueType::text, "\"separated\", \"hit\" or \"already_overlapping\""},
    {"toi", ValueType::number, "the time of impact (1 when separated, 0 when overlapping)"},
    {"contact_length", ValueType::number,
     "exit − enter for a hit: 0 when A only grazes B (an edge or corner); null otherwise"},
    {"d_x", ValueType::number, "relative displacement d = ΔA − ΔB, x"},
    {"d_y", ValueType::number, "d, y"},
    {"t1_x", ValueType::number, "(B.min − A.max) / d on x (null when d.x = 0)"},
    {"t2_x", ValueType::number, "(B.max − A.min) / d on x (null when d.x = 0)"},
    {"t1_y", ValueType::number, "(B.min − A.max) / d on y (null when d.y = 0)"},
    {"t2_y", ValueType::number, "(B.max − A.min) / d on y (null when d.y = 0)"},
    {"entry_x", ValueType::number,
     "min(t1, t2) on x; −∞ (null) for no motion with overlap, +∞ "
     "for no motion while separated"},
    {"exit_x", ValueType::number, "max(t1, t2) on x; +∞ / −∞ likewise"},
    {"entry_y", ValueType::number, "min(t1, t2) on y"},
    {"exit_y", ValueType::number, "max(t1, t2) on y"},
    {"normal_x", ValueType::number, "the face normal of B that A meets (hit only), x"},
    {"normal_y", ValueType::number, "the normal, y"},
    {"tau_overlaps", ValueType::boolean,
     "A + τ·ΔA and B + τ·ΔB overlap (closed): the boxes at the moment τ"},
    {"tau_overlap_x", ValueType::boolean, "their x intervals overlap at τ (τ in the x window)"},
    {"tau_overlap_y", ValueType::boolean, "their y intervals overlap at τ (τ in the y window)"},
    {"tau_a_min_x", ValueType::number, "A's min.x at τ"},
    {"tau_a_min_y", ValueType::number, "A's min.y at τ"},
};

// The boxes at the moment τ of the step: where an animation of τ draws them.
void at_moment(const ReadoutInputs& in, ReadoutOutputs& out, const Box2& a, const Box2& b,
               glm::vec2 da, glm::vec2 db) {
    const auto tau = static_cast<float>(std::clamp(in.number("tau"), 0.0, 1.0));
    const Box2 moved_a = translated(a, tau * da);
    const Box2 moved_b = translated(b, tau * db);
    bool axis_overlap[2];
    for (int axis = 0; axis < 2; ++axis)
        axis_overlap[axis] =
            moved_a.min[axis] <= moved_b.max[axis] && moved_b.min[axis] <= moved_a.max[axis];
    out.set_bool("tau_overlaps", axis_overlap[0] && axis_overlap[1]);
    out.set_bool("tau_overlap_x", axis_overlap[0]);
    out.set_bool("tau_overlap_y", axis_overlap[1]);
    out.set("tau_a_min_x", moved_a.min.x);
    out.set("tau_a_min_y", moved_a.min.y);
}

void swept(const ReadoutInputs& in, ReadoutOutputs& out) {
    const Box2 a = in.box("a");
    const Box2 b = in.box("b");
    const glm::vec2 da = in.point("da");
    const glm::vec2 db = in.point("db");
    const SweepResult<2> result = sweep(a, da, b, db);
    const glm::vec2 d = da - db;
    const char* axis_names[2][4] = {{"t1_x", "t2_x", "entry_x", "exit_x"},
                                    {"t1_y", "t2_y", "entry_y", "exit_y"}};
    for (int axis = 0; axis < 2; ++axis) {
        if (d[axis] != 0.0f) {
            out.set(axis_names[axis][0], (b.min[axis] - a.max[axis]) / d[axis]);
            out.set(axis_names[axis][1], (b.max[axis] - a.min[axis]) / d[axis]);
        }
        out.set(axis_names[axis][2], result.entry_times[axis]);
        out.set(axis_names[axis][3], result.exit_times[axis]);
    }
    const OverlapWindow window = window_of(result);
    out.set("enter", std::max(0.0f, window.enter));
    out.set("exit", std::min(1.0f, window.exit));
    out.set_bool("hit", result.state == SweepState::hit);
    if (result.state == SweepState::hit)
        out.set("contact_length", result.time_of_exit - result.time_of_impact);
    out.set_text("state", state_name(result.state));
    out.set("toi", result.time_of_impact);
    out.set("d_x", d.x);
    out.set("d_y", d.y);
    out.set("normal_x", result.normal.x);
    out.set("normal_y", result.normal.y);
    at_moment(in, out, a, b, da, db);
}

// sampled_sweep -------------------------------------------------------------------------------

constexpr ArgSpec sampled_args[] = {
    {"a", ArgType::box, true, 0.0, {}, "the moving box A at the start of the step"},
    {"b", ArgType::box, true, 0.0, {}, "box B at the start of the step"},
    {"da", ArgType::vector, true, 0.0, {}, "ΔA over the step"},
    {"db", ArgType::vector, false, 0.0, {}, "ΔB over the step (default 0)"},
    {"samples", ArgType::number, false, 1.0, {}, "N: the step is tested at τ = k/N, k = 1..N"},
};
constexpr OutputSpec sampled_outputs[] = {
    {"caught", ValueType::boolean, "some sample τ = k/N overlaps (closed)"},
    {"caught_at", ValueType::number, "the first such τ (null: none)"},
    {"window_enter", ValueType::number, "when the boxes start to overlap (unclamped latest entry)"},
    {"window_exit", ValueType::number, "when they stop (unclamped earliest exit)"},
    {"window_length", ValueType::number, "window_exit − window_enter"},
    {"start_overlaps", ValueType::boolean, "they overlap at τ = 0"},
    {"end_overlaps", ValueType::boolean, "they overlap at τ = 1 (what one discrete test sees)"},
    {"passes_unseen", ValueType::boolean,
     "the window meets the step [0, 1] but no sample and not the start is in it: tunneling"},
    {"samples", ValueType::number, "N as used (a whole number, 1..10000)"},
};
void sampled_sweep(const ReadoutInputs& in, ReadoutOutputs& out) {
    const Box2 a = in.box("a");
    const Box2 b = in.box("b");
    const glm::vec2 da = in.point("da");
    const glm::vec2 db = in.point("db");
    const double samples = std::floor(std::clamp(in.number("samples"), 1.0, max_samples));
    out.set("samples", samples);
    const SweepResult<2> result = sweep(a, da, b, db);
    const OverlapWindow window = window_of(result);
    out.set("window_enter", window.enter);
    out.set("window_exit", window.exit);
    out.set("window_length", double{window.exit} - double{window.enter});
    // A sample moves each box by τ·Δ from its start, the way a sub-stepped world would place it.
    const auto at = [&](double tau) {
        const auto t = static_cast<float>(tau);
        return overlaps_closed(translated(a, da * t), translated(b, db * t));
    };
    bool caught = false;
    for (double k = 1; k <= samples && !caught; ++k) {
        if (at(k / samples)) {
            caught = true;
            out.set("caught_at", k / samples);
        }
    }
    out.set_bool("caught", caught);
    const bool start = overlaps_closed(a, b);
    out.set_bool("start_overlaps", start);
    out.set_bool("end_overlaps", at(1.0));
    const bool crosses = window.enter <= window.exit && window.enter <= 1.0f && window.exit >= 0.0f;
    out.set_bool("passes_unseen", crosses && !caught && !start);
}

// swept_region --------------------------------------------------------------------------------

constexpr ArgSpec region_args[] = {
    {"box", ArgType::box, true, 0.0, {}, "the box at the start of the step"},
    {"displacement", ArgType::vector, true, 0.0, {}, "its displacement over the step"},
    {"obstacle", ArgType::box, true, 0.0, {}, "a still box"},
};
constexpr OutputSpec region_outputs[] = {
    {"contains_obstacle", ValueType::boolean, "the union (start ∪ end) contains the obstacle"},
    {"overlaps_obstacle", ValueType::boolean, "the union overlaps the obstacle (a candidate)"},
    {"min_x", ValueType::number, "the union's min.x"},
    {"min_y", ValueType::number, "min.y"},
    {"max_x", ValueType::number, "max.x"},
    {"max_y", ValueType::number, "max.y"},
    {"width", ValueType::number, "the union's width"},
    {"height", ValueType::number, "its height"},
};
void swept_region(const ReadoutInputs& in, ReadoutOutputs& out) {
    const Box2 region = swept_box(in.box("box"), in.point("displacement"));
    const Box2 obstacle = in.box("obstacle");
    out.set_bool("contains_obstacle", contains(region, obstacle));
    out.set_bool("overlaps_obstacle", overlaps_closed(region, obstacle));
    out.set("min_x", region.min.x);
    out.set("min_y", region.min.y);
    out.set("max_x", region.max.x);
    out.set("max_y", region.max.y);
    out.set("width", region.size().x);
    out.set("height", region.size().y);
}

constexpr ReadoutKind kinds[] = {
    {"swept", "the swept test of two moving boxes over one step (L09, core sweep())", false,
     sweep_args, sweep_outputs, swept},
    {"sampled_sweep", "testing a step only at τ = k/N: does a fast box get caught? (L08)", false,
     sampled_args, sampled_outputs, sampled_sweep},
    {"swept_region", "the union of a box's start and end: a region to look in, not a time (L10)",
     false, region_args, region_outputs, swept_region},
};

}  // namespace

std::span<const ReadoutKind> motion_readout_kinds() {
    return kinds;
}

}  // namespace aabb::lesson
