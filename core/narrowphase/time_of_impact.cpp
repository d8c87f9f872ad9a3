#include "core/narrowphase/time_of_impact.hpp"

#include <algorithm>
#include <cmath>
#include <limits>

namespace aabb {

namespace {

// Per unit of τ: the center's displacement and the rotation, and the farthest core point
// from the rotation center (0 for a circle: rotation leaves it as it is).
struct Motion {
    glm::dvec2 displacement{0.0};
    double rotation = 0.0;
    double reach = 0.0;
};

Motion motion_of(const ShapeSweep& sweep) {
    Motion motion;
    motion.displacement = glm::dvec2(sweep.end_position) - glm::dvec2(sweep.start_position);
    motion.rotation = double(sweep.end_angle) - double(sweep.start_angle);
    for (const glm::vec2& point : sweep.local_points)
        motion.reach = std::max(motion.reach, std::hypot(double(point.x), double(point.y)));
    return motion;
}

double thickness(const ShapeSweep& sweep) {
    if (sweep.local_points.empty()) return sweep.radius;
    glm::vec2 low(std::numeric_limits<float>::infinity());
    glm::vec2 high(-std::numeric_limits<float>::infinity());
    for (const glm::vec2& point : sweep.local_points) {
        low = glm::min(low, point);
        high = glm::max(high, point);
    }
    return 0.5 * std::min(double(high.x - low.x), double(high.y - low.y));
}

// The largest coordinate magnitude the shape reaches in the step.
double magnitude(const ShapeSweep& sweep) {
    const auto largest = [](glm::vec2 v) { return std::max(std::abs(v.x), std::abs(v.y)); };
    return std::max(largest(sweep.start_position), largest(sweep.end_position)) +
           motion_of(sweep).reach + sweep.radius;
}

// How fast the nearest points close in along the normal (A towards B), per unit of τ, going
// in `direction` (+1 forwards, −1 backwards).
double approach_speed(const ShapeSweep& a, const ShapeSweep& b, const ShapeDistance& distance,
                      double time, double direction) {
    const auto point_velocity = [time](const ShapeSweep& sweep, glm::dvec2 point) {
        const Motion motion = motion_of(sweep);
        const glm::dvec2 center = glm::dvec2(sweep.start_position) + motion.displacement * time;
        const glm::dvec2 arm = point - center;
        // ω × r in 2D.
        return motion.displacement + motion.rotation * glm::dvec2(-arm.y, arm.x);
    };
    const glm::dvec2 relative =
        point_velocity(a, distance.point_a) - point_velocity(b, distance.point_b);
    return glm::dot(distance.normal, relative) * direction;
}

TimeOfImpact result_at(const ShapeDistance& distance, double time, ImpactState state,
                       int iterations) {
    TimeOfImpact result;
    result.state = state;
    result.time = static_cast<float>(time);
    result.normal = glm::vec2(distance.normal);
    result.separation = static_cast<float>(distance.separation);
    result.iterations = iterations;
    return result;
}

// The bound on how fast any point of `a` closes on any point of `b`, per unit of τ, when the
// normal is unknown: |ΔcA − ΔcB| + rA·|ΔθA| + rB·|ΔθB| (the header's rate with |n| = 1).
double fastest_closing(const ShapeSweep& a, const ShapeSweep& b) {
    const Motion motion_a = motion_of(a);
    const Motion motion_b = motion_of(b);
    return glm::length(motion_a.displacement - motion_b.displacement) +
           std::abs(motion_a.rotation) * motion_a.reach +
           std::abs(motion_b.rotation) * motion_b.reach;
}

// `time` rounded to a float, towards `from`: the float τ a caller gets back is the very time
// whose poses were measured, and never past the conservative step.
double float_towards(double time, double from) {
    float rounded = static_cast<float>(time);
    if ((double(rounded) - time) * (from - time) < 0.0)
        rounded = std::nextafter(rounded, static_cast<float>(from));
    return double(rounded);
}

// Conservative advancement from `from` towards `to` (either way round): see the header.
TimeOfImpact advance(const ShapeSweep& a, const ShapeSweep& b, double from, double to,
                     double slop) {
    const double direction = to >= from ? 1.0 : -1.0;
    const Motion motion_a = motion_of(a);
    const Motion motion_b = motion_of(b);
    const glm::dvec2 relative = (motion_a.displacement - motion_b.displacement) * direction;
    const double angular =
        std::abs(motion_a.rotation) * motion_a.reach + std::abs(motion_b.rotation) * motion_b.reach;
    const double target = 0.5 * slop;
    double time = from;
    bool at_last = false;
    for (int iteration = 1; iteration <= max_time_of_impact_iterations; ++iteration) {
        const ShapeDistance distance = shape_distance(shape_at(a, time), shape_at(b, time));
        if (distance.separation <= slop) {
            ImpactState state = ImpactState::hit;
            if (iteration == 1) {
                state =
                    distance.separation < 0.0 ? ImpactState::overlapping : ImpactState::touching;
            }
            TimeOfImpact result = result_at(distance, time, state, iteration);
            result.approach = static_cast<float>(approach_speed(a, b, distance, time, direction));
            return result;
        }
        const double rate = glm::dot(distance.normal, relative) + angular;
        if (at_last || !(rate > 0.0)) {
            // The gap along the normal can only grow (or `to` is reached): never within slop.
            return result_at(distance, to, ImpactState::separated, iteration);
        }
        double next = float_towards(time + direction * (distance.separation - target) / rate, time);
        if (next == time) {
            // The safe step is under one float of τ; time_of_impact_slop() makes this
            // impossible for its own slop, so only a smaller slop given by a caller gets here.
            next = double(std::nextafter(static_cast<float>(time), static_cast<float>(to)));
        }
        if ((next - to) * direction >= 0.0) {
            // No contact before `to`; `to` itself may still be within slop.
            time = to;
            at_last = true;
        } else {
            time = next;
        }
    }
    TimeOfImpact unresolved;
    unresolved.state = ImpactState::unresolved;
    unresolved.time = static_cast<float>(time);
    unresolved.iterations = max_time_of_impact_iterations;
    return unresolved;
}

}  // namespace

ConvexShape shape_at(const ShapeSweep& sweep, double time) {
    const glm::dvec2 start(sweep.start_position);
    const glm::dvec2 center = start + (glm::dvec2(sweep.end_position) - start) * time;
    ConvexShape shape;
    shape.radius = sweep.radius;
    if (sweep.local_points.empty()) {
        shape.points[0] = center;
        shape.count = 1;
        return shape;
    }
    const double angle =
        double(sweep.start_angle) + (double(sweep.end_angle) - double(sweep.start_angle)) * time;
    const double cosine = std::cos(angle);
    const double sine = std::sin(angle);
    shape.count = std::min(sweep.local_points.size(), shape.points.size());
    for (std::size_t k = 0; k < shape.count; ++k) {
        const glm::dvec2 local(sweep.local_points[k]);
        shape.points[k] = center + glm::dvec2(cosine * local.x - sine * local.y,
                                              sine * local.x + cosine * local.y);
    }
    return shape;
}

float time_of_impact_slop(const ShapeSweep& a, const ShapeSweep& b) {
    const double relative = time_of_impact_slop_fraction * std::min(thickness(a), thickness(b));
    const double resolution =
        16.0 * std::numeric_limits<float>::epsilon() * std::max(magnitude(a), magnitude(b));
    // τ is a float: below 1 its spacing is at most 2^-24, and a point moves up to
    // fastest_closing × 2^-24 between two neighbouring floats. Four of those keep every safe
    // step of the advancement (at least slop / 2 / rate) at two floats of τ or more.
    const double time_resolution = 4.0 * fastest_closing(a, b) * std::ldexp(1.0, -24);
    return static_cast<float>(std::max({relative, resolution, time_resolution}));
}

TimeOfImpact time_of_impact(const ShapeSweep& a, const ShapeSweep& b, float begin, float end,
                            float slop) {
    return advance(a, b, begin, end, slop);
}

TimeOfImpact time_of_exit(const ShapeSweep& a, const ShapeSweep& b, float begin, float end,
                          float slop) {
    return advance(a, b, end, begin, slop);
}

DeepestSeparation deepest_separation(const ShapeSweep& a, const ShapeSweep& b, float begin,
                                     float end) {
    const auto separation_at = [&](double time) {
        return shape_distance(shape_at(a, time), shape_at(b, time)).separation;
    };
    constexpr int intervals = 16;
    const double width = (double(end) - double(begin)) / intervals;
    double best_time = begin;
    double best = separation_at(begin);
    for (int k = 1; k <= intervals; ++k) {
        const double time = begin + width * k;
        const double value = separation_at(time);
        if (value < best) {
            best = value;
            best_time = time;
        }
    }
    // Golden-section search on the samples around the least (J. Kiefer, 1953).
    const double golden = 0.5 * (std::sqrt(5.0) - 1.0);
    double low = std::max(double(begin), best_time - width);
    double high = std::min(double(end), best_time + width);
    double left = high - golden * (high - low);
    double right = low + golden * (high - low);
    double left_value = separation_at(left);
    double right_value = separation_at(right);
    for (int iteration = 0; iteration < 40; ++iteration) {
        if (left_value < right_value) {
            high = right;
            right = left;
            right_value = left_value;
            left = high - golden * (high - low);
            left_value = separation_at(left);
        } else {
            low = left;
            left = right;
            left_value = right_value;
            right = low + golden * (high - low);
            right_value = separation_at(right);
        }
    }
    for (const auto& [time, value] : {std::pair{left, left_value}, std::pair{right, right_value}}) {
        if (value < best) {
            best = value;
            best_time = time;
        }
    }
    return {static_cast<float>(best), static_cast<float>(best_time)};
}

}  // namespace aabb
