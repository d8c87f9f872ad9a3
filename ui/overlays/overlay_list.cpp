#include "ui/overlays/overlay_list.hpp"

#include <algorithm>
#include <memory>
#include <stdexcept>
#include <string_view>

#include "core/lesson/lesson_names.hpp"

namespace aabb::ui {

namespace {

/// An overlay drawn by its definition's function over the sources it was made with.
class DrawnOverlay final : public CanvasOverlay {
  public:
    DrawnOverlay(const OverlayDefinition& definition, const OverlaySources& sources)
        : CanvasOverlay(definition.description), sources_(sources), draw_(definition.draw) {}
    void draw(const OverlayContext& context) override { draw_(context, sources_); }

  private:
    OverlaySources sources_;
    OverlayDrawFunction draw_;
};

/// One overlay of the list (nullptr: the structure overlay), whether it starts on, and how
/// lesson steps switch it (ui/model/lesson_canvas_view.hpp).
struct OverlayEntry {
    const OverlayDefinition* definition;
    bool starts_on;
    OverlayInLessons in_lessons;
};

constexpr OverlayInLessons step_only = OverlayInLessons::step_only;
constexpr OverlayInLessons with_world = OverlayInLessons::with_world;
constexpr OverlayInLessons kept = OverlayInLessons::kept;

/// Every overlay in drawing order (later ones on top).
const OverlayEntry overlay_table[] = {
    {&shapes_overlay, true, with_world},
    {&contact_points_overlay, true, step_only},
    {&swept_boxes_overlay, true, with_world},
    {&trails_overlay, true, with_world},
    {&impact_ghosts_overlay, true, with_world},
    {&tunneling_markers_overlay, true, with_world},
    {nullptr, false, step_only},
    {&scene_caption_overlay, true, with_world},
    {&selection_overlay, true, kept},
    {&tool_preview_overlay, true, kept},
    {&ray_probe_overlay, true, kept},
    {&lesson_overlay, true, kept},
};

}  // namespace

StructureOverlay& add_standard_overlays(WorldCanvas& canvas, const OverlaySources& sources) {
    StructureOverlay* structure = nullptr;
    for (const OverlayEntry& entry : overlay_table) {
        if (entry.definition != nullptr) {
            canvas.add_overlay(std::make_unique<DrawnOverlay>(*entry.definition, sources),
                               entry.starts_on, entry.in_lessons);
            continue;
        }
        auto overlay = std::make_unique<StructureOverlay>();
        structure = overlay.get();
        canvas.add_overlay(std::move(overlay), entry.starts_on, entry.in_lessons);
    }
    // One list of overlays (core/lesson/lesson_names.hpp): each overlay's name is checked to be
    // in it when it compiles; here, that every name has its overlay, in the list's order, so
    // --show, the lesson reader and the window name the same overlays.
    const auto& slots = canvas.overlays();
    const bool same = slots.size() == lesson::overlay_names.size() &&
                      std::equal(slots.begin(), slots.end(), lesson::overlay_names.begin(),
                                 [](const OverlaySlot& slot, std::string_view name) {
                                     return slot.overlay->name() == name;
                                 });
    if (!same) {
        throw std::logic_error(
            "ui/overlays/overlay_list.cpp: the overlays are not lesson::overlay_names in order");
    }
    return *structure;
}

}  // namespace aabb::ui
