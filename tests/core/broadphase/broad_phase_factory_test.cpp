// The factory: every name builds, options are described, set by name and validated.

#include <doctest/doctest.h>

#include <stdexcept>
#include <string>
#include <vector>

#include "core/broadphase/broad_phase_factory.hpp"
#include "core/broadphase/grid/uniform_grid.hpp"
#include "core/broadphase/sweep/sort_and_sweep.hpp"
#include "core/broadphase/tree/quadtree.hpp"

namespace aabb {

TEST_CASE("every listed broad phase builds under its own name with default options") {
    const auto names = broad_phase_names();
    CHECK(names.size() >= 7);
    CHECK(names.front() == "brute_force");
    for (const std::string& name : names) {
        const auto broad_phase = make_broad_phase(name);
        CHECK(broad_phase->name() == name);
        BroadPhaseParameterValues defaults;
        for (const BroadPhaseParameter& parameter : broad_phase_parameters(name)) {
            CHECK(parameter.minimum <= parameter.default_value);
            CHECK(parameter.default_value <= parameter.maximum);
            CHECK_FALSE(parameter.description.empty());
            defaults[std::string(parameter.name)] = parameter.default_value;
        }
        // Naming every default explicitly builds the same thing.
        CHECK(make_broad_phase(name, {}, defaults)->name() == name);
    }
}

TEST_CASE("every value in an option's range builds, as the fuzzer tries them") {
    // A gap inside a range (prepared_frames once took 0 or 8..64 while the factory allowed
    // 0..64: found by fuzz_broad_phase) must not throw for an allowed value.
    for (const std::string& name : broad_phase_names()) {
        for (const BroadPhaseParameter& parameter : broad_phase_parameters(name)) {
            INFO(name << " option " << parameter.name);
            std::vector<double> values{parameter.minimum, parameter.maximum};
            for (int step = 1; step <= 64 && parameter.minimum + step < parameter.maximum; ++step)
                values.push_back(parameter.minimum + step);
            if (!parameter.whole_number)
                values.push_back(0.5 * (parameter.minimum + parameter.maximum));
            for (const double value : values) {
                INFO("value " << value);
                CHECK_NOTHROW(
                    (void)make_broad_phase(name, {}, {{std::string(parameter.name), value}}));
            }
        }
    }
}

TEST_CASE("options set by name reach the algorithm") {
    const auto sweep = make_broad_phase("sort_and_sweep", {}, {{"axis", 1}});
    CHECK(dynamic_cast<const SortAndSweep&>(*sweep).options().axis == 1);
    const auto grid = make_broad_phase("uniform_grid", {}, {{"cell_size", 2.5}});
    CHECK(dynamic_cast<const UniformGrid&>(*grid).options().cell_size == 2.5f);
    const auto tree = make_broad_phase("quadtree", {}, {{"max_depth", 4}, {"node_capacity", 2}});
    CHECK(dynamic_cast<const Quadtree&>(*tree).options().max_depth == 4);
}

TEST_CASE("bad options are named in the error") {
    CHECK_THROWS_WITH_AS((void)make_broad_phase("uniform_grid", {}, {{"cell_sise", 1}}),
                         doctest::Contains("unknown uniform_grid option 'cell_sise'"),
                         std::invalid_argument);
    CHECK_THROWS_WITH_AS((void)make_broad_phase("uniform_grid", {}, {{"cell_size", -1}}),
                         doctest::Contains("uniform_grid option 'cell_size': must be in"),
                         std::invalid_argument);
    CHECK_THROWS_WITH_AS((void)make_broad_phase("quadtree", {}, {{"max_depth", 2.5}}),
                         doctest::Contains("whole number"), std::invalid_argument);
    CHECK_THROWS_AS((void)make_broad_phase("bvh", {}, {{"bin_count", std::nan("")}}),
                    std::invalid_argument);
    CHECK_THROWS_WITH_AS((void)make_broad_phase("brute_force", {}, {{"anything", 1}}),
                         doctest::Contains("known: none"), std::invalid_argument);
    CHECK_THROWS_AS((void)broad_phase_parameters("no_such_algorithm"), std::invalid_argument);
}

}  // namespace aabb
