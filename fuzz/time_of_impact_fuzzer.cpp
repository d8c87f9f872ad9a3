// Continuous detection's promise (core/narrowphase/time_of_impact.hpp), on pairs the bytes draw:
// boxes, regular polygons and circles of sizes from 0.01 to 100, at coordinates up to 1e6,
// moving up to 1,000 units and turning up to 4 turns in the step. Against 257 even samples of
// the exact signed distance (shape_distance, in double):
// - hit: within the slop of touching at τ, and no sample before τ overlaps (the advancement
//   never steps over a contact);
// - separated: no sample overlaps (a contact in the step is never missed);
// - overlapping: they overlap at the start; touching: within the slop at the start.
// "Overlaps" allows the slop itself, which states what the method resolves.

#include <fuzzer/FuzzedDataProvider.h>

#include <algorithm>
#include <array>
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <numbers>

#include <glm/glm.hpp>

#include "core/narrowphase/shape_distance.hpp"
#include "core/narrowphase/time_of_impact.hpp"
#include "fuzz_input.hpp"

namespace {

using aabb::ShapeSweep;

// A shape's core points and radius, kept alive beside the sweep that views them.
struct DrawnShape {
    std::array<glm::vec2, 8> points{};
    ShapeSweep sweep;
};

// Log-uniform in [low, high]: small values drawn as often as large ones.
float log_uniform(FuzzedDataProvider& input, float low, float high) {
    const float unit = input.ConsumeProbability<float>();
    return low * std::pow(high / low, unit);
}

float signed_value(FuzzedDataProvider& input, float low, float high) {
    const float magnitude = input.ConsumeBool() ? 0.0f : log_uniform(input, low, high);
    return input.ConsumeBool() ? -magnitude : magnitude;
}

void draw_shape(FuzzedDataProvider& input, DrawnShape& shape, glm::vec2 origin) {
    const float size = log_uniform(input, 0.01f, 100.0f);
    ShapeSweep& sweep = shape.sweep;
    switch (input.ConsumeIntegralInRange(0, 2)) {
        case 0: {  // a box of aspect up to 1:100
            const float height = size * log_uniform(input, 0.01f, 1.0f);
            shape.points = {
                glm::vec2{-size, -height}, {size, -height}, {size, height}, {-size, height}};
            sweep.local_points = {shape.points.data(), 4};
            break;
        }
        case 1: {  // a regular polygon of 3 to 8 vertices, counter-clockwise
            const int count = input.ConsumeIntegralInRange(3, 8);
            for (int k = 0; k < count; ++k) {
                const float angle = 2.0f * std::numbers::pi_v<float> * float(k) / float(count);
                shape.points[std::size_t(k)] = size * glm::vec2{std::cos(angle), std::sin(angle)};
            }
            sweep.local_points = {shape.points.data(), std::size_t(count)};
            break;
        }
        default:
            sweep.radius = size;
            break;
    }
    sweep.start_position =
        origin + glm::vec2{signed_value(input, 0.01f, 200.0f), signed_value(input, 0.01f, 200.0f)};
    sweep.end_position = sweep.start_position + glm::vec2{signed_value(input, 0.01f, 1000.0f),
                                                          signed_value(input, 0.01f, 1000.0f)};
    sweep.start_angle = signed_value(input, 0.01f, 4.0f);
    sweep.end_angle = sweep.start_angle + signed_value(input, 0.001f, 25.0f);
}

double separation_at(const ShapeSweep& a, const ShapeSweep& b, double time) {
    return aabb::shape_distance(aabb::shape_at(a, time), aabb::shape_at(b, time)).separation;
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    FuzzedDataProvider input(data, size);
    // Both shapes near one origin, far from zero or not: the slop grows with the magnitude.
    const float far = input.ConsumeBool() ? signed_value(input, 1.0f, 1e6f) : 0.0f;
    const glm::vec2 origin{far, input.ConsumeBool() ? far : 0.0f};
    DrawnShape a;
    DrawnShape b;
    draw_shape(input, a, origin);
    draw_shape(input, b, origin);
    const float slop = aabb::time_of_impact_slop(a.sweep, b.sweep);
    aabb::fuzz::require(slop > 0.0f && std::isfinite(slop), "the slop is positive and finite");
    const aabb::TimeOfImpact impact = aabb::time_of_impact(a.sweep, b.sweep, 0.0f, 1.0f, slop);
    aabb::fuzz::require(impact.time >= 0.0f && impact.time <= 1.0f, "τ lies in the step");
    using aabb::ImpactState;
    const double start = separation_at(a.sweep, b.sweep, 0.0);
    switch (impact.state) {
        case ImpactState::overlapping:
            aabb::fuzz::require(start < 0.0, "overlapping: they overlap at the start");
            return 0;
        case ImpactState::touching:
            aabb::fuzz::require(start <= 1.01 * double(slop), "touching: within the slop");
            return 0;
        case ImpactState::unresolved:
            return 0;  // documented: no contact before `time` is all it says
        case ImpactState::hit:
            aabb::fuzz::require(separation_at(a.sweep, b.sweep, impact.time) <= 1.01 * slop,
                                "hit: within the slop of touching at τ");
            break;
        case ImpactState::separated:
            break;
    }
    // Nothing overlaps before τ (before the end of the step when separated).
    constexpr int samples = 256;
    for (int k = 0; k < samples; ++k) {
        const double time = double(impact.time) * double(k) / double(samples);
        aabb::fuzz::require(separation_at(a.sweep, b.sweep, time) > -double(slop),
                            "no overlap before τ: the advancement stepped over a contact");
    }
    return 0;
}
