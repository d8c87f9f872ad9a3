#include "ui/view/overlay_layout.hpp"

#include <algorithm>
#include <cmath>
#include <limits>

#include "ui/view/free_area.hpp"
#include "ui/view/layout_record.hpp"

namespace aabb::ui {

namespace {

/// The corners the card may take, in order of preference (reading starts at the top-left).
enum class Corner : int { top_left, top_right, bottom_left, bottom_right };
constexpr Corner corners[] = {Corner::top_left, Corner::top_right, Corner::bottom_left,
                              Corner::bottom_right};
/// The widths tried, in font sizes, in order of preference: 22 is the card's width at scale 1
/// on a 1280-pixel window; 0 stands for the whole canvas width (a band).
constexpr float widths_in_fonts[] = {22.0f, 16.0f, 28.0f, 36.0f, 0.0f};
constexpr int width_count = static_cast<int>(std::size(widths_in_fonts));
/// Lines longer than this many font sizes are hard to read: a band is no wider.
constexpr float max_width_in_fonts = 40.0f;

bool is_free(const ScreenRect& rect, std::span<const ScreenRect> obstacles) {
    return std::none_of(obstacles.begin(), obstacles.end(),
                        [&](const ScreenRect& other) { return rects_overlap(rect, other); });
}

/// The card's rectangle at `corner`, `width` × `height`, as near the corner as the fixed
/// windows allow; nullopt when it fits nowhere along that side.
std::optional<ScreenRect> card_at(const OverlayLayoutInput& input, Corner corner, float width,
                                  float height) {
    const ScreenRect& canvas = input.canvas;
    const float m = input.margin;
    const bool right = corner == Corner::top_right || corner == Corner::bottom_right;
    const bool bottom = corner == Corner::bottom_left || corner == Corner::bottom_right;
    const float x = right ? canvas.max.x - m - width : canvas.min.x + m;
    std::vector<float> ys;
    if (bottom) {
        ys.push_back(canvas.max.y - m - height);
        for (const ScreenRect& other : input.fixed)
            ys.push_back(other.min.y - m - height);
        std::sort(ys.begin(), ys.end(), std::greater<>());
    } else {
        ys.push_back(canvas.min.y + m);
        for (const ScreenRect& other : input.fixed)
            ys.push_back(other.max.y + m);
        std::sort(ys.begin(), ys.end());
    }
    for (const float y : ys) {
        const ScreenRect rect{{x, y}, {x + width, y + height}};
        if (y < canvas.min.y + m - 0.5f || rect.max.y > canvas.max.y - m + 0.5f) continue;
        if (is_free(rect, input.fixed)) return rect;
    }
    return std::nullopt;
}

/// How far the card may grow from `rect`'s fixed edge (its top, or its bottom for a bottom
/// corner) before it meets a fixed window or the canvas's edge.
float room_from(const OverlayLayoutInput& input, const ScreenRect& rect, bool bottom) {
    const float m = input.margin;
    float limit =
        bottom ? rect.max.y - (input.canvas.min.y + m) : (input.canvas.max.y - m) - rect.min.y;
    for (const ScreenRect& other : input.fixed) {
        if (other.max.x <= rect.min.x || other.min.x >= rect.max.x) continue;
        if (!bottom && other.min.y >= rect.min.y)
            limit = std::min(limit, other.min.y - m - rect.min.y);
        if (bottom && other.max.y <= rect.max.y)
            limit = std::min(limit, rect.max.y - other.max.y - m);
    }
    return std::max(limit, 0.0f);
}

}  // namespace

float card_height(const CardMeasure& measure, float width) {
    const float inner = std::max(width - measure.horizontal_padding, 1.0f);
    float height = measure.fixed_height;
    for (const float block : measure.block_widths) {
        // A block that fits is one line; a longer one loses about a tenth of each line where a
        // word does not fit.
        const float lines = block <= inner ? 1.0f : std::ceil(block / (0.9f * inner));
        height += lines * measure.line_height;
    }
    return height;
}

CardPlace place_card(const OverlayLayoutInput& input, std::optional<int> previous) {
    const ScreenRect& canvas = input.canvas;
    const float m = input.margin;
    const float widest = std::max(canvas.size().x - 2.0f * m, 1.0f);
    const float narrowest = std::min(std::max(input.card.min_width, 14.0f * input.font), widest);
    struct Candidate {
        CardPlace place;
        float zoom = 0.0f;
    };
    std::vector<Candidate> candidates;
    std::vector<ScreenRect> obstacles = input.fixed;
    obstacles.emplace_back();
    for (int c = 0; c < 4; ++c) {
        const Corner corner = corners[c];
        const bool bottom = corner == Corner::bottom_left || corner == Corner::bottom_right;
        for (int w = 0; w < width_count; ++w) {
            const float wanted = widths_in_fonts[w] > 0.0f
                                     ? widths_in_fonts[w] * input.font
                                     : std::min(widest, max_width_in_fonts * input.font);
            const float width = std::clamp(wanted, narrowest, widest);
            const float height = card_height(input.card, width);
            const std::optional<ScreenRect> rect = card_at(input, corner, width, height);
            if (!rect) continue;
            obstacles.back() = *rect;
            const ScreenRect free = largest_free_rect(canvas, obstacles, input.stage_extent);
            CardPlace place;
            place.width = width;
            place.estimate = *rect;
            place.choice = c * width_count + w;
            place.pivot = {0.0f, bottom ? 1.0f : 0.0f};
            place.anchor = {rect->min.x, bottom ? rect->max.y : rect->min.y};
            place.max_height = room_from(input, *rect, bottom);
            candidates.push_back({place, fitting_zoom(free, input.stage_extent)});
        }
    }
    if (candidates.empty()) {
        // Nowhere whole: at the top-left below the fixed windows above it, as tall as the room
        // down to the next fixed window (the timeline, the bar), at the width that leaves the
        // least of it cut; the card scrolls.
        CardPlace place;
        place.cut = true;
        float least_cut = std::numeric_limits<float>::max();
        for (int w = 0; w < width_count; ++w) {
            const float wanted = widths_in_fonts[w] > 0.0f
                                     ? widths_in_fonts[w] * input.font
                                     : std::min(widest, max_width_in_fonts * input.font);
            const float width = std::clamp(wanted, narrowest, widest);
            float y = canvas.min.y + m;
            for (const ScreenRect& other : input.fixed) {
                if (other.min.x < canvas.min.x + m + width && other.max.y < canvas.center().y)
                    y = std::max(y, other.max.y + m);
            }
            const ScreenRect top{{canvas.min.x + m, y}, {canvas.min.x + m + width, y + 1.0f}};
            const float room = std::max(room_from(input, top, false), input.font);
            const float cut = std::max(card_height(input.card, width) - room, 0.0f);
            if (cut >= least_cut) continue;
            least_cut = cut;
            place.width = width;
            place.anchor = top.min;
            place.max_height = room;
            place.choice = 4 * width_count + w;
        }
        place.estimate = {place.anchor, place.anchor + glm::vec2(place.width, place.max_height)};
        return place;
    }
    float best = 0.0f;
    for (const Candidate& candidate : candidates)
        best = std::max(best, candidate.zoom);
    if (previous) {
        for (const Candidate& candidate : candidates) {
            if (candidate.place.choice == *previous && candidate.zoom >= 0.9f * best)
                return candidate.place;
        }
    }
    // The first place, in order of preference (the top-left first, where reading starts and
    // where the card stays from step to step), that frames the stage within a tenth of the best
    // zoom: a card that changes corner between steps is harder to follow than a stage a little
    // smaller.
    for (const Candidate& candidate : candidates) {
        if (candidate.zoom >= 0.9f * best) return candidate.place;
    }
    return candidates.front().place;
}

}  // namespace aabb::ui
