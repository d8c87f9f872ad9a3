#include "app/bench/runners/runner_factory.hpp"

#include <functional>

#include "app/bench/peer_comparison.hpp"
#include "app/bench/runners/broad_phase_runner.hpp"
#include "core/broadphase/broad_phase_factory.hpp"
// CMake defines AABB_BENCH_HAVE_<LIBRARY>=1 for each peer library it found (app/CMakeLists.txt).
#ifndef AABB_BENCH_HAVE_BOX2D
#define AABB_BENCH_HAVE_BOX2D 0
#endif
#ifndef AABB_BENCH_HAVE_BULLET
#define AABB_BENCH_HAVE_BULLET 0
#endif
#ifndef AABB_BENCH_HAVE_CHIPMUNK
#define AABB_BENCH_HAVE_CHIPMUNK 0
#endif
#ifndef AABB_BENCH_HAVE_CGAL
#define AABB_BENCH_HAVE_CGAL 0
#endif
#ifndef AABB_BENCH_HAVE_BOOST_GEOMETRY
#define AABB_BENCH_HAVE_BOOST_GEOMETRY 0
#endif
#ifndef AABB_BENCH_HAVE_ODE
#define AABB_BENCH_HAVE_ODE 0
#endif
#if AABB_BENCH_HAVE_BOX2D
#include "app/bench/runners/box2d_broadphase_runner.hpp"
#include "app/bench/runners/box2d_tree_query_all_runner.hpp"
#endif
#if AABB_BENCH_HAVE_BULLET
#include "app/bench/runners/bullet_dbvt_runner.hpp"
#include "app/bench/runners/bullet_sweep_runner.hpp"
#endif
#if AABB_BENCH_HAVE_CHIPMUNK
#include "app/bench/runners/chipmunk_index_runner.hpp"
#endif
#if AABB_BENCH_HAVE_CGAL
#include "app/bench/runners/cgal_box_intersection_runner.hpp"
#endif
#if AABB_BENCH_HAVE_BOOST_GEOMETRY
#include "app/bench/runners/boost_rtree_runner.hpp"
#endif
#if AABB_BENCH_HAVE_ODE
#include "app/bench/runners/ode_space_runner.hpp"
#endif

namespace aabb::bench {

namespace {

using MakeRunner = std::function<std::unique_ptr<FrameRunner>(const SceneFacts&)>;
// The engine's runners also take options (--engine-option); empty for every other runner.
using MakeEngine =
    std::function<std::unique_ptr<FrameRunner>(const BroadPhaseParameterValues& options)>;

/// A runner name and how to make it.
struct RunnerEntry {
    std::string_view name;
    MakeRunner make;
    MakeEngine make_engine = {};
};

template <typename Runner, typename... Arguments>
MakeRunner plain(Arguments... arguments) {
    return [=](const SceneFacts&) { return std::make_unique<Runner>(arguments...); };
}

template <typename Runner, typename... Arguments>
MakeRunner with_facts(Arguments... arguments) {
    return [=](const SceneFacts& facts) { return std::make_unique<Runner>(arguments..., facts); };
}

// The engine at a fixed thread count (the factory's default, 0, would pick the machine's),
// with `options` over its defaults.
MakeEngine engine_at(int threads, std::string_view name) {
    return [threads, name](const BroadPhaseParameterValues& options) {
        BroadPhaseParameterValues values = options;
        values["threads"] = static_cast<double>(threads);
        return std::make_unique<BroadPhaseRunner>(std::string(headline_algorithm), values,
                                                  std::string(name), threads);
    };
}

// An entry of the engine at `threads`.
RunnerEntry engine_entry(int threads, std::string_view name) {
    MakeEngine make = engine_at(threads, name);
    return {name, [make](const SceneFacts&) { return make({}); }, make};
}

// A peer's maker when its library is compiled in (AABB_BENCH_HAVE_<LIBRARY> is 1), an empty one
// otherwise (0), so every peer's name is written once, in peer_table(), whichever libraries
// this build found.
#define AABB_PEER_MAKER(have, ...) AABB_PEER_MAKER_IF(have, __VA_ARGS__)
#define AABB_PEER_MAKER_IF(have, ...) AABB_PEER_MAKER_##have(__VA_ARGS__)
#define AABB_PEER_MAKER_1(...) __VA_ARGS__
#define AABB_PEER_MAKER_0(...) \
    MakeRunner {}

// Every peer aabb-bench knows, each library's best mode first; `make` is empty for a library
// this build did not find.
const std::vector<RunnerEntry>& peer_table() {
    static const std::vector<RunnerEntry> list = {
        {"box2d_broadphase",
         AABB_PEER_MAKER(AABB_BENCH_HAVE_BOX2D, plain<Box2dBroadphaseRunner>())},
        {"box2d_tree_query_all",
         AABB_PEER_MAKER(AABB_BENCH_HAVE_BOX2D, plain<Box2dTreeQueryAllRunner>())},
        {"bullet_dbvt", AABB_PEER_MAKER(AABB_BENCH_HAVE_BULLET, plain<BulletDbvtRunner>())},
        {"bullet_sweep_32",
         AABB_PEER_MAKER(AABB_BENCH_HAVE_BULLET, with_facts<BulletSweepRunner>())},
        {"chipmunk_bbtree",
         AABB_PEER_MAKER(AABB_BENCH_HAVE_CHIPMUNK,
                         with_facts<ChipmunkIndexRunner>(ChipmunkIndexRunner::Kind::bb_tree))},
        {"chipmunk_space_hash",
         AABB_PEER_MAKER(AABB_BENCH_HAVE_CHIPMUNK,
                         with_facts<ChipmunkIndexRunner>(ChipmunkIndexRunner::Kind::space_hash))},
        {"cgal_box_intersection",
         AABB_PEER_MAKER(AABB_BENCH_HAVE_CGAL, plain<CgalBoxIntersectionRunner>())},
        {"boost_rtree", AABB_PEER_MAKER(AABB_BENCH_HAVE_BOOST_GEOMETRY, plain<BoostRtreeRunner>())},
        {"ode_sap",
         AABB_PEER_MAKER(AABB_BENCH_HAVE_ODE,
                         with_facts<OdeSpaceRunner>(OdeSpaceRunner::Kind::sweep_and_prune))},
        {"ode_quadtree", AABB_PEER_MAKER(AABB_BENCH_HAVE_ODE, with_facts<OdeSpaceRunner>(
                                                                  OdeSpaceRunner::Kind::quadtree))},
    };
    return list;
}

// The peers compiled in, in peer_table()'s order.
const std::vector<RunnerEntry>& peers() {
    static const std::vector<RunnerEntry> list = [] {
        std::vector<RunnerEntry> built;
        for (const RunnerEntry& entry : peer_table()) {
            if (entry.make) built.push_back(entry);
        }
        return built;
    }();
    return list;
}

// Ours: the core factory's algorithms, the banded engine at one thread and then at two.
const std::vector<RunnerEntry>& ours() {
    static const std::vector<RunnerEntry> list = [] {
        static const std::vector<std::string> names = broad_phase_names();
        std::vector<RunnerEntry> entries;
        for (const std::string& name : names) {
            if (name == headline_algorithm) {
                entries.push_back(engine_entry(1, headline_algorithm));
                entries.push_back(engine_entry(2, headline_two_threads_algorithm));
            } else {
                entries.push_back({name, [name](const SceneFacts&) {
                                       return std::make_unique<BroadPhaseRunner>(name);
                                   }});
            }
        }
        return entries;
    }();
    return list;
}

const RunnerEntry* find_entry(std::string_view name) {
    for (const auto* list : {&ours(), &peers()}) {
        for (const RunnerEntry& entry : *list) {
            if (entry.name == name) return &entry;
        }
    }
    return nullptr;
}

}  // namespace

std::vector<std::string> known_peer_names() {
    std::vector<std::string> names;
    for (const RunnerEntry& entry : peer_table())
        names.emplace_back(entry.name);
    return names;
}

std::vector<std::string> runner_names() {
    std::vector<std::string> names;
    for (const auto* list : {&ours(), &peers()}) {
        for (const RunnerEntry& entry : *list)
            names.emplace_back(entry.name);
    }
    return names;
}

bool is_peer(std::string_view name) {
    for (const RunnerEntry& entry : peers()) {
        if (entry.name == name) return true;
    }
    return false;
}

std::unique_ptr<FrameRunner> make_runner(const std::string& name, const SceneFacts& facts,
                                         const BroadPhaseParameterValues& engine_options) {
    if (const RunnerEntry* entry = find_entry(name)) {
        if (entry->make_engine && !engine_options.empty())
            return entry->make_engine(engine_options);
        return entry->make(facts);
    }
    // Unknown: the core factory's message lists the known broad phases.
    return std::make_unique<BroadPhaseRunner>(name);
}

}  // namespace aabb::bench
