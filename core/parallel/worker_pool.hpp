#pragma once
// A persistent pool of worker threads for short, repeated parallel jobs (several per frame).
//
// The caller runs share 0 of a job, each worker one more share, and run() returns once every
// worker that joined has finished. Threads are created once, never per job. After each job the
// workers spin on the job counter for a moment (as OpenMP runtimes do) before sleeping on a
// condition variable, so a handoff costs about a microsecond instead of a wake-up by the
// kernel. A worker that is not scheduled in time (a busy machine) is simply not waited for: the
// caller closes the job when its own share is done, so jobs must split their work dynamically
// (see ChunkQueue), never assume every share runs.
//
// A worker that wakes on the CPU of the job's caller (run() notes it) moves itself to the other
// CPUs the pool may use before it joins (Linux). Two threads on one CPU are slower than one, as
// each spins on the CPU the other needs. After a pause of most of a second the kernel often woke
// the worker there: rounds of four jobs of 4M floats, 800 ms apart, had the worker on the caller's
// CPU in 20 to 29 of 72 jobs and took 2.7 ms a job (two threads, 1.0 to 1.4 back to back); moved
// off, in none, 1.7 to 1.9 ms a job.
//
// An exception thrown by a share (std::bad_alloc on a worker, say) never escapes its thread:
// it is kept, run() still waits for every share that joined (they use the caller's context),
// and then rethrows the first one on the caller, as if the job had run on one thread.

#include <atomic>
#include <chrono>
#include <condition_variable>
#include <cstdint>
#include <exception>
#include <mutex>
#include <thread>
#include <vector>

namespace aabb {

/// Persistent spin-then-sleep worker threads; the caller takes part in every job.
class WorkerPool {
  public:
    /// A job share: `context` as given to run(), `share` 0 on the caller, 1..workers() on the
    /// workers. A plain function pointer: one indirect call per share, not per work item.
    using Job = void (*)(void* context, int share);

    /// Starts `workers` threads (0 is allowed: run() then only runs the caller's share).
    explicit WorkerPool(int workers);
    /// Stops and joins the workers.
    ~WorkerPool();
    WorkerPool(const WorkerPool&) = delete;
    WorkerPool& operator=(const WorkerPool&) = delete;

    /// Worker threads, not counting the caller.
    [[nodiscard]] int workers() const { return static_cast<int>(threads_.size()); }

    /// Runs job(context, 0) on the caller and job(context, k) on each worker k that joins
    /// before the caller has finished its own share; returns when all that joined are done.
    /// If any share threw, rethrows the first exception after all of them are done.
    /// Not reentrant: one caller at a time.
    void run(Job job, void* context);

    /// Called with the share number before every share of every job, on its thread; a test
    /// sets a hook that throws to inject a failure (std::bad_alloc on a worker). nullptr (the
    /// default) calls nothing. Process-wide: set it only in single-threaded tests.
    using FailureHook = void (*)(int share);
    /// Installs `hook` (nullptr removes it). For tests only.
    static void set_failure_hook_for_tests(FailureHook hook);

    /// How long a worker or the caller spins before blocking.
    static constexpr auto spin_time = std::chrono::microseconds(300);

    /// Times a worker woke on the caller's CPU and moved itself off it (0 where the CPU cannot
    /// be told, or the pool may use one CPU only).
    [[nodiscard]] std::uint64_t moves_off_caller_cpu() const {
        return moves_off_caller_cpu_.load(std::memory_order_relaxed);
    }

  private:
    void work(int share);
    // Moves the calling worker off the CPU the caller of this job runs on, if it is there.
    void leave_caller_cpu();
    // Runs one share, keeping its exception instead of letting it leave the thread.
    void run_share(Job job, void* context, int share) noexcept;

    static constexpr std::uint64_t closed_bit = 1ull << 31;
    static constexpr std::uint64_t count_mask = closed_bit - 1;

    std::vector<std::thread> threads_;
    std::mutex mutex_;
    std::condition_variable wake_;
    std::condition_variable done_;
    // Plain, not atomic: written by the caller before the job is opened (the release store to
    // joining_), read by workers only after they join it (the acquire CAS on joining_), and
    // never rewritten while a worker that joined still runs, since run() returns only once
    // every joined worker has finished. ThreadSanitizer (build-tsan) agrees.
    Job job_ = nullptr;
    void* context_ = nullptr;
    std::atomic<std::uint64_t> generation_{0};
    // (generation << 32) | closed_bit when closed | workers that joined.
    std::atomic<std::uint64_t> joining_{0};
    std::atomic<std::uint64_t> finished_{0};
    std::atomic<bool> stopping_{false};
    // The CPU run()'s caller was on when it opened the job (-1: unknown), and the CPUs the
    // pool may use: those the thread that made it could run on.
    std::atomic<int> caller_cpu_{-1};
    std::vector<int> allowed_cpus_;
    std::atomic<std::uint64_t> moves_off_caller_cpu_{0};
    // The first exception of the running job's shares: written under mutex_, read by the
    // caller once every share is done.
    std::exception_ptr failure_;
};

}  // namespace aabb
