#pragma once
// Draws the world's boxes (fills, AABB outlines, highlights) and pair lines with two instanced
// OpenGL draw calls instead of one ImDrawList shape per box and pair: each ShapeBatch::Rect is
// uploaded as is (28 bytes) as one instance, and the shaders snap it to whole pixels and pick
// outline or fill per pixel, reproducing the ImDrawList picture. It runs as an ImDrawList callback,
// so it is painted exactly where the canvas would have painted them: over the grid, under the
// overlays and the panel.

#include <cstddef>
#include <span>
#include <vector>

#include <imgui.h>

#include "ui/view/camera.hpp"
#include "ui/view/world_shapes.hpp"

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

    /// Queues `rects`, then `segments` on top (both kept by reference: they must live until
    /// ImGui's draw data is rendered), seen through `camera`, into `draw_list` as a callback
    /// followed by ImGui's render-state reset. Clipped to the draw list's clip rectangle.
    void draw(std::span<const ShapeBatch::Rect> rects,
              std::span<const ShapeBatch::Segment> segments, const Camera& camera,
              ImDrawList& draw_list);
    /// Instances drawn by the last callback.
    [[nodiscard]] std::size_t last_instance_count() const { return last_instance_count_; }

  private:
    static void render_callback(const ImDrawList* list, const ImDrawCmd* command);
    void render(const ImDrawCmd& command);
    static void upload(unsigned buffer, std::size_t& capacity, const void* data, std::size_t bytes);

    unsigned program_ = 0;
    unsigned vertex_array_ = 0;
    unsigned instance_buffer_ = 0;
    unsigned segment_program_ = 0;
    unsigned segment_vertex_array_ = 0;
    unsigned segment_buffer_ = 0;
    std::size_t segment_capacity_bytes_ = 0;
    // Uniform locations of the segment program: center, zoom, viewport_center, display_size,
    // extent, fringe.
    std::vector<int> segment_uniforms_;
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
    std::span<const ShapeBatch::Segment> pending_segments_;
    glm::vec2 center_{0.0f};
    float zoom_ = 1.0f;
    glm::vec2 viewport_center_{0.0f};
};

}  // namespace aabb::ui
