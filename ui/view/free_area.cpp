#include "ui/view/free_area.hpp"

#include <algorithm>
#include <utility>
#include <vector>

namespace aabb::ui {

namespace {

/// True when the open intervals (a0, a1) and (b0, b1) share more than a hair.
bool intervals_overlap(float a0, float a1, float b0, float b1) {
    constexpr float hair = 0.01f;
    return std::min(a1, b1) - std::max(a0, b0) > hair;
}

}  // namespace

float fitting_zoom(const ScreenRect& rect, glm::vec2 extent) {
    const glm::vec2 size = rect.size();
    if (size.x <= 0.0f || size.y <= 0.0f) return 0.0f;
    const glm::vec2 safe = glm::max(extent, glm::vec2(1e-6f));
    return std::min(size.x / safe.x, size.y / safe.y);
}

ScreenRect largest_free_rect(const ScreenRect& area, std::span<const ScreenRect> obstacles,
                             glm::vec2 extent) {
    // Only what covers part of the area counts, clipped to it.
    std::vector<ScreenRect> inside;
    for (const ScreenRect& obstacle : obstacles) {
        if (!intervals_overlap(obstacle.min.x, obstacle.max.x, area.min.x, area.max.x) ||
            !intervals_overlap(obstacle.min.y, obstacle.max.y, area.min.y, area.max.y))
            continue;
        inside.push_back(intersect_rects(obstacle, area));
    }
    if (inside.empty()) return area;
    std::vector<float> xs{area.min.x, area.max.x};
    for (const ScreenRect& obstacle : inside) {
        xs.push_back(obstacle.min.x);
        xs.push_back(obstacle.max.x);
    }
    std::sort(xs.begin(), xs.end());
    xs.erase(std::unique(xs.begin(), xs.end()), xs.end());

    ScreenRect best{area.min, area.min + glm::vec2(1.0f)};
    float best_zoom = -1.0f;
    float best_area = -1.0f;
    std::vector<std::pair<float, float>> blocked;
    for (std::size_t left = 0; left < xs.size(); ++left) {
        for (std::size_t right = left + 1; right < xs.size(); ++right) {
            const float x0 = xs[left];
            const float x1 = xs[right];
            // The obstacles across this column split it into free vertical gaps; each gap is
            // the tallest free rectangle of these sides.
            blocked.clear();
            for (const ScreenRect& obstacle : inside) {
                if (intervals_overlap(obstacle.min.x, obstacle.max.x, x0, x1))
                    blocked.emplace_back(obstacle.min.y, obstacle.max.y);
            }
            std::sort(blocked.begin(), blocked.end());
            float top = area.min.y;
            const auto consider = [&](float y0, float y1) {
                const ScreenRect candidate{{x0, y0}, {x1, y1}};
                const float zoom = fitting_zoom(candidate, extent);
                const glm::vec2 size = candidate.size();
                const float candidate_area = size.x * size.y;
                if (zoom > best_zoom || (zoom == best_zoom && candidate_area > best_area)) {
                    best_zoom = zoom;
                    best_area = candidate_area;
                    best = candidate;
                }
            };
            for (const auto& [y0, y1] : blocked) {
                if (y0 > top) consider(top, y0);
                top = std::max(top, y1);
            }
            if (area.max.y > top) consider(top, area.max.y);
        }
    }
    return best;
}

ScreenRect inset_rect(const ScreenRect& rect, float margin) {
    const glm::vec2 center = rect.center();
    return {glm::min(rect.min + glm::vec2(margin), center),
            glm::max(rect.max - glm::vec2(margin), center)};
}

ScreenRect intersect_rects(const ScreenRect& a, const ScreenRect& b) {
    const glm::vec2 min = glm::max(a.min, b.min);
    const glm::vec2 max = glm::min(a.max, b.max);
    return {min, glm::max(min, max)};
}

ScreenRect merge_rects(const ScreenRect& a, const ScreenRect& b) {
    return {glm::min(a.min, b.min), glm::max(a.max, b.max)};
}

}  // namespace aabb::ui
