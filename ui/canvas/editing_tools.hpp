#pragma once
// The editing tools' state and their canvas mouse: the Tools page (ui/panels/pages/) chooses a
// tool and its options, then the left button pressed and released on the canvas (drag for bullets,
// walls and moves; click for shapes, erase and spray). Each use becomes a ToolAction applied as
// World commands; ToolPreviewOverlay draws the drag in progress.

#include <cstdint>
#include <optional>

#include "ui/model/ray_probe.hpp"
#include "ui/model/tool_actions.hpp"
#include "ui/view/camera.hpp"

namespace aabb::ui {

/// The editing tools' state.
class EditingTools {
  public:
    /// Reads the left button on the canvas for the current tool (ignored for select).
    void handle_input(SimulationController& simulation, const Camera& camera);
    /// True when the left button belongs to a tool (the canvas must not pan with it).
    [[nodiscard]] bool owns_left_button() const { return tool_ != Tool::select; }
    /// The current tool.
    [[nodiscard]] Tool tool() const { return tool_; }
    /// The drag in progress (press point, current point), if any.
    [[nodiscard]] std::optional<ToolAction> drag() const;
    /// Chooses the tool (the Tools page's radio buttons).
    void set_tool(Tool tool) { tool_ = tool; }
    /// Tool options.
    [[nodiscard]] const ToolSettings& settings() const { return settings_; }
    /// The ray tool's probe (kept when another tool is chosen, so a ray stays to discuss).
    [[nodiscard]] const RayProbe& ray_probe() const { return ray_probe_; }
    /// The probe, for a script or the Tools page to aim or clear.
    [[nodiscard]] RayProbe& ray_probe() { return ray_probe_; }
    /// Tool options, for the Tools page to edit.
    [[nodiscard]] ToolSettings& settings() { return settings_; }

  private:
    Tool tool_ = Tool::select;
    ToolSettings settings_;
    bool dragging_ = false;
    glm::vec2 drag_from_{0.0f};
    glm::vec2 drag_to_{0.0f};
    std::optional<BodyId> moving_;
    glm::vec2 moving_offset_{0.0f};
    std::uint32_t spray_seed_ = 1;
    RayProbe ray_probe_;
};

}  // namespace aabb::ui
