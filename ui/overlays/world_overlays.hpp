#pragma once
// The world's overlays beyond the AABBs: exact shapes (rotating boxes, polygons, circles,
// walls, bullets), contact points, bullets' swept boxes, trails, time-of-impact ghosts and
// tunneling markers, and the scene caption. Each is a CanvasOverlay with its own switch in the View
// section. Bullet history comes from the SimulationController's BulletTracker.

#include "ui/canvas/canvas_overlay.hpp"
#include "ui/model/bullet_tracker.hpp"
#include "ui/model/simulation_controller.hpp"
#include "ui/style/overlay_colors.hpp"

namespace aabb::ui {

/// Exact shapes of walls, bullets and rotating shapes (plain boxes are the AABB fill).
class ShapesOverlay final : public CanvasOverlay {
  public:
    [[nodiscard]] const char* short_label() const override { return "Shapes"; }
    [[nodiscard]] const char* label() const override {
        return "Exact shapes: rotating boxes, polygons, circles (teal), walls (gray), bullets "
               "(white)";
    }
    [[nodiscard]] Rgba8 legend_color() const override { return overlay_colors::shape_outline; }
    void draw(const OverlayContext& context) override;
};

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
    [[nodiscard]] Rgba8 legend_color() const override { return overlay_colors::contact_point; }
    void draw(const OverlayContext& context) override;
};

/// Each bullet's swept box over the last step: the box the broad phase sees for a swept
/// bullet, start ∪ end for a discrete one.
class SweptBoxesOverlay final : public CanvasOverlay {
  public:
    /// Reads start poses from `simulation`'s bullet tracker.
    explicit SweptBoxesOverlay(const SimulationController& simulation) : simulation_(simulation) {}
    [[nodiscard]] const char* short_label() const override { return "Swept boxes"; }
    [[nodiscard]] const char* label() const override {
        return "Swept box of each bullet: the union of its boxes at the start and end of the step";
    }
    [[nodiscard]] Rgba8 legend_color() const override { return overlay_colors::swept_box; }
    void draw(const OverlayContext& context) override;

  private:
    const SimulationController& simulation_;
};

/// The recent path of each bullet.
class TrailsOverlay final : public CanvasOverlay {
  public:
    /// Reads trails from `simulation`'s bullet tracker.
    explicit TrailsOverlay(const SimulationController& simulation) : simulation_(simulation) {}
    [[nodiscard]] const char* short_label() const override { return "Trails"; }
    [[nodiscard]] const char* label() const override { return "Bullet trails: recent positions"; }
    [[nodiscard]] Rgba8 legend_color() const override { return overlay_colors::trail; }
    void draw(const OverlayContext& context) override;

  private:
    const SimulationController& simulation_;
};

/// Time-of-impact ghosts of recent hits and tunnelings: start (gray), impact (red), exit and
/// end (blue) poses joined by the path.
class ImpactGhostsOverlay final : public CanvasOverlay {
  public:
    /// Most recent events drawn.
    static constexpr int max_drawn = 24;
    /// Reads events from `simulation`'s bullet tracker.
    explicit ImpactGhostsOverlay(const SimulationController& simulation)
        : simulation_(simulation) {}
    [[nodiscard]] const char* short_label() const override { return "TOI ghosts"; }
    [[nodiscard]] const char* label() const override {
        return "Time-of-impact ghosts: bullet at the start of the step (gray), at the time of "
               "impact (red), at the end of the step (blue)";
    }
    [[nodiscard]] Rgba8 legend_color() const override { return overlay_colors::ghost_hit; }
    void draw(const OverlayContext& context) override;

  private:
    const SimulationController& simulation_;
};

/// A marker at every tunneling event since the scene started; stays visible.
class TunnelingMarkersOverlay final : public CanvasOverlay {
  public:
    /// Reads events from `simulation`'s bullet tracker.
    explicit TunnelingMarkersOverlay(const SimulationController& simulation)
        : simulation_(simulation) {}
    [[nodiscard]] const char* short_label() const override { return "Tunneling"; }
    [[nodiscard]] const char* label() const override {
        return "Tunneling markers: where a discrete bullet passed through a body unreported";
    }
    [[nodiscard]] Rgba8 legend_color() const override { return overlay_colors::tunneling; }
    void draw(const OverlayContext& context) override;

  private:
    const SimulationController& simulation_;
};

/// The scene's title and live detection counts in the canvas's top-left corner.
class SceneCaptionOverlay final : public CanvasOverlay {
  public:
    /// Reads the scene title from `simulation`.
    explicit SceneCaptionOverlay(const SimulationController& simulation)
        : simulation_(simulation) {}
    [[nodiscard]] const char* short_label() const override { return "Caption"; }
    [[nodiscard]] const char* label() const override {
        return "Scene title and this step's candidate pairs, true contacts, false positives";
    }
    [[nodiscard]] Rgba8 legend_color() const override { return {255, 217, 115}; }
    void draw(const OverlayContext& context) override;

  private:
    const SimulationController& simulation_;
};

}  // namespace aabb::ui
