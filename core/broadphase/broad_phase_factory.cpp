#include "core/broadphase/broad_phase_factory.hpp"

#include <array>
#include <cmath>
#include <cstddef>
#include <functional>
#include <stdexcept>

#include "core/broadphase/banded/banded_sort_and_sweep.hpp"
#include "core/broadphase/brute_force.hpp"
#include "core/broadphase/grid/spatial_hash.hpp"
#include "core/broadphase/grid/uniform_grid.hpp"
#include "core/broadphase/option_field.hpp"
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

/// What a row of an options table (core/broadphase/option_field.hpp) describes; the default is
/// read from a default-constructed Options, so the struct's member initializer is the one place
/// each default is written.
template <typename Options>
BroadPhaseParameter parameter_of(const OptionField<Options>& field) {
    return {field.name,    field.get(Options{}), field.minimum,
            field.maximum, field.whole_number,   field.description};
}

/// The algorithm `name`: `Engine(policy, options)` with the given values stored by the rows of
/// `fields`, the options table beside `Options`.
template <typename Engine, typename Options, std::size_t count>
Algorithm algorithm(std::string_view name, const std::array<OptionField<Options>, count>& fields) {
    Algorithm result{name, {}, {}};
    for (const OptionField<Options>& field : fields)
        result.parameters.push_back(parameter_of(field));
    result.make = [&fields](TouchingPolicy policy, const BroadPhaseParameterValues& values) {
        Options options{};
        for (const OptionField<Options>& field : fields) {
            const auto found = values.find(field.name);
            if (found != values.end()) field.set(options, found->second);
        }
        return std::make_unique<Engine>(policy, options);
    };
    return result;
}

// Adding an algorithm: include its header above and add one entry here, with the options table
// beside its options struct.
const std::vector<Algorithm>& algorithms() {
    static const std::vector<Algorithm> list = {
        {"brute_force",
         {},
         [](TouchingPolicy policy, const BroadPhaseParameterValues&) {
             return std::make_unique<BruteForce>(policy);
         }},
        algorithm<SortAndSweep>("sort_and_sweep", sort_and_sweep_option_fields),
        algorithm<UniformGrid>("uniform_grid", uniform_grid_option_fields),
        algorithm<SpatialHash>("spatial_hash", spatial_hash_option_fields),
        algorithm<Quadtree>("quadtree", quadtree_option_fields),
        algorithm<DynamicTreeBroadPhase>("dynamic_tree", dynamic_tree_option_fields),
        algorithm<BvhBroadPhase>("bvh", bvh_option_fields),
        algorithm<BandedSortAndSweep>("banded_sort_and_sweep", banded_sort_and_sweep_option_fields),
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
