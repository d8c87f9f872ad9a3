#include "ui/canvas/canvas_switches.hpp"

#include <algorithm>

#include "ui/view/overlay_switches.hpp"

namespace aabb::ui {

std::vector<OverlayRule> overlay_rules(const WorldCanvas& canvas) {
    std::vector<OverlayRule> rules;
    for (const OverlaySlot& slot : canvas.overlays()) {
        rules.push_back({std::string(slot.overlay->name()), slot.in_lessons});
    }
    return rules;
}

CanvasSwitches canvas_switches(const WorldCanvas& canvas) {
    CanvasSwitches switches;
    for (const OverlaySlot& slot : canvas.overlays())
        switches.overlays.push_back(slot.enabled);
    switches.pair_lines = canvas.layers().pair_lines;
    switches.hover_info = canvas.layers().hover_info;
    switches.world = canvas.world_display();
    return switches;
}

void apply_canvas_switches(WorldCanvas& canvas, const CanvasSwitches& switches) {
    std::vector<OverlaySlot>& slots = canvas.overlays();
    for (std::size_t i = 0; i < std::min(slots.size(), switches.overlays.size()); ++i)
        slots[i].enabled = switches.overlays[i];
    canvas.layers().pair_lines = switches.pair_lines;
    canvas.layers().hover_info = switches.hover_info;
    canvas.set_world_display(switches.world);
}

}  // namespace aabb::ui
