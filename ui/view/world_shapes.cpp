#include "ui/view/world_shapes.hpp"

#include <algorithm>
#include <cmath>

#include "core/geometry/overlap.hpp"
#include "ui/style/overlay_colors.hpp"

namespace aabb::ui {

namespace {

/// Closed overlap: a box touching the visible edge is still drawn.
bool touches(const Box2& a, const Box2& b) {
    return overlaps_closed(a, b);
}

}  // namespace

ShapeCollectionStats WorldShapeCollector::collect(const World& world, const Box2& visible,
                                                  const WorldLayers& layers,
                                                  std::optional<BoxId> hovered, ShapeBatch& batch) {
    batch.clear();
    ShapeCollectionStats stats;
    const auto boxes = world.world_boxes();
    const auto pairs = world.overlapping_pairs();
    // The world's flags, not the bodies: 1 MB to read instead of 48 at a million boxes.
    const auto plain_boxes = world.plain_boxes();
    const auto pair_is_contact = world.pair_is_contact();

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
    // Highlighted boxes are painted over plain ones: they are collected apart in the same
    // pass and appended (at 100,000 boxes a second pass over every box was a third of this).
    pair_rects_.clear();
    shaped_.clear();
    for (std::size_t i = 0; i < boxes.size(); ++i) {
        if (!touches(boxes[i], visible)) {
            ++stats.culled_objects;
            continue;
        }
        ++stats.visible_objects;
        // Only an unrotated plain box is its own AABB; other shapes are drawn exactly by
        // the Shapes overlay, and filling their AABB would hide the difference.
        const bool box_is_shape = i >= plain_boxes.size() || plain_boxes[i] != 0;
        if (!box_is_shape) shaped_.push_back(static_cast<std::uint32_t>(i));
        if (in_pair_[i] == 0) {
            batch.rects.push_back(
                {boxes[i], box_is_shape ? plain_fill : hidden, plain_outline, outline_pixels});
        } else {
            pair_rects_.push_back(
                {boxes[i], box_is_shape ? pair_fill : hidden, pair_outline, outline_pixels});
        }
    }
    batch.rects.insert(batch.rects.end(), pair_rects_.begin(), pair_rects_.end());

    for (std::size_t k = 0; k < pairs.size(); ++k) {
        const BoxPair& pair = pairs[k];
        const Box2& first = boxes[pair.first];
        const Box2& second = boxes[pair.second];
        if (!touches(first, visible) && !touches(second, visible)) continue;
        ++stats.visible_pairs;
        if (layers.pair_lines) {
            // True contacts and broad-phase false positives in different colors, when the
            // world has classified the pairs.
            const Rgba8 color = k >= pair_is_contact.size() ? palette.pair_line
                                : pair_is_contact[k] != 0   ? overlay_colors.true_contact
                                                            : overlay_colors.false_positive;
            batch.segments.push_back({first.center(), second.center(), color});
        }
    }

    if (hovered && *hovered < boxes.size()) {
        batch.rects.push_back({boxes[*hovered], hidden, palette.hover_outline, hover_pixels});
    }
    return stats;
}

}  // namespace aabb::ui
