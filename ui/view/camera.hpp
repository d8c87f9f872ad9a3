#pragma once
// The 2D camera of the world canvas: pan and zoom between world units (y up) and screen
// pixels (y down). Pure GLM, no ImGui or SDL, so it is unit tested and reusable by a future
// batched GL renderer (projection()).

#include <algorithm>
#include <cmath>
#include <stdexcept>

#include <glm/glm.hpp>

#include "core/geometry/box.hpp"

namespace aabb::ui {

/// A rectangle in screen pixels, y down: min is the top-left corner.
struct ScreenRect {
    /// Top-left corner.
    glm::vec2 min{0.0f};
    /// Bottom-right corner.
    glm::vec2 max{0.0f};

    /// Width and height.
    [[nodiscard]] constexpr glm::vec2 size() const { return max - min; }
    /// The middle point.
    [[nodiscard]] constexpr glm::vec2 center() const { return (min + max) * 0.5f; }
    /// True when the point lies inside (edges included).
    [[nodiscard]] constexpr bool contains(glm::vec2 point) const {
        return point.x >= min.x && point.x <= max.x && point.y >= min.y && point.y <= max.y;
    }
};

/// Maps world coordinates to a screen viewport: `center` appears at the viewport's middle and
/// one world unit spans `zoom` pixels. The world's y axis points up, the screen's down.
class Camera {
  public:
    /// The smallest zoom, in pixels per world unit.
    static constexpr float min_zoom = 1e-4f;
    /// The largest zoom, in pixels per world unit.
    static constexpr float max_zoom = 1e5f;

    /// Sets the pixel rectangle the camera draws into. A degenerate rectangle (minimized
    /// window) is widened to one pixel so the transforms stay finite.
    void set_viewport(const ScreenRect& viewport) {
        viewport_ = viewport;
        viewport_.max = glm::max(viewport_.max, viewport_.min + glm::vec2(1.0f));
    }
    /// The pixel rectangle the camera draws into.
    [[nodiscard]] const ScreenRect& viewport() const { return viewport_; }
    /// The world point shown at the viewport's middle.
    [[nodiscard]] glm::vec2 center() const { return center_; }
    /// Pixels per world unit.
    [[nodiscard]] float zoom() const { return zoom_; }

    /// Shows `world_point` at the viewport's middle. Throws std::invalid_argument when it is
    /// not finite.
    void look_at(glm::vec2 world_point) {
        if (!std::isfinite(world_point.x) || !std::isfinite(world_point.y)) {
            throw std::invalid_argument("camera: look_at point must be finite");
        }
        center_ = world_point;
    }
    /// Sets pixels per world unit, clamped to [min_zoom, max_zoom]. Throws
    /// std::invalid_argument when `zoom` is not a positive finite number.
    void set_zoom(float zoom) {
        if (!(std::isfinite(zoom) && zoom > 0.0f)) {
            throw std::invalid_argument("camera: zoom must be a positive finite number");
        }
        zoom_ = std::clamp(zoom, min_zoom, max_zoom);
    }

    /// The screen pixel where a world point appears.
    [[nodiscard]] glm::vec2 world_to_screen(glm::vec2 world_point) const {
        const glm::vec2 offset = (world_point - center_) * zoom_;
        return viewport_.center() + glm::vec2(offset.x, -offset.y);
    }
    /// The world point shown at a screen pixel.
    [[nodiscard]] glm::vec2 screen_to_world(glm::vec2 screen_point) const {
        const glm::vec2 offset = (screen_point - viewport_.center()) / zoom_;
        return center_ + glm::vec2(offset.x, -offset.y);
    }
    /// The screen rectangle covered by a world box (the world's max.y becomes the top edge).
    [[nodiscard]] ScreenRect world_to_screen(const Box2& world_box) const {
        const glm::vec2 top_left = world_to_screen({world_box.min.x, world_box.max.y});
        const glm::vec2 bottom_right = world_to_screen({world_box.max.x, world_box.min.y});
        return {top_left, bottom_right};
    }
    /// The world box visible in the viewport: what drawing code clips against.
    [[nodiscard]] Box2 visible_world_box() const {
        const glm::vec2 bottom_left = screen_to_world({viewport_.min.x, viewport_.max.y});
        const glm::vec2 top_right = screen_to_world({viewport_.max.x, viewport_.min.y});
        return {bottom_left, top_right};
    }

    /// Moves the view so the content follows a mouse drag of `pixels` (content moves with
    /// the cursor, like dragging a map).
    void pan_by_pixels(glm::vec2 pixels) { center_ -= glm::vec2(pixels.x, -pixels.y) / zoom_; }
    /// Multiplies the zoom by `factor` keeping the world point under `screen_point` fixed
    /// (zoom toward the cursor). The zoom clamps to [min_zoom, max_zoom]. Throws
    /// std::invalid_argument when `factor` is not a positive finite number.
    void zoom_at(glm::vec2 screen_point, float factor) {
        if (!(std::isfinite(factor) && factor > 0.0f)) {
            throw std::invalid_argument("camera: zoom factor must be a positive finite number");
        }
        const glm::vec2 anchor = screen_to_world(screen_point);
        set_zoom(zoom_ * factor);
        // Solve world_to_screen(anchor) == screen_point for the new center.
        const glm::vec2 offset = (screen_point - viewport_.center()) / zoom_;
        center_ = anchor - glm::vec2(offset.x, -offset.y);
    }
    /// Centers `world_box` and zooms so it fills the viewport minus `margin_pixels` on every
    /// side. Throws std::invalid_argument for an invalid box.
    void fit(const Box2& world_box, float margin_pixels = 0.0f) {
        if (!world_box.is_valid()) {
            throw std::invalid_argument("camera: fit box must be finite with min <= max");
        }
        center_ = world_box.center();
        const glm::vec2 room =
            glm::max(viewport_.size() - glm::vec2(2.0f * margin_pixels), glm::vec2(1.0f));
        const glm::vec2 extent = glm::max(world_box.size(), glm::vec2(1e-6f));
        set_zoom(std::min(room.x / extent.x, room.y / extent.y));
    }

    /// The 4x4 matrix taking world points to OpenGL clip space for a framebuffer of
    /// `framebuffer_size` pixels: what a batched GL renderer of the world would use.
    [[nodiscard]] glm::mat4 projection(glm::vec2 framebuffer_size) const {
        // world -> screen pixels (y down) -> normalized device coordinates (y up).
        const glm::vec2 screen_origin = world_to_screen({0.0f, 0.0f});
        const glm::vec2 pixel_scale(zoom_, -zoom_);
        const glm::vec2 ndc_scale(2.0f / framebuffer_size.x, -2.0f / framebuffer_size.y);
        glm::mat4 matrix(1.0f);
        matrix[0][0] = pixel_scale.x * ndc_scale.x;
        matrix[1][1] = pixel_scale.y * ndc_scale.y;
        matrix[3][0] = screen_origin.x * ndc_scale.x - 1.0f;
        matrix[3][1] = screen_origin.y * ndc_scale.y + 1.0f;
        return matrix;
    }

  private:
    ScreenRect viewport_{{0.0f, 0.0f}, {1.0f, 1.0f}};
    glm::vec2 center_{0.0f};
    float zoom_ = 1.0f;
};

}  // namespace aabb::ui
