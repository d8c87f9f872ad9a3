#pragma once
// Draws the world's boxes (fills, AABB outlines, highlights) with one instanced OpenGL draw
// call instead of one ImDrawList rectangle per box: each ShapeBatch::Rect is uploaded as is
// (28 bytes) as one instance, and the shaders snap it to whole pixels and pick outline or fill
// per pixel, reproducing the ImDrawList picture. It runs as an ImDrawList callback, so it is
// painted exactly where the canvas would have painted the rectangles: over the grid, under the
// pair lines, overlays and panel.

#include <cstddef>
#include <span>

#include <imgui.h>

#include "ui/camera.hpp"
#include "ui/world_shapes.hpp"

namespace aabb::ui {

/// The batched GL path for the world's rectangles. Needs a current OpenGL >= 3.3 context
/// (instanced attributes); check ready() after construction.
class BatchedWorldRenderer {
  public:
    /// Compiles the shaders and creates the buffers on the current GL context. Never throws:
    /// on failure ready() is false and failure() says why.
    BatchedWorldRenderer();
    ~BatchedWorldRenderer();
    BatchedWorldRenderer(const BatchedWorldRenderer&) = delete;
    BatchedWorldRenderer& operator=(const BatchedWorldRenderer&) = delete;

    /// True when the GL objects exist and draw() can be used.
    [[nodiscard]] bool ready() const { return program_ != 0; }
    /// Why the renderer is not ready; empty when it is.
    [[nodiscard]] const char* failure() const { return failure_; }

    /// Queues `rects` (kept by reference: they must live until ImGui's draw data is rendered)
    /// seen through `camera` into `draw_list` as a callback, followed by ImGui's render-state
    /// reset. The rectangles are clipped to the draw list's current clip rectangle.
    void draw(std::span<const ShapeBatch::Rect> rects, const Camera& camera, ImDrawList& draw_list);
    /// Instances drawn by the last callback.
    [[nodiscard]] std::size_t last_instance_count() const { return last_instance_count_; }

  private:
    static void render_callback(const ImDrawList* list, const ImDrawCmd* command);
    void render(const ImDrawCmd& command);

    unsigned program_ = 0;
    unsigned vertex_array_ = 0;
    unsigned instance_buffer_ = 0;
    int uniform_center_ = -1;
    int uniform_zoom_ = -1;
    int uniform_viewport_center_ = -1;
    int uniform_display_size_ = -1;
    int uniform_framebuffer_ = -1;
    const char* failure_ = "";
    std::size_t buffer_capacity_bytes_ = 0;
    std::size_t last_instance_count_ = 0;
    // What the next callback draws.
    std::span<const ShapeBatch::Rect> pending_;
    glm::vec2 center_{0.0f};
    float zoom_ = 1.0f;
    glm::vec2 viewport_center_{0.0f};
};

}  // namespace aabb::ui
