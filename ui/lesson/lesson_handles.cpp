#include "ui/lesson/lesson_handles.hpp"

#include <algorithm>
#include <exception>

#include "ui/canvas/overlay_draw.hpp"
#include "ui/lesson/lesson_language.hpp"
#include "ui/platform/theme.hpp"
#include "ui/style/lesson_colors.hpp"
#include "ui/style/overlay_colors.hpp"
#include "ui/view/free_area.hpp"
#include "ui/view/label_placement.hpp"

namespace aabb::ui {

namespace {

/// The world point under the mouse.
glm::vec2 mouse_world(const Camera& camera) {
    const ImGuiIO& io = ImGui::GetIO();
    return camera.screen_to_world(glm::vec2(io.MousePos.x, io.MousePos.y));
}

/// The color of a handle: the color of the first object it drives.
Rgba8 handle_color(const lesson::LessonRuntime& runtime, const lesson::Handle& handle) {
    for (const std::string& target : handle.target_texts) {
        const std::string object = target.substr(0, target.find_first_of(".["));
        if (const lesson::LessonObject* found = runtime.object(object))
            return lesson_role_color(found->color);
    }
    return lesson_role_color("neutral");
}

/// The largest radius a ring is drawn with (hovered or grabbed), with its stroke.
float ring_reach() {
    return overlay_size(LessonHandles::ring_pixels) * 1.35f + overlay_stroke(3.0f);
}

/// True when a ring at screen point `at` is one a learner can see whole: on the canvas, its
/// center under none of the windows over the canvas nor an inset (this frame's or, for those
/// drawn after the handles, the last frame's, which the lesson layout reserves).
bool ring_in_view(glm::vec2 at, const Camera& camera, const LayoutRecord* record) {
    const float reach = ring_reach();
    const ScreenRect ring{at - glm::vec2(reach), at + glm::vec2(reach)};
    if (!rect_inside(ring, camera.viewport(), 0.5f)) return false;
    if (record == nullptr) return true;
    for (const LayoutRegion& region : record->regions()) {
        const bool covering = std::find(std::begin(layout_region::covering_windows),
                                        std::end(layout_region::covering_windows),
                                        region.name) != std::end(layout_region::covering_windows);
        if ((covering || region.name == layout_region::inset) && region.rect.contains(at))
            return false;
    }
    for (const ScreenRect& reserved : record->reserved()) {
        if (reserved.contains(at)) return false;
    }
    return true;
}

}  // namespace

bool LessonHandles::handle_input(LessonSession& session, const Camera& camera) {
    lesson::LessonRuntime* runtime = session.runtime();
    if (runtime == nullptr) {
        grabbed_.clear();
        return false;
    }
    const ImGuiIO& io = ImGui::GetIO();
    const glm::vec2 mouse(io.MousePos.x, io.MousePos.y);
    if (grabbed_.empty()) {
        if (!ImGui::IsMouseClicked(ImGuiMouseButton_Left) || !ImGui::IsMousePosValid() ||
            io.WantCaptureMouse || !camera.viewport().contains(mouse))
            return false;
        const float radius = overlay_size(grab_pixels) / camera.zoom();
        grabbed_ = runtime->handles_at(mouse_world(camera), radius);
        // Only a handle that is drawn can be caught.
        std::erase_if(grabbed_, [this](const std::string& name) {
            return std::find(shown_.begin(), shown_.end(), name) == shown_.end();
        });
        return !grabbed_.empty();
    }
    if (!ImGui::IsMouseDown(ImGuiMouseButton_Left)) {
        grabbed_.clear();
        return false;
    }
    const glm::vec2 point = mouse_world(camera);
    for (const std::string& name : grabbed_) {
        try {
            (void)runtime->drag(name, point, io.KeyShift);
        } catch (const std::exception&) {
            // A handle the reloaded lesson no longer has: let it go.
        }
    }
    return true;
}

void LessonHandles::record_rings(const LessonSession& session, const Camera& camera) {
    shown_.clear();
    const lesson::LessonRuntime* runtime = session.runtime();
    if (runtime == nullptr) return;
    LayoutRecord* record = current_layout_record();
    const float radius = ring_reach();
    for (const lesson::Handle& handle : runtime->lesson().handles) {
        if (!runtime->handle_visible(handle.name)) continue;
        const std::optional<glm::vec2> anchor = runtime->anchor(handle.name);
        if (!anchor) continue;
        const glm::vec2 at = camera.world_to_screen(*anchor);
        // A grabbed handle stays while it is dragged, wherever the mouse takes it.
        const bool grabbed =
            std::find(grabbed_.begin(), grabbed_.end(), handle.name) != grabbed_.end();
        if (!grabbed && !ring_in_view(at, camera, record)) continue;
        shown_.push_back(handle.name);
        if (record != nullptr)
            record->add_region(layout_region::handle,
                               {at - glm::vec2(radius), at + glm::vec2(radius)});
    }
}

void LessonHandles::draw(const LessonSession& session, const Camera& camera,
                         ImDrawList& draw_list) const {
    const lesson::LessonRuntime* runtime = session.runtime();
    if (runtime == nullptr) return;
    const glm::vec2 mouse = mouse_world(camera);
    const float grab = overlay_size(grab_pixels) / camera.zoom();
    for (const lesson::Handle& handle : runtime->lesson().handles) {
        if (std::find(shown_.begin(), shown_.end(), handle.name) == shown_.end()) continue;
        const std::optional<glm::vec2> anchor = runtime->anchor(handle.name);
        if (!anchor) continue;
        const bool grabbed =
            std::find(grabbed_.begin(), grabbed_.end(), handle.name) != grabbed_.end();
        const bool hovered = glm::distance(*anchor, mouse) <= grab;
        const glm::vec2 at = camera.world_to_screen(*anchor);
        const Rgba8 color = handle_color(*runtime, handle);
        const float radius = overlay_size(ring_pixels) * (grabbed || hovered ? 1.35f : 1.0f);
        draw_list.AddCircleFilled(to_imvec(at), radius, to_imgui_color(color.with_alpha(70)));
        draw_list.AddCircle(to_imvec(at), radius, to_imgui_color(color), 0,
                            overlay_stroke(grabbed ? 3.0f : 2.0f));
        if (!hovered && !grabbed) continue;
        const std::string text = in_language(handle.label, handle.label_zh) + " = " +
                                 lesson::handle_display_text(
                                     handle, runtime->handle_value(handle.name), lesson_language());
        // Beside the ring, or the nearest free place around it.
        const ImVec2 size = ImGui::CalcTextSize(text.c_str());
        const float pad = overlay_size(3.0f);
        const ScreenRect bounds = inset_rect(camera.viewport(), pad);
        // Past the ring's recorded region (record_rings) and the gap kept around labels.
        const float ring = ring_reach();
        const float gap = pad + overlay_size(2.0f);
        const glm::vec2 wanted(at.x + ring + gap + 1.0f, at.y - size.y * 0.5f);
        const LabelPlace place =
            place_label(wanted, {size.x, size.y}, bounds, label_obstacles(bounds), gap);
        overlay_text(draw_list, to_imvec(place.rect.min), to_imgui_color(color), text.c_str(),
                     TextOwner::handle);
    }
}

}  // namespace aabb::ui
