#include "ui/background_comparison.hpp"

#include <exception>
#include <stdexcept>
#include <utility>

#include "core/broadphase/broad_phase_factory.hpp"

namespace aabb::ui {

BackgroundComparison::~BackgroundComparison() {
    cancel();
    wait();
}

void BackgroundComparison::start(std::vector<Box2> boxes, const ComparisonOptions& options,
                                 std::uint64_t world_step) {
    // The same checks measure_broad_phase makes, on the caller's thread.
    if (options.repetitions < 1 || options.repetitions > 100) {
        throw std::invalid_argument("comparison: repetitions must be in 1..100, got " +
                                    std::to_string(options.repetitions));
    }
    cancel();
    wait();
    {
        const std::lock_guard lock(mutex_);
        progress_ = {};
        progress_.algorithms = broad_phase_names();
        progress_.box_count = boxes.size();
        progress_.world_step = world_step;
        progress_.running = true;
        ++version_;
    }
    worker_ =
        std::jthread([this](std::stop_token stop, std::vector<Box2> owned,
                            ComparisonOptions copied) { run(stop, std::move(owned), copied); },
                     std::move(boxes), options);
}

void BackgroundComparison::cancel() {
    worker_.request_stop();
}

void BackgroundComparison::wait() {
    if (worker_.joinable()) worker_.join();
}

std::uint64_t BackgroundComparison::version() const {
    const std::lock_guard lock(mutex_);
    return version_;
}

ComparisonProgress BackgroundComparison::snapshot() const {
    const std::lock_guard lock(mutex_);
    return progress_;
}

void BackgroundComparison::run(std::stop_token stop, std::vector<Box2> boxes,
                               ComparisonOptions options) {
    std::vector<std::string> algorithms;
    {
        const std::lock_guard lock(mutex_);
        algorithms = progress_.algorithms;
    }
    std::string error;
    std::size_t measured = 0;
    try {
        for (; measured < algorithms.size() && !stop.stop_requested(); ++measured) {
            BroadPhaseMeasurement measurement =
                measure_broad_phase(algorithms[measured], boxes, options);
            const std::lock_guard lock(mutex_);
            progress_.results.push_back(std::move(measurement));
            ++version_;
        }
    } catch (const std::exception& problem) {
        error = problem.what();
    }
    const std::lock_guard lock(mutex_);
    progress_.running = false;
    progress_.finished = error.empty() && measured == algorithms.size();
    progress_.cancelled = error.empty() && !progress_.finished;
    progress_.error = std::move(error);
    ++version_;
}

}  // namespace aabb::ui
