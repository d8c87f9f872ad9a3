#pragma once
// Creates any broad phase by name: the one list of algorithms shared by the UI, the world,
// aabb-bench and the tests.

#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "core/broadphase/broad_phase.hpp"

namespace aabb {

/// Every algorithm name, in the order the UI and aabb-bench list them.
[[nodiscard]] std::vector<std::string> broad_phase_names();

/// A new broad phase with default options. Throws std::invalid_argument naming the known
/// algorithms when `name` is not one of them.
[[nodiscard]] std::unique_ptr<BroadPhase> make_broad_phase(std::string_view name,
                                                           TouchingPolicy policy = {});

}  // namespace aabb
