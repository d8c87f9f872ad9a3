// Readouts of a box as a product of intervals (curriculum §2): per-axis overlap lengths, the
// verdict of each touching policy, the center/extents form, the push-out distance, and what
// float storage does to a small gap far from the origin (L02, L03).

#include <algorithm>
#include <cmath>
#include <limits>

#include "core/geometry/overlap.hpp"
#include "core/lesson/readouts/readout_families.hpp"

namespace aabb::lesson {

namespace {

constexpr std::string_view axis_options[] = {"x", "y"};
constexpr std::string_view policy_options[] = {"closed", "open", "tolerance"};

void set_verdicts(const Box2& a, const Box2& b, double tolerance, ReadoutOutputs& out,
                  std::string_view chosen) {
    const bool closed = overlaps(a, b, TouchingPolicy::closed());
    const bool open = overlaps(a, b, TouchingPolicy::open());
    const bool padded = overlaps(a, b, TouchingPolicy::tolerance(static_cast<float>(tolerance)));
    out.set_bool("closed", closed);
    out.set_bool("open", open);
    out.set_bool("tolerance", padded);
    if (!chosen.empty())
        out.set_bool("value", chosen == "closed" ? closed : chosen == "open" ? open : padded);
}

// overlap_length ------------------------------------------------------------------------------

constexpr ArgSpec two_boxes_axis[] = {
    {"a", ArgType::box, true, 0.0, {}, "the first box"},
    {"b", ArgType::box, true, 0.0, {}, "the second box"},
    {"axis", ArgType::option, false, 0.0, axis_options, "which axis"},
};
constexpr OutputSpec overlap_length_outputs[] = {
    {"value", ValueType::number,
     "min(a.max, b.max) − max(a.min, b.min) on the axis: > 0 overlap length, 0 touching, < 0 "
     "minus the gap"},
    {"x", ValueType::number, "the same on x"},
    {"y", ValueType::number, "the same on y"},
};
void overlap_length(const ReadoutInputs& in, ReadoutOutputs& out) {
    const glm::vec2 lengths = overlap_lengths(in.box("a"), in.box("b"));
    out.set("value", lengths[axis_index(in.option("axis"))]);
    out.set("x", lengths.x);
    out.set("y", lengths.y);
}

// overlap_verdict -----------------------------------------------------------------------------

constexpr ArgSpec verdict_args[] = {
    {"a", ArgType::box, true, 0.0, {}, "the first box"},
    {"b", ArgType::box, true, 0.0, {}, "the second box"},
    {"policy", ArgType::option, false, 0.0, policy_options, "the touching policy of `value`"},
    {"tolerance",
     ArgType::number,
     false,
     1e-6,
     {},
     "relative tolerance of the tolerance policy (each box padded by it × max(1, |coordinate|))"},
};
constexpr OutputSpec verdict_outputs[] = {
    {"value", ValueType::boolean, "overlap under `policy`"},
    {"closed", ValueType::boolean, "closed: touching counts"},
    {"open", ValueType::boolean, "open: only a positive overlap on both axes counts"},
    {"tolerance", ValueType::boolean, "tolerance: closed after padding both boxes"},
};
void overlap_verdict(const ReadoutInputs& in, ReadoutOutputs& out) {
    set_verdicts(in.box("a"), in.box("b"), in.number("tolerance"), out, in.option("policy"));
}

// center_extents ------------------------------------------------------------------------------

constexpr ArgSpec one_box[] = {{"box", ArgType::box, true, 0.0, {}, "the box"}};
constexpr OutputSpec center_extents_outputs[] = {
    {"center_x", ValueType::number, "(min.x + max.x) / 2"},
    {"center_y", ValueType::number, "(min.y + max.y) / 2"},
    {"extent_x", ValueType::number, "(max.x − min.x) / 2"},
    {"extent_y", ValueType::number, "(max.y − min.y) / 2"},
};
void center_extents(const ReadoutInputs& in, ReadoutOutputs& out) {
    const Box2 box = in.box("box");
    out.set("center_x", box.center().x);
    out.set("center_y", box.center().y);
    out.set("extent_x", box.extents().x);
    out.set("extent_y", box.extents().y);
}

// center_form ---------------------------------------------------------------------------------

constexpr OutputSpec center_form_outputs[] = {
    {"distance", ValueType::number, "|cA − cB| on the axis"},
    {"reach", ValueType::number, "eA + eB on the axis"},
    {"gap", ValueType::number, "distance − reach (= −overlap length)"},
    {"axis_overlap", ValueType::boolean, "distance <= reach on the axis"},
    {"overlap", ValueType::boolean, "|cA − cB| <= eA + eB on both axes (closed)"},
};
void center_form(const ReadoutInputs& in, ReadoutOutputs& out) {
    const Box2 a = in.box("a");
    const Box2 b = in.box("b");
    const int axis = axis_index(in.option("axis"));
    const float distance = std::abs(a.center()[axis] - b.center()[axis]);
    const float reach = a.extents()[axis] + b.extents()[axis];
    out.set("distance", distance);
    out.set("reach", reach);
    out.set("gap", distance - reach);
    out.set_bool("axis_overlap", distance <= reach);
    out.set_bool("overlap",
                 overlaps_center_extents(a.center(), a.extents(), b.center(), b.extents()));
}

// push_out ------------------------------------------------------------------------------------

constexpr ArgSpec two_boxes[] = {
    {"a", ArgType::box, true, 0.0, {}, "the first box"},
    {"b", ArgType::box, true, 0.0, {}, "the second box"},
};
constexpr OutputSpec push_out_outputs[] = {
    {"value", ValueType::number,
     "the shortest move of b out of a (the smaller of x and y); null when they do not overlap"},
    {"x", ValueType::number, "min(a.max.x − b.min.x, b.max.x − a.min.x): b out of a along x"},
    {"y", ValueType::number, "the same along y"},
    {"axis", ValueType::text, "\"x\" or \"y\": the axis of the shortest move"},
    {"move_x", ValueType::number,
     "the shortest move as a vector, x: b moved by it just touches a from outside (a tie goes "
     "right or up)"},
    {"move_y", ValueType::number, "the move, y"},
};
void push_out(const ReadoutInputs& in, ReadoutOutputs& out) {
    const Box2 a = in.box("a");
    const Box2 b = in.box("b");
    if (!overlaps_closed(a, b)) return;  // every output null: nothing to push out of
    const float x = std::min(a.max.x - b.min.x, b.max.x - a.min.x);
    const float y = std::min(a.max.y - b.min.y, b.max.y - a.min.y);
    out.set("x", x);
    out.set("y", y);
    out.set("value", std::min(x, y));
    out.set_text("axis", y < x ? "y" : "x");
    // Out through the nearer face: +axis when b reaches a's max side no later than its min side.
    const int axis = y < x ? 1 : 0;
    const float forward = a.max[axis] - b.min[axis];
    const float backward = b.max[axis] - a.min[axis];
    glm::vec2 move(0.0f);
    move[axis] = forward <= backward ? forward : -backward;
    out.set("move_x", move.x);
    out.set("move_y", move.y);
}

// float_gap -----------------------------------------------------------------------------------

constexpr ArgSpec float_gap_args[] = {
    {"a", ArgType::box, true, 0.0, {}, "box A (left), as written"},
    {"b", ArgType::box, true, 0.0, {}, "box B (right): the gap is b.min.x − a.max.x"},
    {"offset", ArgType::number, false, 0.0, {}, "X: added to every x coordinate before storing"},
    {"tolerance", ArgType::number, false, 1e-6, {}, "relative tolerance of the tolerance policy"},
};
constexpr OutputSpec float_gap_outputs[] = {
    {"stored_gap", ValueType::number,
     "f32(X + B.min.x) − f32(X + A.max.x): the gap floats can hold at the offset"},
    {"gap", ValueType::number, "B.min.x − A.max.x as written (no offset)"},
    {"a_max_stored", ValueType::number, "f32(X + A.max.x)"},
    {"b_min_stored", ValueType::number, "f32(X + B.min.x)"},
    {"ulp", ValueType::number, "the float spacing at A's right edge after the offset"},
    {"closed", ValueType::boolean,
     "closed verdict of A and B, both moved by X and stored in float"},
    {"open", ValueType::boolean, "open verdict"},
    {"tolerance", ValueType::boolean, "tolerance verdict (pad below)"},
    {"pad", ValueType::number, "the tolerance policy's pad of A: tolerance × max(1, |coordinate|)"},
    {"fixed_epsilon_below_ulp", ValueType::boolean,
     "a fixed 1e-6 is smaller than one ulp here, so it cannot tell touching from a gap"},
    {"dx", ValueType::number, "the overlap length on x as written: min(maxes) − max(mins)"},
    {"stored_dx", ValueType::number,
     "the same of the stored boxes at the offset: what every test there computes"},
};
void float_gap(const ReadoutInputs& in, ReadoutOutputs& out) {
    // Each moved coordinate is rounded to float once, as a scene file's number is (curriculum
    // §2); X + x is exact in double for the lesson's magnitudes.
    const double offset = in.number("offset");
    const auto moved = [offset](const Box2& box) {
        return Box2{{static_cast<float>(offset + box.min.x), box.min.y},
                    {static_cast<float>(offset + box.max.x), box.max.y}};
    };
    const Box2 written_a = in.box("a");
    const Box2 written_b = in.box("b");
    const Box2 a = moved(written_a);
    const Box2 b = moved(written_b);
    out.set("gap", double{written_b.min.x} - double{written_a.max.x});
    out.set("stored_gap", double{b.min.x} - double{a.max.x});
    out.set("a_max_stored", a.max.x);
    out.set("b_min_stored", b.min.x);
    const float edge = std::abs(a.max.x);
    const double ulp = double{std::nextafter(edge, std::numeric_limits<float>::infinity())} - edge;
    out.set("ulp", ulp);
    const double tolerance = in.number("tolerance");
    set_verdicts(a, b, tolerance, out, "");
    out.set("pad", tolerance_padding(a, TouchingPolicy::tolerance(static_cast<float>(tolerance))));
    out.set_bool("fixed_epsilon_below_ulp", 1e-6 < ulp);
    const auto overlap_x = [](const Box2& first, const Box2& second) {
        return std::min(double{first.max.x}, double{second.max.x}) -
               std::max(double{first.min.x}, double{second.min.x});
    };
    out.set("dx", overlap_x(written_a, written_b));
    out.set("stored_dx", overlap_x(a, b));
}

// float_ulp -----------------------------------------------------------------------------------

constexpr ArgSpec float_ulp_args[] = {
    {"x", ArgType::number, true, 0.0, {}, "the number"},
};
constexpr OutputSpec float_ulp_outputs[] = {
    {"ulp", ValueType::number, "the distance from f32(|x|) to the next float up"},
    {"stored", ValueType::number, "f32(x): the float nearest x"},
    {"error", ValueType::number, "f32(x) − x"},
};
void float_ulp(const ReadoutInputs& in, ReadoutOutputs& out) {
    const double x = in.number("x");
    const auto stored = static_cast<float>(x);
    const float magnitude = std::abs(stored);
    out.set("ulp",
            double{std::nextafter(magnitude, std::numeric_limits<float>::infinity())} - magnitude);
    out.set("stored", stored);
    out.set("error", double{stored} - x);
}

constexpr ReadoutKind kinds[] = {
    {"overlap_length", "signed overlap length of two boxes per axis (L02)", false, two_boxes_axis,
     overlap_length_outputs, overlap_length},
    {"overlap_verdict", "whether two boxes overlap under each touching policy (L02, L03)", false,
     verdict_args, verdict_outputs, overlap_verdict},
    {"center_extents", "a box's center and half-sizes (L02)", false, one_box,
     center_extents_outputs, center_extents},
    {"center_form", "the overlap test in center/extents form on one axis (L02)", false,
     two_boxes_axis, center_form_outputs, center_form},
    {"push_out", "how far b must move to leave a: not the overlap length (L02)", false, two_boxes,
     push_out_outputs, push_out},
    {"float_gap", "a small gap stored in float at a large offset (L03)", false, float_gap_args,
     float_gap_outputs, float_gap},
    {"float_ulp", "the float spacing at a number (L03)", false, float_ulp_args, float_ulp_outputs,
     float_ulp},
};

}  // namespace

std::span<const ReadoutKind> interval_readout_kinds() {
    return kinds;
}

}  // namespace aabb::lesson
