#include "ui/model/event_jump.hpp"

namespace aabb::ui {

std::uint64_t go_back_to_step(SimulationController& simulation, std::uint64_t step) {
    simulation.set_paused(true);
    while (simulation.world().frame() > step && simulation.step_back()) {
    }
    return simulation.world().frame();
}

}  // namespace aabb::ui
