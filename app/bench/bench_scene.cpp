#include "app/bench/bench_scene.hpp"

#include <stdexcept>

namespace aabb::bench {

BenchScene::BenchScene(const WorkloadOptions& options)
    : name_(workload_name(options.kind)), workload_(std::in_place, options) {
    facts_.box_count = workload_->box_count();
    facts_.world_bounds = workload_->bounds();
}

BenchScene::BenchScene(std::shared_ptr<const Trace> trace, std::string name)
    : name_(std::move(name)), trace_(std::move(trace)) {
    facts_.box_count = trace_->box_count;
    Box2 bounds = Box2::empty();
    for (const Box2& box : trace_->boxes)
        bounds = merge(bounds, box);
    facts_.world_bounds = bounds;
}

std::size_t BenchScene::box_count() const {
    return facts_.box_count;
}

int BenchScene::frame_count() const {
    return workload_ ? workload_->frame_count() : trace_->frame_count;
}

void BenchScene::restart() {
    if (workload_) workload_->restart();
}

std::span<const Box2> BenchScene::frame(int frame) {
    if (!workload_) return trace_->frame(frame);
    if (frame == workload_->current_frame() + 1) {
        workload_->advance();
    } else if (frame != workload_->current_frame()) {
        workload_->go_to_frame(frame);
    }
    return workload_->boxes();
}

}  // namespace aabb::bench
