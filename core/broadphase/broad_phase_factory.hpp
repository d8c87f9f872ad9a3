#pragma once
// Creates any broad phase by name: the one list of algorithms shared by the UI, the world,
// aabb-bench and the tests.

#include <memory>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "core/broadphase/broad_phase.hpp"
#include "core/broadphase/broad_phase_parameters.hpp"

namespace aabb {

/// The algorithm a world, a scene and a headless run use when none is named.
inline constexpr std::string_view default_broad_phase = "sort_and_sweep";

/// Every algorithm name, in the order the UI and aabb-bench list them.
[[nodiscard]] std::vector<std::string> broad_phase_names();

/// The tunable options of the algorithm `name` (empty for one without options). Throws
/// std::invalid_argument for an unknown name.
[[nodiscard]] std::span<const BroadPhaseParameter> broad_phase_parameters(std::string_view name);

/// A new broad phase, with `parameters` overriding its option defaults. Throws
/// std::invalid_argument naming the known algorithms when `name` is not one of them, and naming
/// the option for an unknown option, a non-finite, out-of-range or fractional value.
[[nodiscard]] std::unique_ptr<BroadPhase> make_broad_phase(
    std::string_view name, TouchingPolicy policy = {},
    const BroadPhaseParameterValues& parameters = {});

}  // namespace aabb
