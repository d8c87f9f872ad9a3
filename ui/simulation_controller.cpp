#include "ui/simulation_controller.hpp"

#include <algorithm>
#include <cmath>
#include <stdexcept>

namespace aabb::ui {

namespace {

void check_body_count(std::size_t body_count) {
    if (body_count > SimulationController::max_body_count) {
        throw std::invalid_argument("simulation: body count " + std::to_string(body_count) +
                                    " exceeds the maximum of " +
                                    std::to_string(SimulationController::max_body_count));
    }
}

WorldSettings settings_for(const SceneRequest& request) {
    check_body_count(request.body_count);
    WorldSettings settings;
    settings.broad_phase = request.broad_phase;
    return settings;
}

}  // namespace

SimulationController::SimulationController(const SceneRequest& request)
    : scene_(request), world_(settings_for(request)) {
    add_random_moving_boxes(world_, scene_.body_count, scene_.seed);
}

int SimulationController::advance_frame() {
    int steps = 0;
    if (paused_) {
        steps = single_step_requested_ ? 1 : 0;
    } else {
        step_debt_ += steps_per_frame_;
        steps = static_cast<int>(std::floor(step_debt_));
        step_debt_ -= static_cast<float>(steps);
    }
    single_step_requested_ = false;
    for (int i = 0; i < steps; ++i)
        world_.step();
    last_steps_ = steps;
    return steps;
}

void SimulationController::set_steps_per_frame(float steps_per_frame) {
    if (!std::isfinite(steps_per_frame)) {
        throw std::invalid_argument("simulation: steps per frame must be finite");
    }
    steps_per_frame_ = std::clamp(steps_per_frame, min_steps_per_frame, max_steps_per_frame);
    step_debt_ = std::min(step_debt_, 1.0f);
}

void SimulationController::respawn(std::size_t body_count, std::uint32_t seed) {
    check_body_count(body_count);
    world_.clear();
    add_random_moving_boxes(world_, body_count, seed);
    scene_.body_count = body_count;
    scene_.seed = seed;
    step_debt_ = 0.0f;
}

void SimulationController::select_broad_phase(std::string_view name) {
    world_.set_broad_phase(name);
    scene_.broad_phase = std::string(name);
}

}  // namespace aabb::ui
