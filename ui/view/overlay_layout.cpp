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
/// The most of a card that fits nowhere whole that may be cut (it scrolls) to frame the stage
/// larger; past it the card is cut the least.
constexpr float max_cut_share = 0.25f;
/// How many times larger a cut card must frame the stage than the best card shown whole.
constexpr float min_cut_gain = 1.5f;
/// A card may lose up to this much of its height (it scrolls, a last row says there is more)
/// when that frames the stage min_starved_gain times larger than a card cut by max_cut_share:
/// at 1280x720 and UI scale 2 a full-width card cut by a quarter left lesson 16's sweep a
/// 134-pixel corner (issue 49).
constexpr float max_starved_cut_share = 0.6f;
constexpr float min_starved_gain = 2.0f;
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

/// A card cut at the top-left (it scrolls), with what it costs and gives.
struct CutPlace {
    CardPlace place;
    /// The pixels of the card that are cut, and their share of its height.
    float cut = 0.0f;
    float share = 0.0f;
    /// The zoom the stage gets beside it.
    float zoom = 0.0f;
};

/// The card cut at the top-left below the fixed windows above it, as tall as the room down to
/// the next window (the band, the timeline, the bar), at each width (and, with a band, with the
/// band left in place or moved beside the card).
std::vector<CutPlace> cut_places(const OverlayLayoutInput& input,
                                 const OverlayLayoutInput& with_band) {
    const ScreenRect& canvas = input.canvas;
    const float m = input.margin;
    const float widest = std::max(canvas.size().x - 2.0f * m, 1.0f);
    const float narrowest = std::min(std::max(input.card.min_width, 14.0f * input.font), widest);
    std::vector<CutPlace> cuts;
    for (int mode = 0; mode < (input.band ? 2 : 1); ++mode) {
        const OverlayLayoutInput& laid = mode == 0 ? with_band : input;
        for (int w = 0; w < width_count; ++w) {
            const float wanted = widths_in_fonts[w] > 0.0f
                                     ? widths_in_fonts[w] * input.font
                                     : std::min(widest, max_width_in_fonts * input.font);
            const float width = std::clamp(wanted, narrowest, widest);
            float y = canvas.min.y + m;
            for (const ScreenRect& other : laid.fixed) {
                if (other.min.x < canvas.min.x + m + width && other.max.y < canvas.center().y)
                    y = std::max(y, other.max.y + m);
            }
            const ScreenRect top{{canvas.min.x + m, y}, {canvas.min.x + m + width, y + 1.0f}};
            const float room = std::max(room_from(laid, top, false), input.font);
            const float height = card_height(input.card, width);
            const ScreenRect rect{top.min, top.min + glm::vec2(width, std::min(height, room))};
            std::optional<ScreenRect> band;
            if (mode == 1) {
                if (!rects_overlap(rect, *input.band)) continue;
                band = band_beside(*input.band, rect, canvas, m, input.min_band_width);
                if (!band || !is_free(*band, input.fixed)) continue;
            }
            std::vector<ScreenRect> obstacles = with_band.fixed;
            if (band) obstacles.back() = *band;
            obstacles.push_back(rect);
            CutPlace cut;
            cut.place.cut = true;
            cut.place.width = width;
            cut.place.anchor = top.min;
            cut.place.max_height = room;
            cut.place.choice = (8 + mode) * width_count + w;
            cut.place.band = band;
            cut.place.estimate = rect;
            cut.cut = std::max(height - room, 0.0f);
            cut.share = cut.cut / std::max(height, 1.0f);
            cut.zoom = fitting_zoom(largest_free_rect(canvas, obstacles, input.stage_extent),
                                    input.stage_extent);
            cuts.push_back(cut);
        }
    }
    return cuts;
}

/// Of `cuts`, the one that frames the stage the largest among those that cut at most
/// max_cut_share of the card, or among those that cut at most max_starved_cut_share when that
/// frames it min_starved_gain times larger; else the one that cuts the least; nullptr when
/// there is none.
const CutPlace* best_cut(const std::vector<CutPlace>& cuts) {
    const auto largest = [&cuts](float share) {
        const CutPlace* chosen = nullptr;
        for (const CutPlace& cut : cuts) {
            if (cut.share <= share && (chosen == nullptr || cut.zoom > chosen->zoom)) chosen = &cut;
        }
        return chosen;
    };
    const CutPlace* chosen = largest(max_cut_share);
    const CutPlace* starved = largest(max_starved_cut_share);
    if (starved != nullptr &&
        (chosen == nullptr || starved->zoom >= min_starved_gain * chosen->zoom))
        chosen = starved;
    for (const CutPlace& cut : cuts) {
        if (chosen == nullptr || (chosen->share > max_starved_cut_share && cut.cut < chosen->cut))
            chosen = &cut;
    }
    return chosen;
}

}  // namespace

std::optional<ScreenRect> band_beside(const ScreenRect& band, const ScreenRect& card,
                                      const ScreenRect& canvas, float margin, float min_width) {
    if (!rects_overlap(band, card)) return band;
    const float left = card.min.x - margin - (canvas.min.x + margin);
    const float right = canvas.max.x - margin - (card.max.x + margin);
    const float room = std::max(left, right);
    if (room < min_width) return std::nullopt;
    const float x0 = left >= right ? canvas.min.x + margin : card.max.x + margin;
    const float width = std::min(room, band.size().x);
    const float x = x0 + 0.5f * (room - width);
    return ScreenRect{{x, band.min.y}, {x + width, band.max.y}};
}

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
    // First with the band where it is, as a fixed window; then, when a band is drawn, with the
    // band moved beside the card (preferred only when that frames the stage clearly larger).
    OverlayLayoutInput with_band = input;
    if (input.band) with_band.fixed.push_back(*input.band);
    for (int mode = 0; mode < (input.band ? 2 : 1); ++mode) {
        const OverlayLayoutInput& laid = mode == 0 ? with_band : input;
        for (int c = 0; c < 4; ++c) {
            const Corner corner = corners[c];
            const bool bottom = corner == Corner::bottom_left || corner == Corner::bottom_right;
            for (int w = 0; w < width_count; ++w) {
                const float wanted = widths_in_fonts[w] > 0.0f
                                         ? widths_in_fonts[w] * input.font
                                         : std::min(widest, max_width_in_fonts * input.font);
                const float width = std::clamp(wanted, narrowest, widest);
                const float height = card_height(input.card, width);
                const std::optional<ScreenRect> rect = card_at(laid, corner, width, height);
                if (!rect) continue;
                std::optional<ScreenRect> band;
                if (mode == 1) {
                    // Only a card that needs the band's column: the others were tried above.
                    if (!rects_overlap(*rect, *input.band)) continue;
                    band = band_beside(*input.band, *rect, canvas, m, input.min_band_width);
                    if (!band || !is_free(*band, input.fixed)) continue;
                }
                std::vector<ScreenRect> obstacles = with_band.fixed;
                if (band) obstacles.back() = *band;
                obstacles.push_back(*rect);
                const ScreenRect free = largest_free_rect(canvas, obstacles, input.stage_extent);
                CardPlace place;
                place.width = width;
                place.estimate = *rect;
                place.choice = (mode * 4 + c) * width_count + w;
                place.pivot = {0.0f, bottom ? 1.0f : 0.0f};
                place.anchor = {rect->min.x, bottom ? rect->max.y : rect->min.y};
                place.max_height = room_from(laid, *rect, bottom);
                place.band = band;
                candidates.push_back({place, fitting_zoom(free, input.stage_extent)});
            }
        }
    }
    const std::vector<CutPlace> cuts = cut_places(input, with_band);
    const CutPlace* cut = best_cut(cuts);
    // Nowhere whole: the cut card that frames the stage the largest.
    if (candidates.empty()) return cut->place;
    float best = 0.0f;
    for (const Candidate& candidate : candidates)
        best = std::max(best, candidate.zoom);
    // A card that fits whole only by taking the canvas's width or height may leave the stage a
    // corner: cut (it scrolls, a last row says there is more) when that frames the stage
    // clearly larger (issue 49: lessons 01 step 2 and 16 step 1 at 1280x720 and UI scale 2).
    if (cut != nullptr && cut->share <= max_starved_cut_share &&
        cut->zoom >= (cut->share <= max_cut_share ? min_cut_gain : min_starved_gain) * best)
        return cut->place;
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
