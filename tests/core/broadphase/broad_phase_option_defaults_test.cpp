// The factory's option table against the algorithms' options structs: every described default
// is the struct's default member initializer, and every option name reaches its own field.
// The name-to-field mapping is written here a second time on purpose: it is what the factory's
// table is checked against.

#include <doctest/doctest.h>

#include <algorithm>
#include <functional>
#include <map>
#include <string>
#include <string_view>
#include <vector>

#include "core/broadphase/banded/banded_sort_and_sweep.hpp"
#include "core/broadphase/broad_phase_factory.hpp"
#include "core/broadphase/grid/spatial_hash.hpp"
#include "core/broadphase/grid/uniform_grid.hpp"
#include "core/broadphase/sweep/sort_and_sweep.hpp"
#include "core/broadphase/tree/bvh_broad_phase.hpp"
#include "core/broadphase/tree/dynamic_tree_broad_phase.hpp"
#include "core/broadphase/tree/quadtree.hpp"
#include "core/world/world.hpp"

namespace aabb {

namespace {

using OptionValues = std::map<std::string, double, std::less<>>;

OptionValues values_of(const SortAndSweepOptions& o) {
    return {{"axis", o.axis}, {"max_swaps_per_endpoint", o.max_swaps_per_endpoint}};
}
OptionValues values_of(const UniformGridOptions& o) {
    return {{"cell_size", o.cell_size},
            {"max_cells", o.max_cells},
            {"max_cells_per_box", o.max_cells_per_box}};
}
OptionValues values_of(const SpatialHashOptions& o) {
    return {{"cell_size", o.cell_size}, {"max_cells_per_box", o.max_cells_per_box}};
}
OptionValues values_of(const QuadtreeOptions& o) {
    return {{"max_depth", o.max_depth}, {"node_capacity", o.node_capacity}};
}
OptionValues values_of(const DynamicTreeBroadPhaseOptions& o) {
    return {{"relative_margin", o.tree.relative_margin},
            {"absolute_margin", o.tree.absolute_margin},
            {"displacement_multiplier", o.tree.displacement_multiplier}};
}
OptionValues values_of(const BvhOptions& o) {
    return {{"bin_count", o.bin_count}, {"rebuild_cost_factor", o.rebuild_cost_factor}};
}
OptionValues values_of(const BandedSortAndSweepOptions& o) {
    return {{"threads", o.threads},
            {"band_height_factor", o.band_height_factor},
            {"max_bands", o.max_bands},
            {"partial_fraction", o.partial_fraction},
            {"axis", o.axis},
            {"margin_frames", o.margin_frames},
            {"max_margin_sizes", o.max_margin_sizes},
            {"prepared_frames", o.prepared_frames},
            {"prepared_min_boxes", o.prepared_min_boxes},
            {"exact_grid", o.exact_grid},
            {"one_band_sweep", o.one_band_sweep},
            {"one_band_min_boxes", o.one_band_min_boxes},
            {"strip_min_boxes", o.strip_min_boxes}};
}

// The options a built broad phase runs with (the BVH keeps them in its hierarchy).
template <typename Engine>
const auto& options_of(const Engine& engine) {
    return engine.options();
}
const BvhOptions& options_of(const BvhBroadPhase& engine) {
    return engine.hierarchy().options();
}

/// One algorithm: its struct's defaults and a reader of the options a built one runs with.
struct Probe {
    std::string name;
    OptionValues defaults;
    std::function<OptionValues(const BroadPhase&)> in_use;
};

template <typename Engine, typename Options>
Probe probe(std::string name) {
    return {std::move(name), values_of(Options{}), [](const BroadPhase& broad_phase) {
                return values_of(options_of(dynamic_cast<const Engine&>(broad_phase)));
            }};
}

std::vector<Probe> probes() {
    return {
        {"brute_force", {}, [](const BroadPhase&) { return OptionValues{}; }},
        probe<SortAndSweep, SortAndSweepOptions>("sort_and_sweep"),
        probe<UniformGrid, UniformGridOptions>("uniform_grid"),
        probe<SpatialHash, SpatialHashOptions>("spatial_hash"),
        probe<Quadtree, QuadtreeOptions>("quadtree"),
        probe<DynamicTreeBroadPhase, DynamicTreeBroadPhaseOptions>("dynamic_tree"),
        probe<BvhBroadPhase, BvhOptions>("bvh"),
        probe<BandedSortAndSweep, BandedSortAndSweepOptions>("banded_sort_and_sweep"),
    };
}

// A value in range that differs from the default, exactly representable in the field.
double other_value(const BroadPhaseParameter& parameter) {
    const double d = parameter.default_value;
    if (parameter.whole_number) return d + 1 <= parameter.maximum ? d + 1 : d - 1;
    const double step = std::min(1.0, (parameter.maximum - d) / 2);
    return step > 0 ? double(float(d + step)) : double(float((d + parameter.minimum) / 2));
}

}  // namespace

TEST_CASE("every algorithm of the factory is probed, with exactly the factory's options") {
    std::vector<std::string> probed;
    for (const Probe& probe : probes()) {
        probed.push_back(probe.name);
        std::vector<std::string> described;
        for (const BroadPhaseParameter& parameter : broad_phase_parameters(probe.name))
            described.emplace_back(parameter.name);
        std::vector<std::string> fields;
        for (const auto& [name, value] : probe.defaults)
            fields.push_back(name);
        std::sort(described.begin(), described.end());
        CHECK_MESSAGE(described == fields, probe.name);
    }
    CHECK(probed == broad_phase_names());
}

TEST_CASE("each described default is the options struct's default member initializer") {
    for (const Probe& probe : probes()) {
        for (const BroadPhaseParameter& parameter : broad_phase_parameters(probe.name)) {
            CAPTURE(probe.name);
            CAPTURE(parameter.name);
            const auto field = probe.defaults.find(parameter.name);
            REQUIRE(field != probe.defaults.end());
            CHECK(parameter.default_value == field->second);
        }
    }
}

TEST_CASE("no values and every described default named explicitly both build the defaults") {
    for (const Probe& probe : probes()) {
        CAPTURE(probe.name);
        BroadPhaseParameterValues described;
        for (const BroadPhaseParameter& parameter : broad_phase_parameters(probe.name))
            described[std::string(parameter.name)] = parameter.default_value;
        CHECK(probe.in_use(*make_broad_phase(probe.name)) == probe.defaults);
        CHECK(probe.in_use(*make_broad_phase(probe.name, {}, described)) == probe.defaults);
    }
}

TEST_CASE("each option name sets its own field and no other") {
    for (const Probe& probe : probes()) {
        for (const BroadPhaseParameter& parameter : broad_phase_parameters(probe.name)) {
            CAPTURE(probe.name);
            CAPTURE(parameter.name);
            const double value = other_value(parameter);
            REQUIRE(value != parameter.default_value);
            OptionValues expected = probe.defaults;
            expected[std::string(parameter.name)] = value;
            const auto built =
                make_broad_phase(probe.name, {}, {{std::string(parameter.name), value}});
            CHECK(probe.in_use(*built) == expected);
        }
    }
}

TEST_CASE("the default broad phase is a registered algorithm and the world's default") {
    const auto names = broad_phase_names();
    CHECK(std::find(names.begin(), names.end(), default_broad_phase) != names.end());
    CHECK(make_broad_phase(default_broad_phase)->name() == default_broad_phase);
    CHECK(WorldSettings{}.broad_phase == default_broad_phase);
}

}  // namespace aabb
