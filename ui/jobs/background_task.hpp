#pragma once
// One job at a time on a worker thread, its progress published under a mutex: the UI thread
// polls version() once a frame and copies the progress only when it grew, so a long
// measurement never stalls a frame. Shared by "Compare all" and the scaling sweep. Pure C++
// (no SDL, GL or ImGui).

#include <cstdint>
#include <mutex>
#include <stop_token>
#include <thread>
#include <utility>

namespace aabb::ui {

/// Runs one job at a time on a worker thread and keeps the Progress it publishes.
template <class Progress>
class BackgroundTask {
  public:
    /// No job yet: version() is 0.
    BackgroundTask() = default;
    /// Cancels a running job and joins its thread.
    ~BackgroundTask() {
        cancel();
        wait();
    }
    BackgroundTask(const BackgroundTask&) = delete;
    BackgroundTask& operator=(const BackgroundTask&) = delete;

    /// Cancels and joins any earlier job, publishes `initial`, then runs job(stop_token) on a
    /// new thread.
    template <class Job>
    void start(Progress initial, Job job) {
        cancel();
        wait();
        publish([&](Progress& progress) { progress = std::move(initial); });
        worker_ = std::jthread(std::move(job));
    }
    /// Asks the job to stop (its stop_token fires); returns at once.
    void cancel() { worker_.request_stop(); }
    /// Blocks until the job's thread has ended.
    void wait() {
        if (worker_.joinable()) worker_.join();
    }
    /// Changes the progress under the lock; version() grows.
    template <class Change>
    void publish(Change change) {
        const std::lock_guard lock(mutex_);
        change(progress_);
        ++version_;
    }
    /// What read_progress(progress) returns, read under the lock.
    template <class Read>
    [[nodiscard]] auto read(Read read_progress) const {
        const std::lock_guard lock(mutex_);
        return read_progress(progress_);
    }
    /// Grows at every publish, start included.
    [[nodiscard]] std::uint64_t version() const {
        const std::lock_guard lock(mutex_);
        return version_;
    }
    /// A copy of the progress so far.
    [[nodiscard]] Progress snapshot() const {
        return read([](const Progress& progress) { return progress; });
    }

  private:
    mutable std::mutex mutex_;
    Progress progress_;
    std::uint64_t version_ = 0;
    // Declared last: destroyed (stopped and joined) first, while the members it uses live.
    std::jthread worker_;
};

}  // namespace aabb::ui
