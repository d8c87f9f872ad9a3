#include "app/bench/physics/physics_workload.hpp"

#include <algorithm>
#include <array>
#include <initializer_list>
#include <stdexcept>
#include <string>

#include "app/bench/physics/physics_scenes.hpp"
#include "core/measure/workload.hpp"
#include "core/text/input_excerpt.hpp"

namespace aabb::bench {

namespace {

// The one list of names; physics_scenes.cpp builds each by its position here.
constexpr std::array<std::string_view, 6> names = {"physics_pyramid",   "physics_tumbler",
                                                   "physics_rain",      "physics_chains",
                                                   "physics_avalanche", "physics_bullets"};

}  // namespace

std::span<const std::string_view> physics_workload_names() {
    return names;
}

bool is_physics_workload(std::string_view name) {
    return std::find(names.begin(), names.end(), name) != names.end();
}

bool physics_workloads_available() {
#ifdef AABB_BENCH_HAVE_PHYSICS
    return true;
#else
    return false;
#endif
}

Trace record_physics_workload(std::string_view name, std::size_t box_count, int frame_count) {
    const auto found = std::find(names.begin(), names.end(), name);
    if (found == names.end()) {
        throw std::invalid_argument("unknown physics workload '" + input_excerpt(name) + "'");
    }
    // Built by appending: g++ 12 warns (-Wrestrict, a false positive) on "'" + std::string.
    const auto refuse = [&](std::initializer_list<std::string_view> parts) {
        std::string message = "'";
        message.append(name).append("'");
        for (const std::string_view part : parts)
            message.append(part);
        throw std::invalid_argument(message);
    };
    if (!physics_workloads_available()) {
        refuse({": aabb-bench was built without Box2D (libbox2d-dev)"});
    }
    if (box_count < min_physics_boxes || box_count > max_workload_boxes) {
        refuse({" needs ", std::to_string(min_physics_boxes), "..",
                std::to_string(max_workload_boxes), " boxes, got ", std::to_string(box_count)});
    }
    if (frame_count < 1 || box_count * static_cast<std::size_t>(frame_count) > max_trace_rows) {
        refuse({": ", std::to_string(box_count), " boxes × ", std::to_string(frame_count),
                " frames is more than a recording holds (", std::to_string(max_trace_rows),
                " boxes in all)"});
    }
#ifdef AABB_BENCH_HAVE_PHYSICS
    return simulate_physics_scene(static_cast<PhysicsScene>(found - names.begin()), box_count,
                                  frame_count);
#else
    // Unreachable: refused above. physics_scenes.cpp is not compiled without Box2D.
    return {};
#endif
}

}  // namespace aabb::bench
