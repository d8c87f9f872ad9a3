#pragma once
// Turns the world into a flat list of colored shapes in world coordinates, culled to the
// visible region: the step between simulation state and any renderer. The canvas paints the
// list with ImDrawList today; a batched OpenGL renderer can upload the same arrays later
// (one instanced draw for rects, one for segments). Pure C++ on aabb_core, unit tested.

#include <cstddef>
#include <cstdint>
#include <memory>
#include <optional>
#include <span>
#include <vector>

#include "core/parallel/worker_pool.hpp"
#include "core/world/world.hpp"
#include "ui/style/palette.hpp"

namespace aabb::ui {

/// Which layers of the world are drawn; the panel toggles them.
struct WorldLayers {
    /// Background grid and axes.
    bool grid = true;
    /// Translucent fill of each object.
    bool object_fill = true;
    /// Outline of each object's AABB.
    bool aabb_outlines = true;
    /// Objects in an overlapping pair drawn in the highlight colors.
    bool overlap_highlight = true;
    /// A line between the centers of the two boxes of each overlapping pair.
    bool pair_lines = true;
    /// The body under the cursor outlined, with a tooltip of its box, velocity and pairs.
    bool hover_info = true;
};

/// Colored shapes in world coordinates, in painting order (later shapes on top).
struct ShapeBatch {
    /// A box with a fill and an outline color (alpha 0 = not drawn).
    struct Rect {
        /// The box in world units.
        Box2 box;
        /// Fill color.
        Rgba8 fill;
        /// Outline color.
        Rgba8 outline;
        /// Outline thickness in screen pixels.
        float outline_pixels = 1.0f;
    };
    /// A straight line in world units.
    struct Segment {
        /// Start point.
        glm::vec2 from{0.0f};
        /// End point.
        glm::vec2 to{0.0f};
        /// Line color.
        Rgba8 color;
    };

    /// A round dot of a fixed size on screen at a world point (a contact point).
    struct Disc {
        /// Its center in world units.
        glm::vec2 center{0.0f};
        /// Its radius in screen pixels.
        float radius_pixels = 1.0f;
        /// Its color.
        Rgba8 color;
    };

    /// Boxes: objects without pairs, then objects in pairs, then the hovered one.
    std::vector<Rect> rects;
    /// Pair lines.
    std::vector<Segment> segments;
    /// Dots, painted over the boxes and lines (the world's collection has none; overlays add
    /// them).
    std::vector<Disc> discs;

    /// Empties every list, keeping their memory for the next frame.
    void clear() {
        rects.clear();
        segments.clear();
        discs.clear();
    }
};

/// What the last collection kept and dropped.
struct ShapeCollectionStats {
    /// Objects whose AABB touches the visible region.
    std::size_t visible_objects = 0;
    /// Objects outside the visible region, skipped.
    std::size_t culled_objects = 0;
    /// Overlapping pairs with at least one visible box.
    std::size_t visible_pairs = 0;
};

/// Fills a ShapeBatch from a World each frame, reusing its scratch memory.
class WorldShapeCollector {
  public:
    /// Replaces `batch` with the shapes of `world` that touch `visible` under `layers`;
    /// `hovered` (a body index) gets the hover outline on top.
    ShapeCollectionStats collect(const World& world, const Box2& visible, const WorldLayers& layers,
                                 std::optional<BoxId> hovered, ShapeBatch& batch);
    /// The bodies of the last collection that touch the visible region and are not a plain
    /// unrotated box (walls, bullets, circles, polygons, rotated boxes), by index: the ones the
    /// Shapes overlay draws exactly, listed here so it need not read every body again.
    [[nodiscard]] std::span<const std::uint32_t> shaped_bodies() const { return shaped_; }

    /// Boxes from which a collection splits its passes over two threads (when the machine has
    /// two): below it a handoff to another thread costs more than it saves.
    static constexpr std::size_t parallel_collect_min_boxes = 32768;

  private:
    // What one chunk of boxes keeps: entries of each list, or after the prefix over the chunks,
    // where the chunk's entries start.
    struct ChunkCounts {
        std::size_t plain = 0;
        std::size_t paired = 0;
        std::size_t shaped = 0;
        std::size_t culled = 0;
    };
    // Boxes, and pairs, per chunk of the collection's passes.
    static constexpr std::size_t collect_chunk_boxes = 16384;
    static constexpr std::size_t collect_chunk_pairs = 8192;

    // The pool for `boxes` boxes: made at the first collection of parallel_collect_min_boxes;
    // nullptr while the caller works alone.
    [[nodiscard]] WorkerPool* pool_for(std::size_t boxes);
    /// The pair lines of the pairs with a box in `visible` into batch.segments (when the layer
    /// is on); returns how many pairs have a box in view.
    std::size_t collect_pair_lines(const World& world, const Box2& visible,
                                   const WorldLayers& layers, WorkerPool* pool, ShapeBatch& batch);

    std::vector<std::uint32_t> shaped_;
    std::vector<std::uint8_t> in_pair_;
    std::vector<ChunkCounts> chunk_counts_;
    // Visible pairs of each chunk of pairs.
    std::vector<std::size_t> pair_chunk_kept_;
    std::unique_ptr<WorkerPool> pool_;
};

}  // namespace aabb::ui
