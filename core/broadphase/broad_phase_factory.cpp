#include "core/broadphase/broad_phase_factory.hpp"

#include <cmath>
#include <functional>
#include <initializer_list>
#include <stdexcept>
#include <type_traits>
#include <utility>

#include "core/broadphase/banded/banded_sort_and_sweep.hpp"
#include "core/broadphase/brute_force.hpp"
#include "core/broadphase/grid/spatial_hash.hpp"
#include "core/broadphase/grid/uniform_grid.hpp"
#include "core/broadphase/sweep/sort_and_sweep.hpp"
#include "core/broadphase/tree/bvh_broad_phase.hpp"
#include "core/broadphase/tree/dynamic_tree_broad_phase.hpp"
#include "core/broadphase/tree/quadtree.hpp"
#include "core/text/input_excerpt.hpp"

namespace aabb {

namespace {

/// Builds a broad phase from validated option values (options not named keep the
/// defaults of the algorithm's options struct).
using MakeBroadPhase =
    std::function<std::unique_ptr<BroadPhase>(TouchingPolicy, const BroadPhaseParameterValues&)>;

struct Algorithm {
    std::string_view name;
    std::vector<BroadPhaseParameter> parameters;
    MakeBroadPhase make;
};

/// One option of an options struct: its description, and how a value is stored in the struct.
template <typename Options>
struct OptionField {
    BroadPhaseParameter parameter;
    std::function<void(Options&, double)> set;
};

// The described default is read from a default-constructed Options, so the struct's member
// initializer is the one place each default is written; whole_number follows the field's type.
template <typename Options, typename Access>
OptionField<Options> option_field(std::string_view name, Access access, double minimum,
                                  double maximum, std::string_view description) {
    using Value = std::remove_cvref_t<decltype(access(std::declval<Options&>()))>;
    Options defaults{};
    return {
        {name, static_cast<double>(access(defaults)), minimum, maximum, std::is_integral_v<Value>,
         description},
        [access](Options& options, double value) { access(options) = static_cast<Value>(value); }};
}

/// The option `name` stored in `Options::*member`.
template <typename Options, typename Value>
OptionField<Options> field(std::string_view name, Value Options::*member, double minimum,
                           double maximum, std::string_view description) {
    return option_field<Options>(
        name, [member](Options& options) -> Value& { return options.*member; }, minimum, maximum,
        description);
}

/// The option `name` stored in `(Options::*outer).*member`, for options nested in a struct.
template <typename Options, typename Inner, typename Value>
OptionField<Options> field(std::string_view name, Inner Options::*outer, Value Inner::*member,
                           double minimum, double maximum, std::string_view description) {
    return option_field<Options>(
        name, [outer, member](Options& options) -> Value& { return (options.*outer).*member; },
        minimum, maximum, description);
}

/// The algorithm `name`: `Engine(policy, options)` with the given values stored in `fields`.
template <typename Engine, typename Options>
Algorithm algorithm(std::string_view name, std::initializer_list<OptionField<Options>> fields) {
    Algorithm result{name, {}, {}};
    for (const OptionField<Options>& field : fields)
        result.parameters.push_back(field.parameter);
    result.make = [fields = std::vector<OptionField<Options>>(fields)](
                      TouchingPolicy policy, const BroadPhaseParameterValues& values) {
        Options options{};
        for (const OptionField<Options>& field : fields) {
            const auto found = values.find(field.parameter.name);
            if (found != values.end()) field.set(options, found->second);
        }
        return std::make_unique<Engine>(policy, options);
    };
    return result;
}

using Banded = BandedSortAndSweepOptions;
using DynamicTree = DynamicTreeBroadPhaseOptions;
using Grid = UniformGridOptions;
using Hash = SpatialHashOptions;
using Sweep = SortAndSweepOptions;

constexpr std::string_view axis_text = "sweep axis: -1 = the axis of largest spread, 0 = x, 1 = y";
constexpr std::string_view cell_size_text = "cell side; 0 = twice the median box size";
constexpr std::string_view cells_per_box_text =
    "a box covering more cells is tested against everything instead";

// Adding an algorithm: include its header above and add one entry here, with its options
// (name, the options struct's member, minimum, maximum, one line for the UI and the docs).
const std::vector<Algorithm>& algorithms() {
    static const std::vector<Algorithm> list = {
        {"brute_force",
         {},
         [](TouchingPolicy policy, const BroadPhaseParameterValues&) {
             return std::make_unique<BruteForce>(policy);
         }},
        algorithm<SortAndSweep, Sweep>(
            "sort_and_sweep",
            {field("axis", &Sweep::axis, -1, 1, axis_text),
             field("max_swaps_per_endpoint", &Sweep::max_swaps_per_endpoint, 0, 1e6,
                   "insertion-sort swaps per endpoint before a full re-sort")}),
        algorithm<UniformGrid, Grid>(
            "uniform_grid",
            {field("cell_size", &Grid::cell_size, 0, 1e30, cell_size_text),
             field("max_cells", &Grid::max_cells, 4, 1 << 28, "cap on the number of cells"),
             field("max_cells_per_box", &Grid::max_cells_per_box, 1, 1e6, cells_per_box_text)}),
        algorithm<SpatialHash, Hash>(
            "spatial_hash",
            {field("cell_size", &Hash::cell_size, 0, 1e30, cell_size_text),
             field("max_cells_per_box", &Hash::max_cells_per_box, 1, 1e6, cells_per_box_text)}),
        algorithm<Quadtree, QuadtreeOptions>(
            "quadtree",
            {field("max_depth", &QuadtreeOptions::max_depth, 0, 30, "deepest level of the tree"),
             field("node_capacity", &QuadtreeOptions::node_capacity, 1, 1e6,
                   "boxes a node holds before it splits")}),
        algorithm<DynamicTreeBroadPhase, DynamicTree>(
            "dynamic_tree",
            {field("relative_margin", &DynamicTree::tree, &DynamicTreeOptions::relative_margin, 0,
                   10, "fat-box margin per side, as a fraction of the box's larger side"),
             field("absolute_margin", &DynamicTree::tree, &DynamicTreeOptions::absolute_margin, 0,
                   1e6, "fat-box margin per side in world units"),
             field("displacement_multiplier", &DynamicTree::tree,
                   &DynamicTreeOptions::displacement_multiplier, 0, 100,
                   "fat boxes stretch this many displacements ahead of a moving box")}),
        algorithm<BvhBroadPhase, BvhOptions>(
            "bvh",
            {field("bin_count", &BvhOptions::bin_count, 2, 256, "SAH bins per split"),
             field("rebuild_cost_factor", &BvhOptions::rebuild_cost_factor, 1, 100,
                   "rebuild when the SAH cost grows past this factor of its cost at build")}),
        algorithm<BandedSortAndSweep, Banded>(
            "banded_sort_and_sweep",
            {field("threads", &Banded::threads, 0, 64,
                   "threads sharing a frame's work, including the caller; 1 = the caller alone (no "
                   "worker pool), 0 = up to 2"),
             field("band_height_factor", &Banded::band_height_factor, 0.01, 1e6,
                   "band height as a multiple of the median box size across the sweep axis"),
             field("max_bands", &Banded::max_bands, 1, 1 << 20, "the most bands"),
             field("partial_fraction", &Banded::partial_fraction, 0, 1,
                   "query only the boxes that left their fat boxes while at most this fraction "
                   "did"),
             field("axis", &Banded::axis, -1, 1, axis_text),
             field("margin_frames", &Banded::margin_frames, 0, 1000,
                   "fat boxes hold this many frames of each box's last motion; 0 = exact boxes"),
             field("max_margin_sizes", &Banded::max_margin_sizes, 0, 1000,
                   "the widest margin in box sizes; faster boxes get none"),
             field("prepared_frames", &Banded::prepared_frames, 0, 64,
                   "frames over which the next full sweep is prepared while the last is in use "
                   "(at least 8; 0 = sweep everything in one frame)"),
             field("prepared_min_boxes", &Banded::prepared_min_boxes, 0, 1e9,
                   "the fewest boxes for which a full sweep is prepared over frames"),
             field("exact_grid", &Banded::exact_grid, 0, 1,
                   "1 = when every box outran its margin, find the pairs in a uniform grid "
                   "instead of a full sweep; 0 = always sweep"),
             field("one_band_sweep", &Banded::one_band_sweep, 0, 1,
                   "1 = when the boxes fit in one band (a corridor, a column), sweep their exact "
                   "boxes every frame in last frame's order; 0 = keep fat boxes there too"),
             field("one_band_min_boxes", &Banded::one_band_min_boxes, 0, 1e9,
                   "the fewest boxes for which one band is swept every frame"),
             field("strip_min_boxes", &Banded::strip_min_boxes, 0, 1e9,
                   "the fewest changed boxes for which the partial search cuts their index "
                   "into strips across the sweep axis")}),
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
    throw std::invalid_argument("unknown broad phase '" + input_excerpt(name) +
                                "' (known: " + known + ")");
}

void check_values(const Algorithm& algorithm, const BroadPhaseParameterValues& values) {
    for (const auto& [name, value] : values) {
        const BroadPhaseParameter* match = nullptr;
        for (const BroadPhaseParameter& parameter : algorithm.parameters) {
            if (parameter.name == name) match = &parameter;
        }
        const std::string where =
            std::string(algorithm.name) + " option '" + input_excerpt(name) + "'";
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
    return algorithm.make(policy, parameters);
}

}  // namespace aabb
