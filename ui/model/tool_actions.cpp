#include "ui/model/tool_actions.hpp"

#include <algorithm>
#include <charconv>
#include <cmath>
#include <stdexcept>
#include <string>

#include "core/text/input_excerpt.hpp"
#include "ui/view/body_picking.hpp"

namespace aabb::ui {

namespace {

constexpr Tool all_tools[] = {Tool::select, Tool::bullet, Tool::wall, Tool::shape, Tool::move,
                              Tool::erase,  Tool::spray,  Tool::ray,  Tool::clear};

float parse_number(std::string_view text, std::string_view part) {
    float value = 0.0f;
    const auto [end, error] = std::from_chars(text.data(), text.data() + text.size(), value);
    if (text.empty() || error != std::errc() || end != text.data() + text.size() ||
        !std::isfinite(value)) {
        throw std::invalid_argument("tool script: '" + input_excerpt(part) + "': '" +
                                    input_excerpt(text) + "' is not a finite number");
    }
    return value;
}

}  // namespace

const char* tool_name(Tool tool) {
    switch (tool) {
        case Tool::select:
            return "select";
        case Tool::bullet:
            return "bullet";
        case Tool::wall:
            return "wall";
        case Tool::shape:
            return "shape";
        case Tool::move:
            return "move";
        case Tool::erase:
            return "erase";
        case Tool::spray:
            return "spray";
        case Tool::ray:
            return "ray";
        case Tool::clear:
            return "clear";
    }
    return "?";
}

std::vector<ToolAction> parse_tool_script(std::string_view script) {
    std::vector<ToolAction> actions;
    while (!script.empty()) {
        const std::size_t end = script.find(';');
        const std::string_view part = script.substr(0, end);
        script = end == std::string_view::npos ? std::string_view{} : script.substr(end + 1);
        if (part.empty()) continue;
        const std::size_t colon = part.find(':');
        const std::string_view name = part.substr(0, colon);
        ToolAction action;
        bool known = false;
        for (const Tool tool : all_tools) {
            if (name == tool_name(tool)) {
                action.tool = tool;
                known = true;
            }
        }
        if (!known) {
            throw std::invalid_argument("tool script: unknown tool '" + input_excerpt(name) +
                                        "' (bullet, wall, shape, move, erase, spray, ray, clear)");
        }
        std::vector<float> numbers;
        std::string_view rest =
            colon == std::string_view::npos ? std::string_view{} : part.substr(colon + 1);
        while (!rest.empty()) {
            const std::size_t comma = rest.find(',');
            numbers.push_back(parse_number(rest.substr(0, comma), part));
            rest = comma == std::string_view::npos ? std::string_view{} : rest.substr(comma + 1);
        }
        const bool needs_none = action.tool == Tool::clear;
        if (needs_none ? !numbers.empty() : (numbers.size() != 2 && numbers.size() != 4)) {
            throw std::invalid_argument("tool script: '" + input_excerpt(part) + "': expected " +
                                        (needs_none ? "no numbers" : "x,y or x,y,x2,y2"));
        }
        if (numbers.size() >= 2) action.from = action.to = {numbers[0], numbers[1]};
        if (numbers.size() == 4) action.to = {numbers[2], numbers[3]};
        actions.push_back(action);
    }
    return actions;
}

int apply_tool_action(SimulationController& simulation, const ToolAction& action,
                      const ToolSettings& settings, std::uint32_t seed) {
    const World& world = simulation.world();
    switch (action.tool) {
        case Tool::select:
        case Tool::ray:
            // The ray probe is a query the editing tools keep; the world does not change.
            return 0;
        case Tool::bullet: {
            const auto body = bullet_from_drag(
                action.from, action.to, settings.bullet_speed_per_unit, settings.bullet_size,
                settings.swept_bullets ? DetectionMode::swept : DetectionMode::discrete);
            if (!body) return 0;
            simulation.add_body(*body);
            return 1;
        }
        case Tool::wall: {
            const auto body = wall_from_drag(action.from, action.to);
            if (!body) return 0;
            simulation.add_body(*body);
            return 1;
        }
        case Tool::shape: {
            const Body body =
                shape_body(settings.shape, action.to, settings.shape_size, settings.shape_spin);
            if (settings.shape == ToolShape::hexagon) {
                const auto vertices = hexagon_vertices(settings.shape_size);
                simulation.add_body(body, vertices);
            } else {
                simulation.add_body(body);
            }
            return 1;
        }
        case Tool::move: {
            const auto picked = pick_body(world, action.from, 0.0f);
            if (!picked) return 0;
            const BodyId id = world.body_ids()[*picked];
            const glm::vec2 target = world.bodies()[*picked].position + (action.to - action.from);
            simulation.move_body(id, target, true);
            return 0;
        }
        case Tool::erase: {
            const auto picked = pick_body(world, action.from, 0.0f);
            if (!picked) return 0;
            simulation.remove_body(world.body_ids()[*picked]);
            return -1;
        }
        case Tool::spray: {
            const glm::vec2 half(settings.spray_radius);
            const auto bodies =
                spray_bodies(static_cast<std::size_t>(std::max(settings.spray_count, 0)),
                             Box2{action.to - half, action.to + half}, 0.5f, 3.0f, 20.0f, seed);
            simulation.add_bodies(bodies);
            return static_cast<int>(bodies.size());
        }
        case Tool::clear: {
            const int removed = static_cast<int>(world.bodies().size());
            simulation.clear_bodies();
            return -removed;
        }
    }
    return 0;
}

}  // namespace aabb::ui
