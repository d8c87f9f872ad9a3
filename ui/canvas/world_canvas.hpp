#pragma once
// The world view: everything left of the side panel. Pans (drag with any mouse button) and
// zooms (wheel, toward the cursor) its camera, shows which box is under the cursor, and
// paints the world (grid, objects, AABBs, overlapping pairs, overlays) into an ImDrawList
// clipped to its area.

#include <memory>
#include <optional>
#include <vector>

#include <imgui.h>

#include "core/lesson/lesson.hpp"
#include "core/scene/scene.hpp"
#include "core/world/world.hpp"
#include "ui/canvas/canvas_overlay.hpp"
#include "ui/model/lesson_canvas_view.hpp"
#include "ui/render/dense_shapes.hpp"
#include "ui/view/camera.hpp"
#include "ui/view/stage_view.hpp"
#include "ui/view/world_shapes.hpp"

namespace aabb::ui {

class BatchedWorldRenderer;

/// An overlay with its on/off switch.
struct OverlaySlot {
    /// The overlay.
    std::unique_ptr<CanvasOverlay> overlay;
    /// Drawn only when true.
    bool enabled = false;
    /// How lesson steps switch it.
    OverlayInLessons in_lessons = OverlayInLessons::kept;
};

/// The interactive world view.
class WorldCanvas {
  public:
    /// Pixels between minor grid lines, at least.
    static constexpr float min_grid_pixels = 24.0f;
    /// Zoom factor per wheel notch.
    static constexpr float zoom_per_wheel_notch = 1.15f;
    /// How far from a box, in pixels, the cursor still hovers it.
    static constexpr float hover_slack_pixels = 2.0f;
    /// Empty margin around the world bounds when fitting the view, in pixels.
    static constexpr float fit_margin_pixels = 24.0f;

    WorldCanvas();

    /// Places the canvas on screen; call every frame before handle_input().
    void set_area(const ScreenRect& area);
    /// How much taller than one row the canvas toolbar was last drawn (see
    /// OverlayContext::toolbar_extra_height).
    void set_toolbar_extra_height(float pixels) { toolbar_extra_height_ = pixels; }
    /// Pans, zooms and tracks the hovered box from ImGui's mouse state. Ignores the mouse
    /// while ImGui wants it (the cursor is over the panel), except to finish a drag that
    /// began on the canvas.
    void handle_input(const World& world);
    /// Paints the world and the enabled overlays into `draw_list`.
    void draw(const World& world, ImDrawList& draw_list);
    /// Shows the whole world bounds on the next set_area().
    void request_fit() { fit_pending_ = true; }
    /// Makes fitting show `center` at `zoom_factor` times the whole-bounds zoom (a scene's
    /// camera) and fits on the next frame.
    void set_scene_camera(glm::vec2 center, float zoom_factor) {
        scene_center_ = center;
        scene_zoom_factor_ = zoom_factor;
        fit_pending_ = true;
    }
    /// Aims at a scene's start view: its camera, or the whole world when it names none.
    void aim_at(const aabb::Camera& scene_camera) {
        if (scene_camera == aabb::Camera{}) {
            request_fit();
        } else {
            set_scene_camera(scene_camera.center, scene_camera.zoom);
        }
    }
    /// While true, the canvas never fits the world by itself: its caller sets the camera each
    /// frame (lesson mode frames the step's stage, ui/view/stage_view.hpp) and reads F's request
    /// with take_fit_request().
    void set_framed_externally(bool external) { framed_externally_ = external; }
    /// True once after F (or request_fit()) asked to fit the view; clears the request.
    [[nodiscard]] bool take_fit_request() {
        const bool requested = fit_pending_;
        fit_pending_ = false;
        return requested;
    }
    /// Where the camera looks and how close.
    [[nodiscard]] CameraPose pose() const { return {camera_.center(), camera_.zoom()}; }
    /// Moves the camera to `pose`.
    void set_pose(const CameraPose& pose) {
        camera_.set_zoom(pose.zoom);
        camera_.look_at(pose.center);
    }
    /// Whether a left-button drag pans (false while an editing tool owns the left button).
    void set_left_button_pans(bool pans) { left_button_pans_ = pans; }
    /// Paints the rectangles with `renderer` (one GL draw call) instead of one ImDrawList
    /// call per box; nullptr goes back to ImDrawList. The renderer must outlive its use.
    void set_batched_renderer(BatchedWorldRenderer* renderer) {
        batched_renderer_ = renderer;
        dense_.set_renderer(renderer);
    }
    /// CPU milliseconds the last draw() spent building the world's draw data (collecting the
    /// shapes and queuing them for ImDrawList or the batched renderer).
    [[nodiscard]] double last_draw_build_ms() const { return draw_build_ms_; }
    /// Adds an overlay drawn over the world (off until enabled), switched by lesson steps as
    /// `in_lessons` says.
    void add_overlay(std::unique_ptr<CanvasOverlay> overlay, bool enabled = false,
                     OverlayInLessons in_lessons = OverlayInLessons::kept);
    /// How the world's bodies are drawn: shown (the default), dimmed under a lesson's teaching
    /// objects, or hidden. Neither dimmed nor hidden bodies are hovered.
    void set_world_display(lesson::WorldDisplay display) { world_display_ = display; }
    /// See set_world_display().
    [[nodiscard]] lesson::WorldDisplay world_display() const { return world_display_; }

    /// The layers drawn; the panel edits them.
    [[nodiscard]] WorldLayers& layers() { return layers_; }
    /// The overlays and their switches; the panel edits the switches.
    [[nodiscard]] std::vector<OverlaySlot>& overlays() { return overlays_; }
    /// The overlays and their switches, to read.
    [[nodiscard]] const std::vector<OverlaySlot>& overlays() const { return overlays_; }
    /// The layers drawn, to read.
    [[nodiscard]] const WorldLayers& layers() const { return layers_; }
    /// The current camera.
    [[nodiscard]] const Camera& camera() const { return camera_; }
    /// The body under the cursor, if any.
    [[nodiscard]] std::optional<BoxId> hovered() const { return hovered_; }
    /// Culling counts of the last draw().
    [[nodiscard]] const ShapeCollectionStats& last_stats() const { return stats_; }
    /// True when the last draw() stopped early because the renderer cannot index more than
    /// 65,536 vertices per draw list (OpenGL below 3.2).
    [[nodiscard]] bool truncated() const { return truncated_; }

  private:
    void fit(const World& world);
    void update_hovered(const World& world, glm::vec2 mouse);
    /// The grid lines; their numbers are collected in grid_labels_ and drawn last.
    void draw_grid(ImDrawList& draw_list);
    /// The grid's numbers where no text, window, inset or handle of the frame is.
    void draw_grid_labels(ImDrawList& draw_list);
    void paint_world(const World& world, ImDrawList& draw_list);
    void paint_batch(ImDrawList& draw_list);
    void draw_hover_tooltip(const World& world) const;

    ScreenRect area_;
    Camera camera_;
    WorldLayers layers_;
    WorldShapeCollector collector_;
    ShapeBatch batch_;
    ShapeCollectionStats stats_;
    std::vector<OverlaySlot> overlays_;
    std::optional<BoxId> hovered_;
    std::vector<BoxId> query_scratch_;
    std::optional<glm::vec2> scene_center_;
    float scene_zoom_factor_ = 1.0f;
    int pan_button_ = -1;
    bool left_button_pans_ = true;
    bool fit_pending_ = true;
    bool framed_externally_ = false;
    bool truncated_ = false;
    /// A grid number waiting to be drawn: where and what.
    struct GridLabel {
        ImVec2 at;
        char text[24];
    };
    std::vector<GridLabel> grid_labels_;
    BatchedWorldRenderer* batched_renderer_ = nullptr;
    // Paints the world's shapes and the overlays' dense shapes (with the renderer when set).
    DenseShapes dense_;
    double draw_build_ms_ = 0.0;
    float toolbar_extra_height_ = 0.0f;
    lesson::WorldDisplay world_display_ = lesson::WorldDisplay::shown;
};

}  // namespace aabb::ui
