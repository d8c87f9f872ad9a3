#include "ui/jobs/scaling_sweep_runner.hpp"

#include <exception>
#include <utility>

#include "core/parallel/stop_request.hpp"

namespace aabb::ui {

void ScalingSweepRunner::start(ScalingSweepOptions options) {
    // Validate on the caller's thread so a bad option is an exception here, not a worker error.
    ScalingSweep sweep(std::move(options));
    ScalingSweepProgress initial;
    initial.algorithms = sweep.algorithms();
    initial.sizes = sweep.sizes();
    initial.running = true;
    task_.start(std::move(initial), [this, owned = std::move(sweep)](std::stop_token stop) mutable {
        run(stop, owned);
    });
}

void ScalingSweepRunner::run(std::stop_token stop, ScalingSweep& sweep) {
    // Cancel (and quitting) stops the measurement itself, inside brute force's rows too.
    const StopTokenScope cancel(stop);
    try {
        while (!stop_requested() && sweep.step()) {
            publish(sweep, true, false, {});
        }
        publish(sweep, false, !sweep.done(), {});
    } catch (const StopRequested&) {
        publish(sweep, false, true, {});
    } catch (const std::exception& error) {
        publish(sweep, false, false, error.what());
    }
}

void ScalingSweepRunner::publish(const ScalingSweep& sweep, bool running, bool cancelled,
                                 std::string error) {
    task_.publish([&](ScalingSweepProgress& progress) {
        // Only the new measurements are copied: earlier ones never change.
        const std::vector<BroadPhaseMeasurement>& results = sweep.results();
        progress.results.insert(
            progress.results.end(),
            results.begin() + static_cast<std::ptrdiff_t>(progress.results.size()), results.end());
        progress.fraction = sweep.progress();
        progress.skipped = sweep.skipped();
        progress.running = running;
        progress.finished = sweep.done();
        progress.cancelled = cancelled;
        progress.error = std::move(error);
    });
}

}  // namespace aabb::ui
