#pragma once
// Draws shapes in great numbers with three instanced OpenGL draw calls instead of one ImDrawList
// shape each: boxes (fills, AABB outlines, highlights; each ShapeBatch::Rect is uploaded as is,
// 28 bytes, as one instance, and the shaders snap it to whole pixels and pick outline or fill per
// pixel), anti-aliased lines and round dots, reproducing the ImDrawList picture
// (batched_shapes.hpp). The world's boxes and pair lines use it, and so do overlays and gadgets
// with many shapes (contact points, tree nodes). Each batch runs as an ImDrawList callback, so
// it is painted exactly where ImDrawList would have painted it: over what was drawn before, under
// what is drawn after.

#include <cstddef>
#include <deque>
#include <vector>

#include <imgui.h>

#include "ui/render/batched_shapes.hpp"
#include "ui/view/camera.hpp"
#include "ui/view/world_shapes.hpp"

namespace aabb::ui {

/// The batched GL path for boxes, lines and dots. Needs a current OpenGL >= 3.3 context
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
    [[nodiscard]] bool ready() const { return rects_.id != 0; }
    /// Why the renderer is not ready; empty when it is.
    [[nodiscard]] const char* failure() const { return failure_; }

    /// Forgets the batches of the last frame (rendered by now); call before the frame's first
    /// draw().
    void new_frame() { pending_.clear(); }
    /// Queues `shapes` (kept by reference: they must live until ImGui's draw data is rendered),
    /// seen through `camera`, into `draw_list` as a callback followed by ImGui's render-state
    /// reset. Clipped to the draw list's clip rectangle at that point.
    void draw(const BatchedShapes& shapes, const Camera& camera, ImDrawList& draw_list);

  private:
    // One draw(): its shapes and camera, and the renderer its callback calls.
    struct Pending {
        BatchedWorldRenderer* renderer = nullptr;
        BatchedShapes shapes;
        glm::vec2 center{0.0f};
        float zoom = 1.0f;
        glm::vec2 viewport_center{0.0f};
    };
    // A program and the uniform locations the three share, in uniform_names order.
    struct Program {
        unsigned id = 0;
        std::vector<int> uniforms;
    };

    static void render_callback(const ImDrawList* list, const ImDrawCmd* command);
    void render(const Pending& pending, const ImDrawCmd& command);
    static void upload(unsigned buffer, std::size_t& capacity, const void* data, std::size_t bytes);
    void set_view_uniforms(const Program& program, const Pending& pending) const;
    void create_buffers();

    Program rects_;
    Program segments_;
    Program discs_;
    unsigned rect_vertex_array_ = 0;
    unsigned rect_buffer_ = 0;
    std::size_t rect_capacity_bytes_ = 0;
    unsigned segment_vertex_array_ = 0;
    unsigned segment_buffer_ = 0;
    std::size_t segment_capacity_bytes_ = 0;
    unsigned disc_vertex_array_ = 0;
    unsigned disc_buffer_ = 0;
    std::size_t disc_capacity_bytes_ = 0;
    const char* failure_ = "";
    // This frame's batches; a deque, so the callbacks' pointers to them stay valid.
    std::deque<Pending> pending_;
};

}  // namespace aabb::ui
