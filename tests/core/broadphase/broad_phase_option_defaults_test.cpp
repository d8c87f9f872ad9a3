// The factory's options against the tables beside the algorithms' options structs
// (core/broadphase/option_field.hpp): the factory describes exactly each table's rows, every
// described default is the struct's default member initializer, every option name reaches its
// own field and no other (two rows on one member would fail), and an option name means the same
// thing, with the same line, in every algorithm.

#include <doctest/doctest.h>

#include <algorithm>
#include <array>
#include <cstddef>
#include <functional>
#include <map>
#include <string>
#include <string_view>
#include <vector>

#include "core/broadphase/banded/banded_sort_and_sweep.hpp"
#include "core/broadphase/broad_phase_factory.hpp"
#include "core/broadphase/grid/spatial_hash.hpp"
#include "core/broadphase/grid/uniform_grid.hpp"
#include "core/broadphase/option_field.hpp"
#include "core/broadphase/sweep/sort_and_sweep.hpp"
#include "core/broadphase/tree/bvh_broad_phase.hpp"
#include "core/broadphase/tree/dynamic_tree_broad_phase.hpp"
#include "core/broadphase/tree/quadtree.hpp"
#include "core/world/world.hpp"

namespace aabb {

namespace {

using OptionValues = std::map<std::string, double, std::less<>>;

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

/// The probe of `Engine`, whose options struct is described by the table `fields`.
template <typename Engine, typename Options, std::size_t count>
Probe probe(std::string name, const std::array<OptionField<Options>, count>& fields) {
    const auto values_of = [&fields](const Options& options) {
        OptionValues values;
        for (const OptionField<Options>& field : fields)
            values[std::string(field.name)] = field.get(options);
        return values;
    };
    return {std::move(name), values_of(Options{}), [values_of](const BroadPhase& broad_phase) {
                return values_of(options_of(dynamic_cast<const Engine&>(broad_phase)));
            }};
}

std::vector<Probe> probes() {
    return {
        {"brute_force", {}, [](const BroadPhase&) { return OptionValues{}; }},
        probe<SortAndSweep>("sort_and_sweep", sort_and_sweep_option_fields),
        probe<UniformGrid>("uniform_grid", uniform_grid_option_fields),
        probe<SpatialHash>("spatial_hash", spatial_hash_option_fields),
        probe<Quadtree>("quadtree", quadtree_option_fields),
        probe<DynamicTreeBroadPhase>("dynamic_tree", dynamic_tree_option_fields),
        probe<BvhBroadPhase>("bvh", bvh_option_fields),
        probe<BandedSortAndSweep>("banded_sort_and_sweep", banded_sort_and_sweep_option_fields),
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
        // No name twice in a table.
        CHECK_MESSAGE(std::adjacent_find(described.begin(), described.end()) == described.end(),
                      probe.name);
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

TEST_CASE("an option name has one description in every algorithm that has it") {
    // The window's Chinese tooltip is keyed by the name alone (ui/text/catalog/option_texts.inc).
    std::map<std::string, std::string, std::less<>> described;
    for (const std::string& algorithm : broad_phase_names()) {
        for (const BroadPhaseParameter& parameter : broad_phase_parameters(algorithm)) {
            CAPTURE(algorithm);
            CAPTURE(parameter.name);
            CHECK_FALSE(parameter.description.empty());
            const auto [at, added] = described.emplace(parameter.name, parameter.description);
            CHECK(at->second == parameter.description);
        }
    }
    CHECK(described.size() > 20);
}

TEST_CASE("the default broad phase is a registered algorithm and the world's default") {
    const auto names = broad_phase_names();
    CHECK(std::find(names.begin(), names.end(), default_broad_phase) != names.end());
    CHECK(make_broad_phase(default_broad_phase)->name() == default_broad_phase);
    CHECK(WorldSettings{}.broad_phase == default_broad_phase);
}

}  // namespace aabb
