#include "ui/view/label_placement.hpp"

#include <algorithm>
#include <array>
#include <limits>
#include <vector>

#include "ui/view/layout_record.hpp"

namespace aabb::ui {

namespace {

/// `rect` moved into `bounds` as far as it fits (a label near an edge stays whole).
ScreenRect kept_inside(ScreenRect rect, const ScreenRect& bounds) {
    const glm::vec2 size = rect.size();
    const glm::vec2 low = bounds.min;
    const glm::vec2 high = glm::max(bounds.max - size, low);
    rect.min = glm::clamp(rect.min, low, high);
    rect.max = rect.min + size;
    return rect;
}

/// The area `rect` (grown by `gap`) shares with the rectangles of `taken`.
float covered_area(const ScreenRect& rect, std::span<const ScreenRect> taken, float gap) {
    const ScreenRect grown{rect.min - glm::vec2(gap), rect.max + glm::vec2(gap)};
    float covered = 0.0f;
    for (const ScreenRect& other : taken) {
        const float width = std::min(grown.max.x, other.max.x) - std::max(grown.min.x, other.min.x);
        const float height =
            std::min(grown.max.y, other.max.y) - std::max(grown.min.y, other.min.y);
        if (width > 0.0f && height > 0.0f) covered += width * height;
    }
    return covered;
}

bool is_free(const ScreenRect& rect, std::span<const ScreenRect> taken, float gap) {
    const ScreenRect grown{rect.min - glm::vec2(gap), rect.max + glm::vec2(gap)};
    return std::none_of(taken.begin(), taken.end(),
                        [&](const ScreenRect& other) { return rects_overlap(grown, other); });
}

}  // namespace

LabelPlace place_label(glm::vec2 wanted, glm::vec2 size, const ScreenRect& bounds,
                       std::span<const ScreenRect> taken, float gap) {
    // Offsets in label heights and widths; nearest first (sorted by pixel distance below).
    const float step_y = size.y + gap;
    const float step_x = size.x + gap;
    std::vector<glm::vec2> offsets{{0.0f, 0.0f}};
    for (int ring = 1; ring <= 4; ++ring) {
        const float k = static_cast<float>(ring);
        const std::array<glm::vec2, 8> around{{{0.0f, -k * step_y},
                                               {0.0f, k * step_y},
                                               {k * step_x, 0.0f},
                                               {-k * step_x, 0.0f},
                                               {k * step_x, -k * step_y},
                                               {-k * step_x, -k * step_y},
                                               {k * step_x, k * step_y},
                                               {-k * step_x, k * step_y}}};
        offsets.insert(offsets.end(), around.begin(), around.end());
        // Half a width sideways too, with a row up or down: labels of one row slide past each
        // other without leaving their feature far behind.
        for (const float side : {-0.5f, 0.5f}) {
            offsets.push_back({side * step_x, -k * step_y});
            offsets.push_back({side * step_x, k * step_y});
        }
    }
    std::stable_sort(offsets.begin(), offsets.end(), [](glm::vec2 a, glm::vec2 b) {
        return a.x * a.x + a.y * a.y < b.x * b.x + b.y * b.y;
    });
    const ScreenRect asked = kept_inside({wanted, wanted + size}, bounds);
    LabelPlace fallback{asked, false, true};
    float least = std::numeric_limits<float>::max();
    for (const glm::vec2 offset : offsets) {
        const ScreenRect candidate = kept_inside({asked.min + offset, asked.max + offset}, bounds);
        const bool moved = glm::distance(candidate.min, wanted) > 0.5f;
        if (is_free(candidate, taken, gap)) return {candidate, moved, false};
        const float covered = covered_area(candidate, taken, gap);
        if (covered < least) {
            least = covered;
            fallback = {candidate, moved, true};
        }
    }
    return fallback;
}

glm::vec2 nearest_point(const ScreenRect& rect, glm::vec2 point) {
    return glm::clamp(point, rect.min, rect.max);
}

}  // namespace aabb::ui
