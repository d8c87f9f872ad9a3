#include "ui/lesson/lesson_layout.hpp"

#include <imgui.h>

#include <algorithm>

#include "ui/lesson/gadgets/gadget_inset.hpp"
#include "ui/lesson/lesson_card.hpp"
#include "ui/lesson/lesson_timeline.hpp"
#include "ui/model/lesson_stage.hpp"
#include "ui/view/free_area.hpp"
#include "ui/view/overlay_layout.hpp"

namespace aabb::ui {

namespace {

/// Pixels between the windows and the canvas's edges.
constexpr float window_margin = 8.0f;
/// The narrowest a gadget's τ or t band may become beside the step card, in font sizes: its
/// caption ("no overlap during the world step") and its end labels on one line.
constexpr float min_band_fonts = 18.0f;
/// The most room kept for labels and bars on one side of the stage, in font sizes.
constexpr float max_padding_fonts = 8.0f;

/// The shape the free area is chosen for: the stage's, or square while it is not known.
glm::vec2 stage_extent(const StageView& view) {
    if (!view.stage()) return glm::vec2(1.0f);
    return glm::max(view.stage()->size(), glm::vec2(1e-6f));
}

/// Room around the stage inside its rectangle: its labels sit beside its objects.
float stage_margin() {
    return window_margin + 2.0f * ImGui::GetFontSize();
}

}  // namespace

void LessonLayout::enter_step(const std::string& lesson, std::size_t step, bool animate) {
    view_.enter_step(lesson, step, animate);
    stage_pending_ = true;
}

void LessonLayout::reframe() {
    view_.reframe();
    stage_pending_ = true;
}

void LessonLayout::leave() {
    view_.leave();
    stage_pending_ = false;
    card_choice_.reset();
    set_bottom_band_columns(std::nullopt);
    set_inset_is_figure(false);
}

void LessonLayout::draw_overlays(const ScreenRect& canvas_area, LessonSession& session,
                                 CommandTargets& targets, const World& world) {
    LayoutRecord* record = current_layout_record();
    if (session.runtime() == nullptr || record == nullptr) return;
    // Labels drawn before this frame's insets, timeline and scene caption keep off where they
    // were (the caption is drawn after the canvas: issue 49, lesson 08's "TOI" under it).
    for (const ScreenRect& inset : last_insets_)
        record->reserve(inset);
    if (last_timeline_) record->reserve(*last_timeline_);
    if (last_caption_) record->reserve(*last_caption_);
    // One inset that is the step's whole figure fills the free area (gadget_inset.hpp).
    set_inset_is_figure(inset_figure_ && !stage_pending_ && last_insets_.size() == 1);
    draw_lesson_bar(canvas_area, session, targets);
    draw_lesson_timeline(canvas_area, session);
    OverlayLayoutInput input;
    input.canvas = canvas_area;
    for (const auto& region :
         {record->region(layout_region::toolbar), last_caption_, record->region(layout_region::bar),
          record->region(layout_region::scrubber)}) {
        if (region) input.fixed.push_back(*region);
    }
    // The τ or t band at its own place (its height from the last frame): it may move beside
    // the card.
    if (last_timeline_) {
        set_bottom_band_columns(std::nullopt);
        input.band = lesson_bottom_band(canvas_area, session.runtime()->animation() != nullptr,
                                        last_timeline_->size().y);
        input.min_band_width = min_band_fonts * ImGui::GetFontSize();
    }
    input.card = measure_lesson_card(session, world);
    // A figure made of insets takes the shape it is given: the card leaves it the most room
    // both ways (beside a 352-pixel-high card column, not a strip under the card: issue 49,
    // lesson 12 at 1280x720 and UI scale 2), not the shape of the world stage behind it.
    const bool insets_are_stage = inset_figure_ && !stage_pending_;
    input.stage_extent = insets_are_stage ? glm::vec2(1.0f) : stage_extent(view_);
    input.font = ImGui::GetFontSize();
    input.margin = window_margin;
    // The last choice is kept only while the canvas, the font and the stage stay the same: a
    // run that changed its scale or size lays out as one that started that way.
    const glm::vec4 situation(canvas_area.size(), input.font,
                              input.stage_extent.x / input.stage_extent.y);
    if (situation != card_situation_) card_choice_.reset();
    card_situation_ = situation;
    const CardPlace place = place_card(input, card_choice_);
    card_choice_ = place.choice;
    set_bottom_band_columns(
        place.band ? std::optional(glm::vec2(place.band->min.x, place.band->max.x)) : std::nullopt);
    draw_lesson_card(place, session, world);
    std::vector<ScreenRect> covering = input.fixed;
    if (input.band) covering.push_back(place.band ? *place.band : *input.band);
    if (const std::optional<ScreenRect> card = record->region(layout_region::card))
        covering.push_back(*card);
    record->set_region(layout_region::free,
                       largest_free_rect(canvas_area, covering, input.stage_extent));
}

void LessonLayout::frame_camera(WorldCanvas& canvas, float seconds) {
    const LayoutRecord* record = current_layout_record();
    if (record == nullptr || !view_.stage()) return;
    const std::optional<ScreenRect> free = record->region(layout_region::free);
    if (!free) return;
    const ScreenRect target = largest_free_rect(*free, last_insets_, stage_extent(view_));
    const float font = ImGui::GetFontSize();
    const Sides padding{padding_fonts_.left * font, padding_fonts_.top * font,
                        padding_fonts_.right * font, padding_fonts_.bottom * font};
    const CameraPose fitted =
        pose_showing(canvas.camera().viewport(), target, *view_.stage(), stage_margin(), padding);
    canvas.set_pose(view_.update(fitted, canvas.pose(), seconds));
}

void LessonLayout::note_input(const WorldCanvas& canvas, const CameraPose& before) {
    if (canvas.pose() != before) view_.teacher_moved(canvas.pose());
}

void LessonLayout::after_draw(const WorldCanvas& canvas, const LessonSession& session,
                              const DrawnExtent& drawn, const World& world) {
    const lesson::LessonRuntime* runtime = session.runtime();
    LayoutRecord* record = current_layout_record();
    if (runtime == nullptr) return;
    if (stage_pending_) {
        stage_pending_ = false;
        // A step that draws nothing and has no world frames the world's bounds.
        const Box2 stage =
            step_stage(*runtime, drawn.world, &world).value_or(world.settings().bounds);
        view_.set_stage(stage);
        // A step that draws its figure only in insets has nothing in the world to frame (a
        // lesson with a scene counts it as a figure too: only a step that shows overlays or
        // steps the world is about the world).
        const lesson::Step& step = runtime->step();
        inset_figure_ = !drawn.world.is_valid() && drawn.insets.has_value() && step.show.empty() &&
                        step.frames == 0;
        padding_fonts_ = {};
    }
    // How far the step's bars and labels reach beyond its stage, in font sizes (they keep their
    // pixel size when the camera zooms, and follow the UI scale), measured again every frame the
    // stage is framed (not while the teacher's view or a transition holds the camera): the
    // next frame frames the stage with that much room, so a few frames settle on the same
    // room whatever camera the step started from.
    if (view_.stage() && !view_.teacher_view() && !view_.moving()) {
        padding_fonts_ = {};
        if (drawn.screen) {
            const ScreenRect shown = canvas.camera().world_to_screen(*view_.stage());
            const float font = ImGui::GetFontSize();
            // At most a few labels' width on a side: the figure stays the larger part.
            const auto side = [font](float pixels) {
                return std::clamp(pixels / font, 0.0f, max_padding_fonts);
            };
            padding_fonts_ = {
                side(shown.min.x - drawn.screen->min.x), side(shown.min.y - drawn.screen->min.y),
                side(drawn.screen->max.x - shown.max.x), side(drawn.screen->max.y - shown.max.y)};
        }
    }
    if (record == nullptr) return;
    if (inset_figure_ && drawn.insets) {
        // The step's figure is its insets (two panels side by side, a chart): they are its stage.
        record->set_region(layout_region::stage, *drawn.insets);
    } else if (view_.stage()) {
        record->set_region(layout_region::stage, canvas.camera().world_to_screen(*view_.stage()));
    }
}

void LessonLayout::end_frame(const LayoutRecord& record) {
    last_caption_ = record.region(layout_region::caption);
    last_timeline_ = record.region(layout_region::timeline);
    last_insets_ = record.regions_named(layout_region::inset);
}

}  // namespace aabb::ui
