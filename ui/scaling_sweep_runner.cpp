#include "ui/scaling_sweep_runner.hpp"

#include <exception>
#include <utility>

namespace aabb::ui {

ScalingSweepRunner::~ScalingSweepRunner() {
    cancel();
    wait();
}

void ScalingSweepRunner::start(ScalingSweepOptions options) {
    // Validate on the caller's thread so a bad option is an exception here, not a worker error.
    ScalingSweep sweep(std::move(options));
    cancel();
    wait();
    {
        const std::lock_guard lock(mutex_);
        progress_ = {};
        progress_.algorithms = sweep.algorithms();
        progress_.sizes = sweep.sizes();
        progress_.running = true;
        started_ = true;
        ++version_;
    }
    worker_ = std::jthread(
        [this](std::stop_token stop, ScalingSweep owned) { run(stop, std::move(owned)); },
        std::move(sweep));
}

void ScalingSweepRunner::cancel() {
    worker_.request_stop();
}

void ScalingSweepRunner::wait() {
    if (worker_.joinable()) worker_.join();
}

bool ScalingSweepRunner::started() const {
    const std::lock_guard lock(mutex_);
    return started_;
}

bool ScalingSweepRunner::running() const {
    const std::lock_guard lock(mutex_);
    return progress_.running;
}

std::uint64_t ScalingSweepRunner::version() const {
    const std::lock_guard lock(mutex_);
    return version_;
}

ScalingSweepProgress ScalingSweepRunner::snapshot() const {
    const std::lock_guard lock(mutex_);
    return progress_;
}

void ScalingSweepRunner::run(std::stop_token stop, ScalingSweep sweep) {
    try {
        while (!stop.stop_requested() && sweep.step()) {
            publish(sweep, true, false, {});
        }
        publish(sweep, false, !sweep.done(), {});
    } catch (const std::exception& error) {
        publish(sweep, false, false, error.what());
    }
}

void ScalingSweepRunner::publish(const ScalingSweep& sweep, bool running, bool cancelled,
                                 std::string error) {
    const std::lock_guard lock(mutex_);
    // Only the new measurements are copied: earlier ones never change.
    const std::vector<BroadPhaseMeasurement>& results = sweep.results();
    progress_.results.insert(
        progress_.results.end(),
        results.begin() + static_cast<std::ptrdiff_t>(progress_.results.size()), results.end());
    progress_.fraction = sweep.progress();
    progress_.skipped = sweep.skipped();
    progress_.running = running;
    progress_.finished = sweep.done();
    progress_.cancelled = cancelled;
    progress_.error = std::move(error);
    ++version_;
}

}  // namespace aabb::ui
