#include "core/broadphase/broad_phase_factory.hpp"

#include <cmath>
#include <functional>
#include <stdexcept>

#include "core/broadphase/banded/banded_sort_and_sweep.hpp"
#include "core/broadphase/brute_force.hpp"
#include "core/broadphase/grid/spatial_hash.hpp"
#include "core/broadphase/grid/uniform_grid.hpp"
#include "core/broadphase/sweep/sort_and_sweep.hpp"
#include "core/broadphase/tree/bvh_broad_phase.hpp"
#include "core/broadphase/tree/dynamic_tree_broad_phase.hpp"
#include "core/broadphase/tree/quadtree.hpp"

namespace aabb {

namespace {

/// Reads validated option values by name, falling back to each option's default.
class ParameterReader {
  public:
    ParameterReader(const std::vector<BroadPhaseParameter>& parameters,
                    const BroadPhaseParameterValues& values)
        : parameters_(parameters), values_(values) {}

    [[nodiscard]] double operator()(std::string_view name) const {
        const auto found = values_.find(name);
        if (found != values_.end()) return found->second;
        for (const BroadPhaseParameter& parameter : parameters_) {
            if (parameter.name == name) return parameter.default_value;
        }
        throw std::logic_error("broad-phase option table has no '" + std::string(name) + "'");
    }

  private:
    const std::vector<BroadPhaseParameter>& parameters_;
    const BroadPhaseParameterValues& values_;
};

struct Algorithm {
    std::string_view name;
    std::vector<BroadPhaseParameter> parameters;
    std::function<std::unique_ptr<BroadPhase>(TouchingPolicy, const ParameterReader&)> make;
};

// Adding an algorithm: include its header above and add one entry here, with its options.
const std::vector<Algorithm>& algorithms() {
    static const std::vector<Algorithm> list = {
        {"brute_force",
         {},
         [](TouchingPolicy p, const ParameterReader&) { return std::make_unique<BruteForce>(p); }},
        {"sort_and_sweep",
         {{"axis", -1, -1, 1, true, "sweep axis: -1 = the axis of largest spread, 0 = x, 1 = y"},
          {"max_swaps_per_endpoint", 8, 0, 1e6, true,
           "insertion-sort swaps per endpoint before a full re-sort"}},
         [](TouchingPolicy p, const ParameterReader& option) {
             SortAndSweepOptions options;
             options.axis = int(option("axis"));
             options.max_swaps_per_endpoint = int(option("max_swaps_per_endpoint"));
             return std::make_unique<SortAndSweep>(p, options);
         }},
        {"uniform_grid",
         {{"cell_size", 0, 0, 1e30, false, "cell side; 0 = twice the median box size"},
          {"max_cells", 1 << 22, 4, 1 << 28, true, "cap on the number of cells"},
          {"max_cells_per_box", 64, 1, 1e6, true,
           "a box covering more cells is tested against everything instead"}},
         [](TouchingPolicy p, const ParameterReader& option) {
             UniformGridOptions options;
             options.cell_size = float(option("cell_size"));
             options.max_cells = std::uint32_t(option("max_cells"));
             options.max_cells_per_box = std::uint32_t(option("max_cells_per_box"));
             return std::make_unique<UniformGrid>(p, options);
         }},
        {"spatial_hash",
         {{"cell_size", 0, 0, 1e30, false, "cell side; 0 = twice the median box size"},
          {"max_cells_per_box", 64, 1, 1e6, true,
           "a box covering more cells is tested against everything instead"}},
         [](TouchingPolicy p, const ParameterReader& option) {
             SpatialHashOptions options;
             options.cell_size = float(option("cell_size"));
             options.max_cells_per_box = std::uint32_t(option("max_cells_per_box"));
             return std::make_unique<SpatialHash>(p, options);
         }},
        {"quadtree",
         {{"max_depth", 10, 0, 30, true, "deepest level of the tree"},
          {"node_capacity", 8, 1, 1e6, true, "boxes a node holds before it splits"}},
         [](TouchingPolicy p, const ParameterReader& option) {
             QuadtreeOptions options;
             options.max_depth = int(option("max_depth"));
             options.node_capacity = int(option("node_capacity"));
             return std::make_unique<Quadtree>(p, options);
         }},
        {"dynamic_tree",
         {{"relative_margin", 0.1, 0, 10, false,
           "fat-box margin per side, as a fraction of the box's larger side"},
          {"absolute_margin", 0.1, 0, 1e6, false, "fat-box margin per side in world units"},
          {"displacement_multiplier", 2, 0, 100, false,
           "fat boxes stretch this many displacements ahead of a moving box"}},
         [](TouchingPolicy p, const ParameterReader& option) {
             DynamicTreeBroadPhaseOptions options;
             options.tree.relative_margin = float(option("relative_margin"));
             options.tree.absolute_margin = float(option("absolute_margin"));
             options.tree.displacement_multiplier = float(option("displacement_multiplier"));
             return std::make_unique<DynamicTreeBroadPhase>(p, options);
         }},
        {"bvh",
         {{"bin_count", 16, 2, 256, true, "SAH bins per split"},
          {"rebuild_cost_factor", 1.4, 1, 100, false,
           "rebuild when the SAH cost grows past this factor of its cost at build"}},
         [](TouchingPolicy p, const ParameterReader& option) {
             BvhOptions options;
             options.bin_count = int(option("bin_count"));
             options.rebuild_cost_factor = float(option("rebuild_cost_factor"));
             return std::make_unique<BvhBroadPhase>(p, options);
         }},
        {"banded_sort_and_sweep",
         {{"threads", 0, 0, 64, true, "sweeping threads including the caller; 0 = up to 2"},
          {"band_height_factor", 4, 0.01, 1e6, false,
           "band height as a multiple of the median box size across the sweep axis"},
          {"max_bands", 4096, 1, 1 << 20, true, "the most bands"},
          {"partial_fraction", 0.15, 0, 1, false,
           "query only the boxes that left their fat boxes while at most this fraction did"},
          {"axis", -1, -1, 1, true, "sweep axis: -1 = the axis of largest spread, 0 = x, 1 = y"},
          {"margin_frames", 8, 0, 1000, false,
           "fat boxes hold this many frames of each box's last motion; 0 = exact boxes"},
          {"max_margin_sizes", 4, 0, 1000, false,
           "the widest margin in box sizes; faster boxes get none"}},
         [](TouchingPolicy p, const ParameterReader& option) {
             BandedSortAndSweepOptions options;
             options.threads = int(option("threads"));
             options.band_height_factor = float(option("band_height_factor"));
             options.max_bands = int(option("max_bands"));
             options.partial_fraction = float(option("partial_fraction"));
             options.axis = int(option("axis"));
             options.margin_frames = float(option("margin_frames"));
             options.max_margin_sizes = float(option("max_margin_sizes"));
             return std::make_unique<BandedSortAndSweep>(p, options);
         }},
    };
    return list;
}

const Algorithm& find_algorithm(std::string_view name) {
    for (const Algorithm& algorithm : algorithms()) {
        if (algorithm.name == name) return algorithm;
    }
    std::string known;
    for (const Algorithm& algorithm : algorithms()) {
        known += (known.empty() ? "" : ", ") + std::string(algorithm.name);
    }
    throw std::invalid_argument("unknown broad phase '" + std::string(name) + "' (known: " + known +
                                ")");
}

void check_values(const Algorithm& algorithm, const BroadPhaseParameterValues& values) {
    for (const auto& [name, value] : values) {
        const BroadPhaseParameter* match = nullptr;
        for (const BroadPhaseParameter& parameter : algorithm.parameters) {
            if (parameter.name == name) match = &parameter;
        }
        const std::string where = std::string(algorithm.name) + " option '" + name + "'";
        if (match == nullptr) {
            std::string known;
            for (const BroadPhaseParameter& parameter : algorithm.parameters) {
                known += (known.empty() ? "" : ", ") + std::string(parameter.name);
            }
            throw std::invalid_argument("unknown " + where +
                                        " (known: " + (known.empty() ? "none" : known) + ")");
        }
        if (!std::isfinite(value) || value < match->minimum || value > match->maximum) {
            throw std::invalid_argument(where + ": must be in [" + std::to_string(match->minimum) +
                                        ", " + std::to_string(match->maximum) + "], got " +
                                        std::to_string(value));
        }
        if (match->whole_number && value != std::floor(value)) {
            throw std::invalid_argument(where + ": must be a whole number, got " +
                                        std::to_string(value));
        }
    }
}

}  // namespace

std::vector<std::string> broad_phase_names() {
    std::vector<std::string> names;
    for (const Algorithm& algorithm : algorithms())
        names.emplace_back(algorithm.name);
    return names;
}

std::span<const BroadPhaseParameter> broad_phase_parameters(std::string_view name) {
    return find_algorithm(name).parameters;
}

std::unique_ptr<BroadPhase> make_broad_phase(std::string_view name, TouchingPolicy policy,
                                             const BroadPhaseParameterValues& parameters) {
    const Algorithm& algorithm = find_algorithm(name);
    check_values(algorithm, parameters);
    return algorithm.make(policy, ParameterReader(algorithm.parameters, parameters));
}

}  // namespace aabb
