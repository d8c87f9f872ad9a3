#pragma once
// The "Tools" panel section and the canvas mouse for the editing tools: choose a tool and its
// options, then press and release the left button on the canvas (drag for bullets, walls and
// moves; click for shapes, erase and spray). Each use becomes a ToolAction applied as World
// commands; ToolPreviewOverlay draws the drag in progress.

#include <cstdint>
#include <optional>

#include "ui/canvas/canvas_overlay.hpp"
#include "ui/model/tool_actions.hpp"
#include "ui/view/camera.hpp"

namespace aabb::ui {

/// The editing tools' state.
class EditingTools {
  public:
    /// Reads the left button on the canvas for the current tool (ignored for select).
    void handle_input(SimulationController& simulation, const Camera& camera);
    /// The "Tools" panel section.
    void draw_panel(SimulationController& simulation);
    /// True when the left button belongs to a tool (the canvas must not pan with it).
    [[nodiscard]] bool owns_left_button() const { return tool_ != Tool::select; }
    /// The current tool.
    [[nodiscard]] Tool tool() const { return tool_; }
    /// The drag in progress (press point, current point), if any.
    [[nodiscard]] std::optional<ToolAction> drag() const;
    /// Tool options.
    [[nodiscard]] const ToolSettings& settings() const { return settings_; }

  private:
    Tool tool_ = Tool::select;
    ToolSettings settings_;
    bool dragging_ = false;
    glm::vec2 drag_from_{0.0f};
    glm::vec2 drag_to_{0.0f};
    std::optional<BodyId> moving_;
    glm::vec2 moving_offset_{0.0f};
    std::uint32_t spray_seed_ = 1;
};

/// Draws the drag in progress: the bullet's direction and speed, the wall's rectangle.
class ToolPreviewOverlay final : public CanvasOverlay {
  public:
    /// Draws `tools`' drag.
    explicit ToolPreviewOverlay(const EditingTools& tools) : tools_(tools) {}
    [[nodiscard]] const char* short_label() const override { return "Tool preview"; }
    [[nodiscard]] const char* label() const override {
        return "The drag of the current tool (bullet direction and speed, wall rectangle)";
    }
    [[nodiscard]] Rgba8 legend_color() const override { return {255, 255, 160}; }
    void draw(const OverlayContext& context) override;

  private:
    const EditingTools& tools_;
};

}  // namespace aabb::ui
