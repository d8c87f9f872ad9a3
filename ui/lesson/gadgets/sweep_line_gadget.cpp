// The sweep line gadget (L16): sort-and-sweep (curriculum §8). Each box is an interval on the
// sweep axis; sorting the 2n endpoints and sweeping a line across them, a min opens its
// interval and a max closes it, and a box that opens is tested only against the boxes open at
// that moment (the active set). An inset shows the boxes, their intervals as lanes along the
// sweep axis, and the sweep line stepping through the sorted endpoints one every
// frames_per_event frames (frames, not wall time, so a screenshot is always the same picture),
// with the active set and what the current endpoint does. Under it: the pairs whose intervals
// overlap on each axis (the work the sweep hands on), the true pairs, and what seed 001's
// parity rule finds. The axis and the counts are the sweep_axis readout's (auto: the axis along
// which the box centers spread most, as sort_and_sweep chooses).

#include <algorithm>
#include <string>
#include <vector>

#include "ui/canvas/overlay_draw.hpp"
#include "ui/lesson/gadgets/gadget_inset.hpp"
#include "ui/lesson/gadgets/gadget_list.hpp"
#include "ui/lesson/gadgets/gadget_readouts.hpp"
#include "ui/platform/theme.hpp"
#include "ui/style/overlay_colors.hpp"
#include "ui/text/text_catalog.hpp"

namespace aabb::ui {

namespace {

// How long the sweep line stays at each endpoint (at 60 frames per second, about 0.75 s).
constexpr int frames_per_event = 45;

/// An endpoint of the sweep: its value, whether it closes its interval, and whose it is.
struct Endpoint {
    float value;
    bool is_max;
    std::size_t box;
};

/// The name the sweep_axis readout gives box `index`: A, B, …, Z, A1, B1, …
std::string box_letter(std::size_t index) {
    std::string name(1, static_cast<char>('A' + index % 26));
    if (index >= 26) name += std::to_string(index / 26);
    return name;
}

/// The endpoints sorted as the readout sorts them: by value, a min before a max of equal value
/// (closed intervals that touch still overlap), otherwise in box order.
std::vector<Endpoint> sorted_endpoints(std::span<const Box2> boxes, int axis) {
    std::vector<Endpoint> endpoints;
    for (std::size_t i = 0; i < boxes.size(); ++i) {
        endpoints.push_back({boxes[i].min[axis], false, i});
        endpoints.push_back({boxes[i].max[axis], true, i});
    }
    std::stable_sort(endpoints.begin(), endpoints.end(), [](const Endpoint& a, const Endpoint& b) {
        return a.value < b.value || (a.value == b.value && !a.is_max && b.is_max);
    });
    return endpoints;
}

/// Lanes for the intervals so that intervals sharing a lane never overlap (greedy, in sorted
/// order); returns each box's lane and sets `lane_count`.
std::vector<int> assign_lanes(const std::vector<Endpoint>& endpoints, std::size_t boxes,
                              int& lane_count) {
    std::vector<int> lane(boxes, 0);
    std::vector<bool> busy;
    for (const Endpoint& endpoint : endpoints) {
        if (endpoint.is_max) {
            busy[static_cast<std::size_t>(lane[endpoint.box])] = false;
            continue;
        }
        const auto free = std::find(busy.begin(), busy.end(), false);
        lane[endpoint.box] = static_cast<int>(free - busy.begin());
        if (free == busy.end()) {
            busy.push_back(true);
        } else {
            *free = true;
        }
    }
    lane_count = std::max<int>(1, static_cast<int>(busy.size()));
    return lane;
}

/// A list of box names, "A, B"; "—" when empty.
std::string name_list(const std::vector<std::size_t>& boxes) {
    if (boxes.empty()) return "—";
    std::string text;
    for (const std::size_t box : boxes) {
        if (!text.empty()) text += ", ";
        text += box_letter(box);
    }
    return text;
}

}  // namespace

void draw_sweep_line(const GadgetContext& context) {
    const lesson::LessonObject* list = context.object("boxes");
    if (list == nullptr) return;
    const std::span<const Box2> boxes =
        std::span<const Box2>(list->boxes).first(std::min(list->count, list->boxes.size()));
    if (boxes.empty()) return;
    Box2 bounds = Box2::empty();
    for (const Box2& box : boxes) {
        if (!box.is_valid()) return;
        bounds = merge(bounds, box);
    }
    CatalogQuery chosen(context, "sweep_axis");
    chosen.object("boxes", "boxes").option("axis", "auto");
    const int axis = chosen.text("axis") == "y" ? 1 : 0;
    const std::vector<Endpoint> endpoints = sorted_endpoints(boxes, axis);
    int lane_count = 1;
    const std::vector<int> lanes = assign_lanes(endpoints, boxes.size(), lane_count);
    // The current endpoint, and who is open once it is processed; one pause with all closed.
    const auto event_count = static_cast<int>(endpoints.size());
    const int event = (ImGui::GetFrameCount() / frames_per_event) % (event_count + 1);
    std::vector<bool> open(boxes.size(), false);
    std::vector<std::size_t> tested;
    for (int i = 0; i <= event && i < event_count; ++i) {
        const Endpoint& endpoint = endpoints[static_cast<std::size_t>(i)];
        if (i == event) {
            for (std::size_t b = 0; b < boxes.size(); ++b)
                if (open[b] && !endpoint.is_max) tested.push_back(b);
        }
        open[endpoint.box] = !endpoint.is_max;
    }
    std::vector<std::size_t> active;
    for (std::size_t b = 0; b < boxes.size(); ++b)
        if (open[b]) active.push_back(b);

    const std::string axis_name = axis == 0 ? "x" : "y";
    const std::string title = tr_format(TextKey::gadget_sweep_title, axis_name.c_str());
    const float line = ImGui::GetTextLineHeightWithSpacing();
    const Inset inset =
        draw_inset(context, InsetPlace::top_right,
                   {440.0f, 200.0f + 5.0f * line / overlay_size(1.0f)}, title.c_str());
    const ScopedClip clip(context.draw_list, inset.frame);
    Camera frame_camera;
    frame_camera.set_viewport(inset.frame);
    const GadgetContext in_frame = context.with_camera(frame_camera);

    // The boxes above (axis x) or left of (axis y) their lanes, sharing the axis's scale.
    ScreenRect drawing = inset.body;
    drawing.max.y -= 4.2f * line;
    const float lane_space = std::min(0.4f * (axis == 0 ? drawing.size().y : drawing.size().x),
                                      float(lane_count) * overlay_size(14.0f));
    ScreenRect picture = drawing;
    (axis == 0 ? picture.max.y : picture.max.x) -= lane_space + overlay_size(6.0f);
    const Camera camera = panel_camera(picture, bounds, overlay_size(12.0f));
    const GadgetContext panel = context.with_camera(camera);
    const ImU32 color = object_color(*list);
    const ImU32 highlight = role_color("result");
    for (std::size_t b = 0; b < boxes.size(); ++b) {
        draw_world_box(panel, boxes[b], open[b] ? highlight : color, open[b] ? 2.5f : 1.5f, 50);
        const glm::vec2 corner = camera.world_to_screen(glm::vec2(boxes[b].min.x, boxes[b].max.y));
        draw_label(in_frame, ImVec2(corner.x + 2.0f, corner.y + 1.0f), open[b] ? highlight : color,
                   box_letter(b).c_str());
    }
    const float lane_step = lane_space / float(lane_count);
    const float thick = std::max(2.0f, std::min(overlay_size(8.0f), lane_step * 0.7f));
    const float lanes_start = (axis == 0 ? picture.max.y : picture.max.x) + overlay_size(6.0f);
    for (std::size_t b = 0; b < boxes.size(); ++b) {
        const glm::vec2 low = camera.world_to_screen(boxes[b].min);
        const glm::vec2 high = camera.world_to_screen(boxes[b].max);
        const float offset = lanes_start + lane_step * float(lanes[b]) + 0.5f * lane_step;
        const ImU32 lane_color = open[b] ? highlight : color;
        if (axis == 0) {
            context.draw_list.AddLine(ImVec2(low.x, offset), ImVec2(high.x, offset), lane_color,
                                      thick);
        } else {
            context.draw_list.AddLine(ImVec2(offset, low.y), ImVec2(offset, high.y), lane_color,
                                      thick);
        }
    }
    // The sweep line across the boxes and the lanes.
    const ImU32 time = role_color("time");
    if (event < event_count) {
        const float value = endpoints[static_cast<std::size_t>(event)].value;
        const glm::vec2 at = camera.world_to_screen(glm::vec2(value));
        if (axis == 0) {
            context.draw_list.AddLine(ImVec2(at.x, drawing.min.y), ImVec2(at.x, drawing.max.y),
                                      time, overlay_stroke(2.5f));
        } else {
            context.draw_list.AddLine(ImVec2(drawing.min.x, at.y), ImVec2(drawing.max.x, at.y),
                                      time, overlay_stroke(2.5f));
        }
    }

    // The sorted endpoints with the current one marked, then what it does and the counts.
    float x = inset.body.min.x;
    float y = drawing.max.y + overlay_size(4.0f);
    for (int i = 0; i < event_count; ++i) {
        const Endpoint& endpoint = endpoints[static_cast<std::size_t>(i)];
        const std::string token = box_letter(endpoint.box) + (endpoint.is_max ? ")" : "(");
        const float width = ImGui::CalcTextSize(token.c_str()).x;
        if (x + width > inset.body.max.x) break;
        canvas_text(context.draw_list, ImVec2(x, y),
                    i == event ? time : to_imgui_color(palette.text_dim), token.c_str(),
                    TextOwner::inset);
        x += width + ImGui::CalcTextSize(" ").x;
    }
    y += line;
    std::string action;
    if (event < event_count) {
        const Endpoint& endpoint = endpoints[static_cast<std::size_t>(event)];
        action = endpoint.is_max
                     ? tr_format(TextKey::gadget_sweep_closes, box_letter(endpoint.box).c_str())
                     : tr_format(TextKey::gadget_sweep_opens, box_letter(endpoint.box).c_str(),
                                 name_list(tested).c_str());
        action += "   ";
    }
    action += tr_format(TextKey::gadget_sweep_active, name_list(active).c_str());
    draw_label(in_frame, ImVec2(inset.body.min.x, y), time, action.c_str());
    y += line;
    CatalogQuery on_x(context, "sweep_axis");
    on_x.object("boxes", "boxes").option("axis", "x");
    CatalogQuery on_y(context, "sweep_axis");
    on_y.object("boxes", "boxes").option("axis", "y");
    const std::string counts =
        tr_format(TextKey::gadget_sweep_counts,
                  format_number(on_x.number_or("overlaps_tested", 0.0), "%,d").c_str(),
                  format_number(on_y.number_or("overlaps_tested", 0.0), "%,d").c_str(),
                  format_number(chosen.number_or("true_pairs", 0.0), "%,d").c_str());
    draw_label(in_frame, ImVec2(inset.body.min.x, y), to_imgui_color(palette.text), counts.c_str());
    y += line;
    const std::string seed =
        tr_format(TextKey::gadget_sweep_seed001,
                  format_number(chosen.number_or("seed001_pairs", 0.0), "%,d").c_str());
    draw_label(in_frame, ImVec2(inset.body.min.x, y), role_color("bug"), seed.c_str());
}

}  // namespace aabb::ui
