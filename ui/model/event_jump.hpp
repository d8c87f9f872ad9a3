#pragma once
// Going back to an event's world step through the step-back history (the Tunneling panel's
// click): steps back, paused, until the world is at the end of that step or the history runs
// out. Only SimulationController::step_back() is used: the history is not touched otherwise.

#include <cstdint>

#include "ui/model/simulation_controller.hpp"

namespace aabb::ui {

/// Pauses and steps back until world().frame() is `step` (the state right after the event's
/// step, whose ghosts the tracker still holds) or the history is empty. Does nothing forward:
/// a later step cannot be reached. Returns the world step reached.
std::uint64_t go_back_to_step(SimulationController& simulation, std::uint64_t step);

}  // namespace aabb::ui
