// The shared worker pool and chunk queue: every item of every job done exactly once, by
// shares the pool names, across many short jobs in a row (the banded engine's pattern).

#include <doctest/doctest.h>

#include <atomic>
#include <chrono>
#include <cstddef>
#include <new>
#include <thread>
#include <vector>

#ifdef __linux__
#include <pthread.h>
#include <sched.h>
#endif

#include "core/parallel/chunk_queue.hpp"
#include "core/parallel/worker_pool.hpp"

namespace aabb {
namespace {

// A job over `items` work items: each share claims chunks and counts each item it does.
struct CountingJob {
    ChunkQueue chunks;
    std::vector<std::atomic<int>> done;
    std::atomic<int> shares_seen{0};
    std::atomic<int> bad_share{0};
    int most_share = 0;

    explicit CountingJob(std::size_t items) : done(items) {}

    static void run(void* context, int share) {
        auto& job = *static_cast<CountingJob*>(context);
        if (share < 0 || share > job.most_share) job.bad_share.fetch_add(1);
        job.shares_seen.fetch_add(1);
        std::size_t begin = 0;
        std::size_t end = 0;
        while (job.chunks.claim(begin, end)) {
            for (std::size_t item = begin; item < end; ++item)
                job.done[item].fetch_add(1, std::memory_order_relaxed);
        }
    }
};

TEST_CASE("ChunkQueue hands out a range once, in chunks") {
    ChunkQueue queue;
    queue.reset(10, 4);
    std::size_t begin = 0;
    std::size_t end = 0;
    REQUIRE(queue.claim(begin, end));
    CHECK((begin == 0 && end == 4));
    REQUIRE(queue.claim(begin, end));
    CHECK((begin == 4 && end == 8));
    REQUIRE(queue.claim(begin, end));
    CHECK((begin == 8 && end == 10));
    CHECK_FALSE(queue.claim(begin, end));
    CHECK_FALSE(queue.claim(begin, end));
    queue.reset(0, 16);
    CHECK_FALSE(queue.claim(begin, end));
    queue.reset(3, 0);  // a chunk is at least one item
    CHECK(queue.chunk_size() == 1);
    CHECK(queue.items() == 3);
    int chunks = 0;
    while (queue.claim(begin, end))
        ++chunks;
    CHECK(chunks == 3);
}

TEST_CASE("WorkerPool without workers runs the caller's share only") {
    WorkerPool pool(0);
    CHECK(pool.workers() == 0);
    CountingJob job(100);
    job.chunks.reset(100, 7);
    pool.run(&CountingJob::run, &job);
    CHECK(job.shares_seen.load() == 1);
    for (const std::atomic<int>& count : job.done)
        CHECK(count.load() == 1);
}

TEST_CASE("WorkerPool does every item of many short jobs exactly once") {
    for (const int workers : {1, 3}) {
        WorkerPool pool(workers);
        CHECK(pool.workers() == workers);
        for (int round = 0; round < 300; ++round) {
            // Sizes from empty to a few thousand; small chunks, so shares compete for them.
            const std::size_t items = static_cast<std::size_t>(round * 37 % 5000);
            CountingJob job(items);
            job.most_share = workers;
            job.chunks.reset(items, 16);
            pool.run(&CountingJob::run, &job);
            // The caller always takes part; a worker joins only if it comes in time.
            CHECK(job.shares_seen.load() >= 1);
            CHECK(job.shares_seen.load() <= workers + 1);
            CHECK(job.bad_share.load() == 0);
            int wrong = 0;
            for (const std::atomic<int>& count : job.done)
                wrong += count.load() != 1 ? 1 : 0;
            REQUIRE(wrong == 0);
        }
    }
}

TEST_CASE("WorkerPool wakes sleeping workers for a job after a pause") {
    WorkerPool pool(1);
    for (int round = 0; round < 3; ++round) {
        // Longer than the spin time: the worker has gone to sleep on the condition variable.
        std::this_thread::sleep_for(2 * WorkerPool::spin_time);
        CountingJob job(20000);
        job.most_share = 1;
        job.chunks.reset(20000, 8);
        pool.run(&CountingJob::run, &job);
        int wrong = 0;
        for (const std::atomic<int>& count : job.done)
            wrong += count.load() != 1 ? 1 : 0;
        CHECK(wrong == 0);
    }
}

// Waits until `started` is set, for at most 5 seconds: a caller share that waits so lets the
// worker join its job.
void wait_until_started(const std::atomic<bool>& started) {
    const auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(5);
    while (!started.load() && std::chrono::steady_clock::now() < deadline)
        std::this_thread::yield();
}

// A job whose caller share waits (a bounded time) until share 1 has started, so the worker is
// sure to join, and where `thrower` throws std::bad_alloc. `worker_done` is set when the
// worker's share ends, to see that run() waited for it.
struct FailingJob {
    int thrower = 1;
    std::atomic<bool> worker_started{false};
    std::atomic<bool> worker_done{false};

    static void run(void* context, int share) {
        auto& job = *static_cast<FailingJob*>(context);
        if (share == 0) {
            wait_until_started(job.worker_started);
            if (job.thrower == 0) throw std::bad_alloc();
            return;
        }
        job.worker_started.store(true);
        if (job.thrower == share) {
            job.worker_done.store(true);
            throw std::bad_alloc();
        }
        // A share that outlives the caller's failure: run() must not return before it ends.
        std::this_thread::sleep_for(std::chrono::milliseconds(20));
        job.worker_done.store(true);
    }
};

TEST_CASE("An exception on a worker reaches the caller of run(), and the pool keeps working") {
    WorkerPool pool(1);
    for (const int thrower : {1, 0}) {
        INFO("the share that throws: " << thrower);
        FailingJob failing;
        failing.thrower = thrower;
        CHECK_THROWS_AS(pool.run(&FailingJob::run, &failing), std::bad_alloc);
        REQUIRE(failing.worker_started.load());
        CHECK(failing.worker_done.load());
        // The failure is not kept for the next job.
        CountingJob job(5000);
        job.most_share = 1;
        job.chunks.reset(5000, 8);
        CHECK_NOTHROW(pool.run(&CountingJob::run, &job));
        int wrong = 0;
        for (const std::atomic<int>& count : job.done)
            wrong += count.load() != 1 ? 1 : 0;
        CHECK(wrong == 0);
    }
}

TEST_CASE("The failure hook runs before every share and its exception reaches the caller") {
    WorkerPool pool(0);
    WorkerPool::set_failure_hook_for_tests([](int) { throw std::bad_alloc(); });
    CountingJob job(10);
    job.chunks.reset(10, 1);
    bool threw = false;
    try {
        pool.run(&CountingJob::run, &job);
    } catch (const std::bad_alloc&) {
        threw = true;
    }
    WorkerPool::set_failure_hook_for_tests(nullptr);
    CHECK(threw);
    CHECK(job.shares_seen.load() == 0);
    CHECK_NOTHROW(pool.run(&CountingJob::run, &job));
    CHECK(job.shares_seen.load() == 1);
}

#ifdef __linux__
// A job in which the worker's share notes its CPU and, when `pin_to` is set, pins itself to
// that CPU; the caller's share waits (a bounded time) until the worker has started, so the
// worker is sure to join.
struct CpuJob {
    int pin_to = -1;
    std::atomic<bool> worker_started{false};
    std::atomic<int> worker_cpu{-1};

    static void run(void* context, int share) {
        auto& job = *static_cast<CpuJob*>(context);
        if (share == 0) {
            wait_until_started(job.worker_started);
            return;
        }
        if (job.pin_to >= 0) {
            cpu_set_t one;
            CPU_ZERO(&one);
            CPU_SET(job.pin_to, &one);
            pthread_setaffinity_np(pthread_self(), sizeof one, &one);
        }
        job.worker_cpu.store(sched_getcpu());
        job.worker_started.store(true);
    }
};

TEST_CASE("A worker that wakes on the caller's CPU moves itself off it") {
    cpu_set_t original;
    CPU_ZERO(&original);
    REQUIRE(pthread_getaffinity_np(pthread_self(), sizeof original, &original) == 0);
    // The pool may use the CPUs this thread may use now, before it is pinned below.
    WorkerPool pool(1);
    int caller_cpu = -1;
    for (int cpu = 0; cpu < CPU_SETSIZE && caller_cpu < 0; ++cpu) {
        if (CPU_ISSET(cpu, &original)) caller_cpu = cpu;
    }
    REQUIRE(caller_cpu >= 0);
    cpu_set_t one;
    CPU_ZERO(&one);
    CPU_SET(caller_cpu, &one);
    REQUIRE(pthread_setaffinity_np(pthread_self(), sizeof one, &one) == 0);
    // The worker pins itself to the caller's CPU, then sleeps there (longer than it spins).
    CpuJob pin;
    pin.pin_to = caller_cpu;
    pool.run(&CpuJob::run, &pin);
    REQUIRE(pin.worker_started.load());
    std::this_thread::sleep_for(4 * WorkerPool::spin_time);
    // Woken on the caller's CPU for the next job, it moves to the others before its share.
    CpuJob next;
    pool.run(&CpuJob::run, &next);
    REQUIRE(next.worker_started.load());
    if (CPU_COUNT(&original) >= 2) {
        CHECK(next.worker_cpu.load() != caller_cpu);
        CHECK(pool.moves_off_caller_cpu() >= 1);
    } else {
        // One CPU only: there is nowhere to go, and the worker stays (and shares it).
        CHECK(next.worker_cpu.load() == caller_cpu);
        CHECK(pool.moves_off_caller_cpu() == 0);
    }
    REQUIRE(pthread_setaffinity_np(pthread_self(), sizeof original, &original) == 0);
}
#endif

}  // namespace
}  // namespace aabb
