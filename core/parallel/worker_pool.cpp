#include "core/parallel/worker_pool.hpp"

#include <chrono>

#include <immintrin.h>

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

}  // namespace

WorkerPool::WorkerPool(int workers) {
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
        job(context, 0);
        return;
    }
    job_ = job;
    context_ = context;
    const std::uint64_t number = generation_.load(std::memory_order_relaxed) + 1;
    finished_.store(0, std::memory_order_relaxed);
    joining_.store(number << 32, std::memory_order_release);
    {
        // Under the lock, so a worker about to sleep sees the new generation.
        const std::lock_guard lock(mutex_);
        generation_.store(number, std::memory_order_release);
    }
    wake_.notify_all();
    job(context, 0);
    const std::uint64_t joined =
        joining_.fetch_or(closed_bit, std::memory_order_acq_rel) & count_mask;
    const auto all_back = [&] { return finished_.load(std::memory_order_acquire) == joined; };
    if (spin_until(all_back)) return;
    std::unique_lock lock(mutex_);
    done_.wait(lock, all_back);
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
        job_(context_, share);
        finished_.fetch_add(1, std::memory_order_acq_rel);
        { const std::lock_guard lock(mutex_); }
        done_.notify_one();
    }
}

}  // namespace aabb
