#include "ui/view/world_shapes.hpp"

#include <algorithm>
#include <cmath>
#include <thread>

#include "core/geometry/overlap.hpp"
#include "core/parallel/parallel_chunks.hpp"
#include "ui/style/overlay_colors.hpp"

namespace aabb::ui {

namespace {

/// Closed overlap: a box touching the visible edge is still drawn.
bool touches(const Box2& a, const Box2& b) {
    return overlaps_closed(a, b);
}

}  // namespace

WorkerPool* WorldShapeCollector::pool_for(std::size_t boxes) {
    if (pool_ || boxes < parallel_collect_min_boxes) return pool_.get();
    if (std::thread::hardware_concurrency() < 2) return nullptr;
    pool_ = std::make_unique<WorkerPool>(1);
    return pool_.get();
}

std::size_t WorldShapeCollector::collect_pair_lines(const World& world, const Box2& visible,
                                                    const WorldLayers& layers, WorkerPool* pool,
                                                    ShapeBatch& batch) {
    const auto boxes = world.world_boxes();
    const auto pairs = world.overlapping_pairs();
    const auto pair_is_contact = world.pair_is_contact();
    // Pair lines: each chunk of pairs writes its visible ones from the chunk's own start, then
    // the chunks close up in order (nothing moves while every pair is visible).
    const std::size_t pair_count = pairs.size();
    pair_chunk_kept_.assign((pair_count + collect_chunk_pairs - 1) / collect_chunk_pairs, 0);
    if (layers.pair_lines) {
        batch.segments.resize(pair_count);
    } else {
        batch.segments.clear();
    }
    ShapeBatch::Segment* const segments = batch.segments.data();
    parallel_chunks(
        pool, pair_count, collect_chunk_pairs, [&](std::size_t begin, std::size_t end, int) {
            std::size_t kept = 0;
            for (std::size_t k = begin; k < end; ++k) {
                const BoxPair& pair = pairs[k];
                const Box2& first = boxes[pair.first];
                const Box2& second = boxes[pair.second];
                if (!touches(first, visible) && !touches(second, visible)) continue;
                if (layers.pair_lines) {
                    // True contacts and broad-phase false positives in different
                    // colors, when the world has classified the pairs.
                    const Rgba8 color = k >= pair_is_contact.size() ? palette.pair_line
                                        : pair_is_contact[k] != 0   ? overlay_colors.true_contact
                                                                    : overlay_colors.false_positive;
                    segments[begin + kept] = {first.center(), second.center(), color};
                }
                ++kept;
            }
            pair_chunk_kept_[begin / collect_chunk_pairs] = kept;
        });
    std::size_t visible_pairs = 0;
    for (std::size_t chunk = 0; chunk < pair_chunk_kept_.size(); ++chunk) {
        const std::size_t kept = pair_chunk_kept_[chunk];
        const std::size_t start = chunk * collect_chunk_pairs;
        if (layers.pair_lines && start != visible_pairs) {
            std::copy_n(segments + start, kept, segments + visible_pairs);
        }
        visible_pairs += kept;
    }
    if (layers.pair_lines) batch.segments.resize(visible_pairs);
    return visible_pairs;
}

ShapeCollectionStats WorldShapeCollector::collect(const World& world, const Box2& visible,
                                                  const WorldLayers& layers,
                                                  std::optional<BoxId> hovered, ShapeBatch& batch) {
    ShapeCollectionStats stats;
    const auto boxes = world.world_boxes();
    const auto pairs = world.overlapping_pairs();
    // The world's flags, not the bodies: 1 MB to read instead of 48 at a million boxes.
    const auto plain_boxes = world.plain_boxes();

    in_pair_.assign(boxes.size(), 0);
    if (layers.overlap_highlight) {
        for (const BoxPair& pair : pairs) {
            in_pair_[pair.first] = 1;
            in_pair_[pair.second] = 1;
        }
    }

    const Rgba8 hidden{0, 0, 0, 0};
    const Rgba8 plain_fill = layers.object_fill ? palette.object_fill : hidden;
    const Rgba8 plain_outline = layers.aabb_outlines ? palette.aabb_outline : hidden;
    const Rgba8 pair_fill = layers.object_fill ? palette.overlap_fill : hidden;
    const Rgba8 pair_outline = layers.aabb_outlines ? palette.overlap_outline : hidden;

    // Whole pixels keep outlines crisp; the UI scale and high contrast thicken them.
    const float outline_pixels = std::max(1.0f, std::round(overlay_stroke(1.0f)));
    const float hover_pixels = std::max(2.0f, std::round(overlay_stroke(2.0f)));
    // Highlighted boxes are painted over plain ones: each chunk of boxes counts what it keeps,
    // then writes it at its place after the chunks before it (plain boxes first, then those in
    // pairs), so the batch is the same on any number of threads. Resized, not cleared: a
    // million new rectangles would be written once to construct them and once to fill them.
    const std::size_t count = boxes.size();
    chunk_counts_.assign((count + collect_chunk_boxes - 1) / collect_chunk_boxes, ChunkCounts{});
    WorkerPool* const pool = pool_for(count);
    parallel_chunks(pool, count, collect_chunk_boxes, [&](std::size_t begin, std::size_t end, int) {
        ChunkCounts counts;
        for (std::size_t i = begin; i < end; ++i) {
            if (!touches(boxes[i], visible)) {
                ++counts.culled;
                continue;
            }
            // Only an unrotated plain box is its own AABB; other shapes are drawn exactly by
            // the Shapes overlay, and filling their AABB would hide the difference.
            if (i < plain_boxes.size() && plain_boxes[i] == 0) ++counts.shaped;
            ++(in_pair_[i] == 0 ? counts.plain : counts.paired);
        }
        chunk_counts_[begin / collect_chunk_boxes] = counts;
    });
    ChunkCounts totals;
    for (ChunkCounts& chunk : chunk_counts_) {
        const ChunkCounts counts = chunk;
        chunk = totals;  // now where the chunk's entries start
        totals.plain += counts.plain;
        totals.paired += counts.paired;
        totals.shaped += counts.shaped;
        totals.culled += counts.culled;
    }
    stats.culled_objects = totals.culled;
    stats.visible_objects = totals.plain + totals.paired;
    batch.rects.resize(stats.visible_objects);
    shaped_.resize(totals.shaped);
    ShapeBatch::Rect* const rects = batch.rects.data();
    parallel_chunks(pool, count, collect_chunk_boxes, [&](std::size_t begin, std::size_t end, int) {
        const ChunkCounts start = chunk_counts_[begin / collect_chunk_boxes];
        std::size_t plain = start.plain;
        std::size_t paired = totals.plain + start.paired;
        std::size_t shaped = start.shaped;
        for (std::size_t i = begin; i < end; ++i) {
            if (!touches(boxes[i], visible)) continue;
            const bool box_is_shape = i >= plain_boxes.size() || plain_boxes[i] != 0;
            if (!box_is_shape) shaped_[shaped++] = static_cast<std::uint32_t>(i);
            if (in_pair_[i] == 0) {
                rects[plain++] = {boxes[i], box_is_shape ? plain_fill : hidden, plain_outline,
                                  outline_pixels};
            } else {
                rects[paired++] = {boxes[i], box_is_shape ? pair_fill : hidden, pair_outline,
                                   outline_pixels};
            }
        }
    });

    stats.visible_pairs = collect_pair_lines(world, visible, layers, pool, batch);

    if (hovered && *hovered < boxes.size()) {
        batch.rects.push_back({boxes[*hovered], hidden, palette.hover_outline, hover_pixels});
    }
    return stats;
}

}  // namespace aabb::ui
