#include "ui/jobs/background_comparison.hpp"

#include <exception>
#include <stdexcept>
#include <utility>

#include "core/broadphase/broad_phase_factory.hpp"
#include "core/parallel/stop_request.hpp"

namespace aabb::ui {

void BackgroundComparison::start(std::vector<Box2> boxes, const ComparisonOptions& options,
                                 std::uint64_t world_step) {
    // The same checks measure_broad_phase makes, on the caller's thread.
    check_comparison_options(options);
    ComparisonProgress initial;
    initial.algorithms = broad_phase_names();
    initial.box_count = boxes.size();
    initial.world_step = world_step;
    initial.running = true;
    task_.start(std::move(initial), [this, owned = std::move(boxes),
                                     options](std::stop_token stop) { run(stop, owned, options); });
}

void BackgroundComparison::run(std::stop_token stop, const std::vector<Box2>& boxes,
                               ComparisonOptions options) {
    const std::vector<std::string> algorithms =
        task_.read([](const ComparisonProgress& progress) { return progress.algorithms; });
    std::string error;
    std::size_t measured = 0;
    // Cancel (and quitting) stops the measurement itself, inside brute force's rows too.
    const StopTokenScope cancel(stop);
    try {
        for (; measured < algorithms.size() && !stop_requested(); ++measured) {
            BroadPhaseMeasurement measurement =
                measure_broad_phase(algorithms[measured], boxes, options);
            task_.publish([&](ComparisonProgress& progress) {
                progress.results.push_back(std::move(measurement));
            });
        }
    } catch (const StopRequested&) {
        // Cancelled: the algorithms measured so far stay.
    } catch (const std::exception& problem) {
        error = problem.what();
    }
    task_.publish([&](ComparisonProgress& progress) {
        progress.running = false;
        progress.finished = error.empty() && measured == algorithms.size();
        progress.cancelled = error.empty() && !progress.finished;
        progress.error = std::move(error);
    });
}

}  // namespace aabb::ui
