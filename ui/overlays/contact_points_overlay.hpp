#pragma once
// The contact points overlay (a CanvasOverlay, listed in ui/overlays/overlay_list.cpp).

#include "ui/canvas/canvas_overlay.hpp"
#include "ui/style/overlay_colors.hpp"

namespace aabb::ui {

/// Contact points of every true contact of the last step: a dot per point and a short line
/// along the contact normal (from the first body towards the second). Skipped for bodies
/// too small on screen to carry a dot.
class ContactPointsOverlay final : public CanvasOverlay {
  public:
    /// Screen length of the normal line at UI scale 1, in pixels.
    static constexpr float normal_pixels = 10.0f;
    /// Contacts of a body smaller than this on screen (pixels at UI scale 1) are not marked.
    static constexpr float min_body_pixels = 4.0f;
    [[nodiscard]] const char* short_label() const override { return "Contact points"; }
    [[nodiscard]] const char* label() const override {
        return "Contact points of each true contact (dots) and the contact normal (line)";
    }
    [[nodiscard]] Rgba8 legend_color() const override { return overlay_colors.contact_point; }
    void draw(const OverlayContext& context) override;
};

}  // namespace aabb::ui
