#include "ui/jobs/background_comparison.hpp"

#include <exception>
#include <memory>
#include <stdexcept>
#include <utility>

#include "core/broadphase/broad_phase_factory.hpp"
#include "core/measure/scene_frames.hpp"
#include "core/parallel/stop_request.hpp"

namespace aabb::ui {

void BackgroundComparison::start(const World& world, int frame_count,
                                 const ComparisonOptions& options) {
    // The same checks the measuring makes, on the caller's thread.
    check_comparison_options(options);
    if (frame_count < 1) {
        throw std::invalid_argument("comparison: frame count must be at least 1, got " +
                                    std::to_string(frame_count));
    }
    ComparisonProgress initial;
    initial.algorithms = broad_phase_names();
    initial.world_step = world.frame();
    initial.repetitions = options.repetitions;
    initial.total_runs = initial.algorithms.size() * static_cast<std::size_t>(options.repetitions);
    initial.running = true;
    // Held by a shared pointer: the job is copied into the thread, a snapshot is large.
    auto state = std::make_shared<const WorldSnapshot>(world.snapshot());
    task_.start(std::move(initial), [this, state, frame_count, options](std::stop_token stop) {
        run(stop, *state, frame_count, options);
    });
}

void BackgroundComparison::run(std::stop_token stop, const WorldSnapshot& state, int frame_count,
                               ComparisonOptions options) {
    std::string error;
    bool finished = false;
    // Cancel (and quitting) stops the stepping and the measuring, inside brute force's rows too.
    const StopTokenScope cancel(stop);
    try {
        World world(state.settings);
        world.restore(state);
        FrameComparison comparison(record_world_frames(world, frame_count), std::move(options));
        task_.publish([&](ComparisonProgress& progress) {
            progress.box_count = comparison.frames().largest_count();
            progress.frames = comparison.frames().frame_count();
        });
        while (!stop_requested() && comparison.step()) {
            task_.publish([&](ComparisonProgress& progress) {
                progress.results = comparison.results();
                progress.runs_done = comparison.runs_done();
            });
        }
        finished = comparison.done();
        task_.publish([&](ComparisonProgress& progress) {
            progress.results = comparison.results();
            progress.runs_done = comparison.runs_done();
        });
    } catch (const StopRequested&) {
        // Cancelled: the runs made so far stay.
    } catch (const std::exception& problem) {
        error = problem.what();
    }
    task_.publish([&](ComparisonProgress& progress) {
        progress.running = false;
        progress.finished = error.empty() && finished;
        progress.cancelled = error.empty() && !progress.finished;
        progress.error = std::move(error);
    });
}

}  // namespace aabb::ui
