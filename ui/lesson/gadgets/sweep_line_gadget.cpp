// The sweep line gadget (L16): sort-and-sweep (curriculum §8). Each box is an interval on the
// sweep axis; sorting the 2n endpoints and sweeping a line across them, a min opens its
// interval and a max closes it, and a box that opens is tested only against the boxes open at
// that moment (the active set). An inset shows the boxes, their intervals as lanes along the
// sweep axis, and the sweep line at the last endpoint processed, with the active set and what
// that endpoint did. A `progress` number (a step's animated handle, 0..1) moves the line event
// by event; the events and the state are core/lesson/sweep_events.hpp's, as the sweep_events
// readout reports them. Under it: the pairs handed on so far, the pairs whose intervals overlap
// on each axis (the work the sweep hands on), the true pairs, and what seed 001's parity rule
// finds. The axis and the counts are the sweep_axis readout's (auto: the axis along which the
// box centers spread most, as sort_and_sweep chooses).

#include <algorithm>
#include <cmath>
#include <string>
#include <vector>

#include "core/lesson/sweep_events.hpp"
#include "ui/canvas/overlay_draw.hpp"
#include "ui/lesson/gadgets/gadget_inset.hpp"
#include "ui/lesson/gadgets/gadget_list.hpp"
#include "ui/lesson/gadgets/gadget_readouts.hpp"
#include "ui/platform/theme.hpp"
#include "ui/style/overlay_colors.hpp"
#include "ui/text/text_catalog.hpp"

namespace aabb::ui {

namespace {

using lesson::box_letter;
using lesson::SweepEvent;

/// Lanes for the intervals so that intervals sharing a lane never overlap (greedy, in sorted
/// order); returns each box's lane and sets `lane_count`.
std::vector<int> assign_lanes(const std::vector<SweepEvent>& events, std::size_t boxes,
                              int& lane_count) {
    std::vector<int> lane(boxes, 0);
    std::vector<bool> busy;
    for (const SweepEvent& event : events) {
        if (event.closes) {
            busy[static_cast<std::size_t>(lane[event.box])] = false;
            continue;
        }
        const auto free = std::find(busy.begin(), busy.end(), false);
        lane[event.box] = static_cast<int>(free - busy.begin());
        if (free == busy.end()) {
            busy.push_back(true);
        } else {
            *free = true;
        }
    }
    lane_count = std::max<int>(1, static_cast<int>(busy.size()));
    return lane;
}

/// Where the sweep is: the events, each box's lane, how many events are done, the current
/// one, the open boxes and the pairs handed on so far.
struct SweepState {
    std::vector<SweepEvent> events;
    std::vector<int> lanes;
    int lane_count = 1;
    std::size_t done = 0;
    std::vector<bool> open;
    std::vector<std::size_t> active;
    double handed_on = 0.0;
    /// The endpoint processed last, or null before the first.
    [[nodiscard]] const SweepEvent* current() const {
        return done > 0 ? &events[done - 1] : nullptr;
    }
};

SweepState sweep_state(const GadgetContext& context, std::span<const Box2> boxes, int axis) {
    SweepState state;
    state.events = lesson::sweep_events(boxes, axis);
    state.lanes = assign_lanes(state.events, boxes.size(), state.lane_count);
    // How far the sweep has gone (the step's animated `progress`; all of it without one): the
    // sweep_events readout's state, so the card's numbers and the picture agree.
    state.done = lesson::sweep_events_done(state.events.size(), context.number("progress", 1.0));
    state.open = lesson::open_after(state.events, state.done, boxes.size());
    for (std::size_t b = 0; b < boxes.size(); ++b)
        if (state.open[b]) state.active.push_back(b);
    for (std::size_t i = 0; i < state.done; ++i)
        state.handed_on += double(state.events[i].tested.size());
    return state;
}

/// The boxes, each letter at its top-left corner (the open boxes' first; where boxes are
/// stacked a letter that would cover one already shown is left out), and the pairs the current
/// endpoint hands on.
void draw_boxes(const GadgetContext& panel, const GadgetContext& in_frame, const Camera& camera,
                std::span<const Box2> boxes, const SweepState& state, ImU32 color, ImU32 highlight,
                int axis) {
    for (std::size_t b = 0; b < boxes.size(); ++b) {
        draw_world_box(panel, boxes[b], state.open[b] ? highlight : color,
                       state.open[b] ? 2.5f : 1.5f, 50);
    }
    std::vector<ScreenRect> lettered;
    for (const bool open_pass : {true, false}) {
        for (std::size_t b = 0; b < boxes.size(); ++b) {
            if (static_cast<bool>(state.open[b]) != open_pass) continue;
            const std::string letter = box_letter(b);
            const glm::vec2 corner =
                camera.world_to_screen(glm::vec2(boxes[b].min.x, boxes[b].max.y));
            const ImVec2 size = ImGui::CalcTextSize(letter.c_str());
            const ScreenRect rect{{corner.x + 2.0f, corner.y + 1.0f},
                                  {corner.x + 2.0f + size.x, corner.y + 1.0f + size.y}};
            const bool taken = std::any_of(
                lettered.begin(), lettered.end(),
                [&](const ScreenRect& other) { return rects_overlap(rect, other, 1.0f); });
            if (taken) continue;
            lettered.push_back(rect);
            draw_label(in_frame, ImVec2(rect.min.x, rect.min.y), state.open[b] ? highlight : color,
                       letter.c_str());
        }
    }
    // The pairs the current endpoint hands on: the opening box against each open one, as arcs
    // bowing away from the sweep axis (boxes in a row have centers in a line).
    const SweepEvent* current = state.current();
    if (current == nullptr || current->closes) return;
    const glm::vec2 from = camera.world_to_screen(boxes[current->box].center());
    for (const std::size_t other : current->tested) {
        const glm::vec2 to = camera.world_to_screen(boxes[other].center());
        const glm::vec2 middle = 0.5f * (from + to);
        const glm::vec2 bow = axis == 0 ? glm::vec2(0.0f, -0.35f * std::abs(to.x - from.x))
                                        : glm::vec2(-0.35f * std::abs(to.y - from.y), 0.0f);
        panel.draw_list.AddBezierQuadratic(to_imvec(from), to_imvec(middle + bow), to_imvec(to),
                                           role_color("hit"), overlay_stroke(2.5f));
    }
}

/// Each box's interval as a bar in its lane along the sweep axis, from `lanes_start`.
void draw_lanes(const GadgetContext& panel, const Camera& camera, std::span<const Box2> boxes,
                const SweepState& state, float lanes_start, float lane_space, ImU32 color,
                ImU32 highlight, int axis) {
    const float lane_step = lane_space / float(state.lane_count);
    const float thick = std::max(2.0f, std::min(overlay_size(8.0f), lane_step * 0.7f));
    for (std::size_t b = 0; b < boxes.size(); ++b) {
        const glm::vec2 low = camera.world_to_screen(boxes[b].min);
        const glm::vec2 high = camera.world_to_screen(boxes[b].max);
        const float offset = lanes_start + lane_step * float(state.lanes[b]) + 0.5f * lane_step;
        const ImU32 lane_color = state.open[b] ? highlight : color;
        if (axis == 0) {
            panel.draw_list.AddLine(ImVec2(low.x, offset), ImVec2(high.x, offset), lane_color,
                                    thick);
        } else {
            panel.draw_list.AddLine(ImVec2(offset, low.y), ImVec2(offset, high.y), lane_color,
                                    thick);
        }
    }
}

/// Under the drawing from `y`: the sorted endpoints (the processed ones bright, the current one
/// marked), what the current one does, and the counts.
void draw_endpoints_and_counts(const GadgetContext& context, const GadgetContext& in_frame,
                               const Inset& inset, float y, const SweepState& state,
                               const CatalogQuery& chosen) {
    const float line = ImGui::GetTextLineHeightWithSpacing();
    const ImU32 time = role_color("time");
    float x = inset.body.min.x;
    for (std::size_t i = 0; i < state.events.size(); ++i) {
        const SweepEvent& event = state.events[i];
        const std::string token = box_letter(event.box) + (event.closes ? ")" : "(");
        const float width = ImGui::CalcTextSize(token.c_str()).x;
        if (x + width > inset.body.max.x) break;
        const ImU32 color = i + 1 == state.done ? time
                            : i < state.done    ? to_imgui_color(palette.text)
                                                : to_imgui_color(palette.text_dim);
        canvas_text(context.draw_list, ImVec2(x, y), color, token.c_str(), TextOwner::inset);
        x += width + ImGui::CalcTextSize(" ").x;
    }
    y += line;
    std::string action;
    const SweepEvent* current = state.current();
    if (current == nullptr) {
        action = tr(TextKey::gadget_sweep_waiting);
    } else {
        action = current->closes
                     ? tr_format(TextKey::gadget_sweep_closes, box_letter(current->box).c_str())
                     : tr_format(TextKey::gadget_sweep_opens, box_letter(current->box).c_str(),
                                 lesson::box_names(current->tested).c_str());
        action += "   " +
                  tr_format(TextKey::gadget_sweep_active, lesson::box_names(state.active).c_str());
    }
    draw_label(in_frame, ImVec2(inset.body.min.x, y), time, action.c_str());
    y += line;
    const std::string so_far =
        tr_format(TextKey::gadget_sweep_so_far, format_number(state.handed_on, "%,d").c_str());
    draw_label(in_frame, ImVec2(inset.body.min.x, y), to_imgui_color(palette.text), so_far.c_str());
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
    const SweepState state = sweep_state(context, boxes, axis);

    const std::string axis_name = axis == 0 ? "x" : "y";
    const std::string title = tr_format(TextKey::gadget_sweep_title, axis_name.c_str());
    const float line = ImGui::GetTextLineHeightWithSpacing();
    const Inset inset =
        draw_inset(context, InsetPlace::top_right,
                   {440.0f, 200.0f + 6.0f * line / overlay_size(1.0f)}, title.c_str());
    const ScopedClip clip(context.draw_list, inset.frame);
    Camera frame_camera;
    frame_camera.set_viewport(inset.frame);
    const GadgetContext in_frame = context.with_camera(frame_camera);

    // The boxes above (axis x) or left of (axis y) their lanes, sharing the axis's scale.
    ScreenRect drawing = inset.body;
    drawing.max.y -= 5.2f * line;
    const float lane_space = std::min(0.4f * (axis == 0 ? drawing.size().y : drawing.size().x),
                                      float(state.lane_count) * overlay_size(14.0f));
    ScreenRect picture = drawing;
    (axis == 0 ? picture.max.y : picture.max.x) -= lane_space + overlay_size(6.0f);
    const Camera camera = panel_camera(picture, bounds, overlay_size(12.0f));
    const GadgetContext panel = context.with_camera(camera);
    const ImU32 color = object_color(*list);
    const ImU32 highlight = role_color("result");
    draw_boxes(panel, in_frame, camera, boxes, state, color, highlight, axis);
    const float lanes_start = (axis == 0 ? picture.max.y : picture.max.x) + overlay_size(6.0f);
    draw_lanes(panel, camera, boxes, state, lanes_start, lane_space, color, highlight, axis);
    // The sweep line across the boxes and the lanes.
    if (const SweepEvent* current = state.current()) {
        const glm::vec2 at = camera.world_to_screen(glm::vec2(current->value));
        const ImU32 time = role_color("time");
        if (axis == 0) {
            context.draw_list.AddLine(ImVec2(at.x, drawing.min.y), ImVec2(at.x, drawing.max.y),
                                      time, overlay_stroke(2.5f));
        } else {
            context.draw_list.AddLine(ImVec2(drawing.min.x, at.y), ImVec2(drawing.max.x, at.y),
                                      time, overlay_stroke(2.5f));
        }
    }
    draw_endpoints_and_counts(context, in_frame, inset, drawing.max.y + overlay_size(4.0f), state,
                              chosen);
}

}  // namespace aabb::ui
