#include "core/parallel/worker_pool.hpp"

#include <chrono>
#include <utility>

#include <immintrin.h>

#ifdef __linux__
#include <pthread.h>
#include <sched.h>
#endif

namespace aabb {

namespace {

// Spins until `ready` holds or WorkerPool::spin_time passed; true when it holds.
template <class Ready>
bool spin_until(Ready ready) {
    const auto deadline = std::chrono::steady_clock::now() + WorkerPool::spin_time;
    for (;;) {
        for (int round = 0; round < 64; ++round) {
            if (ready()) return true;
            _mm_pause();
        }
        if (std::chrono::steady_clock::now() > deadline) return ready();
    }
}

// Relaxed is enough: tests set it before the pool runs the job that should fail.
std::atomic<WorkerPool::FailureHook> failure_hook{nullptr};

// The CPU the calling thread runs on, -1 if unknown.
int current_cpu() {
#ifdef __linux__
    return sched_getcpu();
#else
    return -1;
#endif
}

// The CPUs the calling thread may run on (empty if unknown).
std::vector<int> allowed_cpus() {
    std::vector<int> cpus;
#ifdef __linux__
    cpu_set_t set;
    CPU_ZERO(&set);
    if (pthread_getaffinity_np(pthread_self(), sizeof set, &set) == 0) {
        for (int cpu = 0; cpu < CPU_SETSIZE; ++cpu) {
            if (CPU_ISSET(cpu, &set)) cpus.push_back(cpu);
        }
    }
#endif
    return cpus;
}

}  // namespace

void WorkerPool::set_failure_hook_for_tests(FailureHook hook) {
    failure_hook.store(hook, std::memory_order_relaxed);
}

void WorkerPool::run_share(Job job, void* context, int share) noexcept {
    try {
        if (const FailureHook hook = failure_hook.load(std::memory_order_relaxed)) hook(share);
        job(context, share);
    } catch (...) {
        const std::lock_guard lock(mutex_);
        if (!failure_) failure_ = std::current_exception();
    }
}

WorkerPool::WorkerPool(int workers) : allowed_cpus_(allowed_cpus()) {
    for (int share = 1; share <= workers; ++share)
        threads_.emplace_back([this, share] { work(share); });
}

WorkerPool::~WorkerPool() {
    {
        const std::lock_guard lock(mutex_);
        stopping_.store(true, std::memory_order_release);
    }
    wake_.notify_all();
    for (std::thread& thread : threads_)
        thread.join();
}

void WorkerPool::run(Job job, void* context) {
    if (threads_.empty()) {
        if (const FailureHook hook = failure_hook.load(std::memory_order_relaxed)) hook(0);
        job(context, 0);
        return;
    }
    job_ = job;
    context_ = context;
    caller_cpu_.store(current_cpu(), std::memory_order_relaxed);
    const std::uint64_t number = generation_.load(std::memory_order_relaxed) + 1;
    finished_.store(0, std::memory_order_relaxed);
    joining_.store(number << 32, std::memory_order_release);
    {
        // Under the lock, so a worker about to sleep sees the new generation.
        const std::lock_guard lock(mutex_);
        generation_.store(number, std::memory_order_release);
    }
    wake_.notify_all();
    // The caller's share fails like a worker's: the workers that joined still read `context`,
    // so nothing may unwind before they are done.
    run_share(job, context, 0);
    const std::uint64_t joined =
        joining_.fetch_or(closed_bit, std::memory_order_acq_rel) & count_mask;
    const auto all_back = [&] { return finished_.load(std::memory_order_acquire) == joined; };
    if (!spin_until(all_back)) {
        std::unique_lock lock(mutex_);
        done_.wait(lock, all_back);
    }
    // Every share that joined is done, and its write of failure_ came before its increment of
    // finished_ that the acquire load above saw: no lock is needed to read or reset it.
    if (failure_) std::rethrow_exception(std::exchange(failure_, nullptr));
}

void WorkerPool::leave_caller_cpu() {
#ifdef __linux__
    // Read after the acquire load of the generation that run() published it before.
    const int caller = caller_cpu_.load(std::memory_order_relaxed);
    if (caller < 0 || current_cpu() != caller) return;
    cpu_set_t others;
    CPU_ZERO(&others);
    int count = 0;
    for (const int cpu : allowed_cpus_) {
        if (cpu != caller) {
            CPU_SET(cpu, &others);
            ++count;
        }
    }
    // The kernel moves a thread off a CPU its new mask leaves out before the call returns.
    if (count > 0 && pthread_setaffinity_np(pthread_self(), sizeof others, &others) == 0)
        moves_off_caller_cpu_.fetch_add(1, std::memory_order_relaxed);
#endif
}

void WorkerPool::work(int share) {
    std::uint64_t seen = 0;
    for (;;) {
        const auto has_news = [&] {
            return stopping_.load(std::memory_order_acquire) ||
                   generation_.load(std::memory_order_acquire) != seen;
        };
        if (!spin_until(has_news)) {
            std::unique_lock lock(mutex_);
            wake_.wait(lock, has_news);
        }
        if (stopping_.load(std::memory_order_acquire)) return;
        seen = generation_.load(std::memory_order_acquire);
        leave_caller_cpu();
        // Join this generation's job unless the caller already closed it.
        std::uint64_t state = joining_.load(std::memory_order_acquire);
        bool joined = false;
        while ((state >> 32) == (seen & 0xffffffffu) && (state & closed_bit) == 0) {
            if (joining_.compare_exchange_weak(state, state + 1, std::memory_order_acq_rel)) {
                joined = true;
                break;
            }
        }
        if (!joined) continue;
        run_share(job_, context_, share);
        finished_.fetch_add(1, std::memory_order_acq_rel);
        { const std::lock_guard lock(mutex_); }
        done_.notify_one();
    }
}

}  // namespace aabb
