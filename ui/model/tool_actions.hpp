#pragma once
// The editing tools as actions on the SimulationController: the mouse turns a press and a
// release into a ToolAction, and so can a script ("--tools bullet:-50,0,-40,0;wall:...") for
// headless tests. Every action becomes World commands (add, remove, move, clear). Pure C++,
// unit tested.

#include <cstdint>
#include <string_view>
#include <vector>

#include "ui/model/simulation_controller.hpp"
#include "ui/view/tool_geometry.hpp"

namespace aabb::ui {

/// What the left mouse button does on the canvas.
enum class Tool : std::uint8_t {
    /// Click selects, drag pans.
    select,
    /// Drag from the start point in the direction of flight; longer is faster.
    bullet,
    /// Drag a rectangle.
    wall,
    /// Click drops a rotating shape.
    shape,
    /// Drag an object.
    move,
    /// Click deletes the object under the cursor.
    erase,
    /// Click adds random objects around the point.
    spray,
    /// Drag a probe ray from its origin through a point: its hits, slabs and the structure's
    /// visits (a query: the world does not change).
    ray,
    /// Removes everything (no position needed).
    clear,
};

/// Options of the tools, with documented defaults.
struct ToolSettings {
    /// Bullet speed per world unit of drag, per second. Default 10.
    float bullet_speed_per_unit = 10.0f;
    /// Bullet width. Default 1.
    float bullet_size = 1.0f;
    /// Swept (true) or discrete (false) bullets. Default false: discrete, so tunneling shows.
    bool swept_bullets = false;
    /// Shape kind. Default box.
    ToolShape shape = ToolShape::box;
    /// Shape full width. Default 8.
    float shape_size = 8.0f;
    /// Shape spin in radians per second. Default 1.
    float shape_spin = 1.0f;
    /// Objects per spray. Default 50.
    int spray_count = 50;
    /// Half width of the sprayed square. Default 15.
    float spray_radius = 15.0f;
};

/// One use of a tool: press at `from`, release at `to` (world units).
struct ToolAction {
    /// Which tool.
    Tool tool = Tool::select;
    /// Where the press was.
    glm::vec2 from{0.0f};
    /// Where the release was (equal to `from` for clicks).
    glm::vec2 to{0.0f};
};

/// The tool's name as scripts and the panel spell it ("bullet", "wall", ...).
[[nodiscard]] const char* tool_name(Tool tool);

/// Parses "tool:x,y[,x2,y2];tool:..." (clear takes no numbers). Throws std::invalid_argument
/// naming the bad part.
[[nodiscard]] std::vector<ToolAction> parse_tool_script(std::string_view script);

/// Applies one action as World commands. `seed` varies sprays. Returns the number of bodies
/// added (negative for removed). Invalid results (a click with the bullet tool) do nothing.
int apply_tool_action(SimulationController& simulation, const ToolAction& action,
                      const ToolSettings& settings, std::uint32_t seed);

}  // namespace aabb::ui
