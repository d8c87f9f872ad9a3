#include "core/broadphase/broad_phase_factory.hpp"

#include <functional>
#include <stdexcept>

#include "core/broadphase/brute_force.hpp"
#include "core/broadphase/bvh_broad_phase.hpp"
#include "core/broadphase/dynamic_tree_broad_phase.hpp"
#include "core/broadphase/quadtree.hpp"
#include "core/broadphase/sort_and_sweep.hpp"
#include "core/broadphase/spatial_hash.hpp"
#include "core/broadphase/uniform_grid.hpp"

namespace aabb {

namespace {

struct Algorithm {
    std::string_view name;
    std::function<std::unique_ptr<BroadPhase>(TouchingPolicy)> make;
};

// Adding an algorithm: include its header above and add one line here.
const std::vector<Algorithm>& algorithms() {
    static const std::vector<Algorithm> list = {
        {"brute_force", [](TouchingPolicy p) { return std::make_unique<BruteForce>(p); }},
        {"sort_and_sweep", [](TouchingPolicy p) { return std::make_unique<SortAndSweep>(p); }},
        {"uniform_grid", [](TouchingPolicy p) { return std::make_unique<UniformGrid>(p); }},
        {"spatial_hash", [](TouchingPolicy p) { return std::make_unique<SpatialHash>(p); }},
        {"quadtree", [](TouchingPolicy p) { return std::make_unique<Quadtree>(p); }},
        {"dynamic_tree",
         [](TouchingPolicy p) { return std::make_unique<DynamicTreeBroadPhase>(p); }},
        {"bvh", [](TouchingPolicy p) { return std::make_unique<BvhBroadPhase>(p); }},
    };
    return list;
}

}  // namespace

std::vector<std::string> broad_phase_names() {
    std::vector<std::string> names;
    for (const Algorithm& algorithm : algorithms())
        names.emplace_back(algorithm.name);
    return names;
}

std::unique_ptr<BroadPhase> make_broad_phase(std::string_view name, TouchingPolicy policy) {
    for (const Algorithm& algorithm : algorithms()) {
        if (algorithm.name == name) return algorithm.make(policy);
    }
    std::string known;
    for (const Algorithm& algorithm : algorithms()) {
        known += (known.empty() ? "" : ", ") + std::string(algorithm.name);
    }
    throw std::invalid_argument("unknown broad phase '" + std::string(name) + "' (known: " + known +
                                ")");
}

}  // namespace aabb
