// An exception on one of the banded engine's worker threads (std::bad_alloc, injected with the
// worker pool's test hook) reaches the caller of set_all or find_pairs, and the engine is left
// as it was before that call: the same boxes, and pairs equal to brute force's afterwards.

#include <doctest/doctest.h>

#include <algorithm>
#include <atomic>
#include <new>
#include <optional>
#include <random>
#include <vector>

#include "core/broadphase/banded/banded_sort_and_sweep.hpp"
#include "core/broadphase/brute_force.hpp"
#include "core/parallel/worker_pool.hpp"
#include "tests/support/box_set_generators.hpp"

namespace aabb {
namespace {

std::atomic<int> worker_failures{0};

// Throws on worker shares only: the caller's share runs, as on a real failing worker.
void fail_on_workers(int share) {
    if (share == 0) return;
    worker_failures.fetch_add(1);
    throw std::bad_alloc();
}

// Installs a failure hook for its lifetime: a failed REQUIRE must not leave it to the next test.
struct HookGuard {
    explicit HookGuard(WorkerPool::FailureHook hook) {
        WorkerPool::set_failure_hook_for_tests(hook);
    }
    ~HookGuard() { WorkerPool::set_failure_hook_for_tests(nullptr); }
    HookGuard(const HookGuard&) = delete;
    HookGuard& operator=(const HookGuard&) = delete;
};

std::vector<BoxPair> sorted_pairs(BroadPhase& broad_phase) {
    std::vector<BoxPair> pairs;
    broad_phase.find_pairs(pairs);
    std::sort(pairs.begin(), pairs.end());
    return pairs;
}

// The engine holds exactly `boxes` as ids 0..n-1.
bool holds(const BroadPhase& broad_phase, const std::vector<Box2>& boxes) {
    if (broad_phase.size() != boxes.size()) return false;
    for (std::size_t id = 0; id < boxes.size(); ++id) {
        const auto box_id = static_cast<BoxId>(id);
        if (!broad_phase.contains(box_id) || !(broad_phase.box(box_id) == boxes[id])) return false;
    }
    return true;
}

TEST_CASE("A worker's std::bad_alloc reaches the caller and leaves the engine as it was") {
    BandedSortAndSweepOptions options;
    options.threads = 2;
    options.parallel_threshold = 0;  // every job goes to the pool
    BandedSortAndSweep engine(TouchingPolicy::closed(), options);
    REQUIRE(engine.thread_count() == 2);
    BruteForce reference;
    std::mt19937 random(1313);
    std::vector<Box2> frame = testing::random_boxes(random, 20000, 100.0f, 2.0f);
    engine.set_all(frame);
    (void)sorted_pairs(engine);

    worker_failures.store(0);
    int failed_set_all = 0;
    int failed_find_pairs = 0;
    std::optional<HookGuard> hook(std::in_place, &fail_on_workers);
    // A worker that is not scheduled in time is not waited for, so a job may run on the caller
    // alone; a few hundred frames give the worker many chances to join.
    for (int attempt = 0; attempt < 300 && (failed_set_all == 0 || failed_find_pairs == 0);
         ++attempt) {
        std::vector<Box2> next = frame;
        for (Box2& box : next) {
            const glm::vec2 shift{std::uniform_real_distribution<float>(-0.5f, 0.5f)(random),
                                  std::uniform_real_distribution<float>(-0.5f, 0.5f)(random)};
            box = {box.min + shift, box.max + shift};
        }
        try {
            engine.set_all(next);
        } catch (const std::bad_alloc&) {
            ++failed_set_all;
            REQUIRE(holds(engine, frame));
            continue;
        }
        frame = next;
        std::vector<BoxPair> pairs{{1, 2}};
        try {
            engine.find_pairs(pairs);
        } catch (const std::bad_alloc&) {
            ++failed_find_pairs;
            CHECK(pairs.empty());
            REQUIRE(holds(engine, frame));
        }
    }
    hook.reset();
    MESSAGE("failed set_all calls: " << failed_set_all
                                     << ", failed find_pairs calls: " << failed_find_pairs);
    REQUIRE(worker_failures.load() > 0);
    CHECK(failed_set_all + failed_find_pairs == worker_failures.load());

    // As it was: the pairs of the boxes it holds, and of the frames after.
    reference.set_all(frame);
    CHECK(sorted_pairs(engine) == sorted_pairs(reference));
    for (int step = 0; step < 3; ++step) {
        for (Box2& box : frame)
            box = {box.min + glm::vec2{0.3f, -0.2f}, box.max + glm::vec2{0.3f, -0.2f}};
        engine.set_all(frame);
        reference.set_all(frame);
        CHECK(sorted_pairs(engine) == sorted_pairs(reference));
    }
}

}  // namespace
}  // namespace aabb
