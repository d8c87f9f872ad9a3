#pragma once
// Where overlays and gadgets paint the shapes they draw by the thousand (the contact points of a
// pile of 500 boxes are 66,960 lines and 133,920 dots): buffers that live until the frame is
// rendered, painted by the batched GL renderer when the canvas has one (three instanced draws)
// and by ImDrawList otherwise (the same picture, one call per shape).

#include <cstddef>
#include <deque>

#include <imgui.h>

#include "ui/render/batched_shapes.hpp"
#include "ui/view/camera.hpp"
#include "ui/view/world_shapes.hpp"

namespace aabb::ui {

class BatchedWorldRenderer;

/// Frame-lived shape buffers and the painter they go to.
class DenseShapes {
  public:
    /// Paints with `renderer` when it is ready, else with ImDrawList; nullptr for ImDrawList.
    /// The renderer must outlive its use.
    void set_renderer(BatchedWorldRenderer* renderer) { renderer_ = renderer; }
    /// True when the batched GL renderer paints.
    [[nodiscard]] bool batched() const;
    /// Makes every buffer free again (the last frame is rendered); call before the frame's first
    /// batch().
    void new_frame();
    /// An empty batch to fill, which lives until the next new_frame().
    [[nodiscard]] ShapeBatch& batch();
    /// Paints `shapes` (which must live until the frame is rendered: a batch() or the caller's
    /// own buffers) through `camera` into `draw_list`. Returns false when ImDrawList could not
    /// take them all (paint_with_draw_list).
    bool paint(const BatchedShapes& shapes, const Camera& camera, ImDrawList& draw_list);
    /// Paints a batch() whose lines are `segment_pixels` wide at UI scale 1.
    bool paint(const ShapeBatch& batch, float segment_pixels, const Camera& camera,
               ImDrawList& draw_list) {
        return paint({batch.rects, batch.segments, batch.discs, segment_pixels}, camera, draw_list);
    }

  private:
    BatchedWorldRenderer* renderer_ = nullptr;
    // A deque: handing out a new batch never moves the ones already handed out.
    std::deque<ShapeBatch> batches_;
    std::size_t used_ = 0;
};

}  // namespace aabb::ui
