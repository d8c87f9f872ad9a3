#include "app/bench/runners/runner_factory.hpp"

#include <stdexcept>

#include "app/bench/runners/broad_phase_runner.hpp"
#include "core/broadphase/broad_phase_factory.hpp"
#if AABB_BENCH_HAVE_BOX2D
#include "app/bench/runners/box2d_dynamic_tree_runner.hpp"
#endif
#if AABB_BENCH_HAVE_BULLET
#include "app/bench/runners/bullet_dbvt_runner.hpp"
#include "app/bench/runners/bullet_sweep_runner.hpp"
#endif

namespace aabb::bench {

namespace {

std::vector<std::string> peer_names() {
    std::vector<std::string> names;
#if AABB_BENCH_HAVE_BOX2D
    names.emplace_back("box2d_dynamic_tree");
#endif
#if AABB_BENCH_HAVE_BULLET
    names.emplace_back("bullet_dbvt");
    names.emplace_back("bullet_sweep_32");
#endif
    return names;
}

}  // namespace

std::vector<std::string> known_peer_names() {
    return {"box2d_dynamic_tree", "bullet_dbvt", "bullet_sweep_32"};
}

std::vector<std::string> runner_names() {
    std::vector<std::string> names = broad_phase_names();
    for (std::string& peer : peer_names())
        names.push_back(std::move(peer));
    return names;
}

bool is_peer(std::string_view name) {
    for (const std::string& peer : peer_names()) {
        if (peer == name) return true;
    }
    return false;
}

std::unique_ptr<FrameRunner> make_runner(const std::string& name,
                                         [[maybe_unused]] const SceneFacts& facts) {
#if AABB_BENCH_HAVE_BOX2D
    if (name == "box2d_dynamic_tree") return std::make_unique<Box2dDynamicTreeRunner>();
#endif
#if AABB_BENCH_HAVE_BULLET
    if (name == "bullet_dbvt") return std::make_unique<BulletDbvtRunner>();
    if (name == "bullet_sweep_32") return std::make_unique<BulletSweepRunner>(facts);
#endif
    return std::make_unique<BroadPhaseRunner>(name);
}

}  // namespace aabb::bench
