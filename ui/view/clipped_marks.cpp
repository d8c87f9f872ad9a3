#include "ui/view/clipped_marks.hpp"

#include <algorithm>
#include <cmath>

namespace aabb::ui {

namespace {

// Indices beyond this are not all representable as doubles; no visible mark is that far.
constexpr double index_limit = 4503599627370496.0;  // 2^52

bool finite(glm::dvec2 point) {
    return std::isfinite(point.x) && std::isfinite(point.y);
}

bool finite(const ScreenRect& rect) {
    return std::isfinite(rect.min.x) && std::isfinite(rect.min.y) && std::isfinite(rect.max.x) &&
           std::isfinite(rect.max.y);
}

}  // namespace

MarkRange marks_within(double low, double high, double spacing, std::size_t max_count) {
    if (!(std::isfinite(low) && std::isfinite(high) && std::isfinite(spacing) && spacing > 0.0 &&
          low <= high && max_count > 0))
        return {};
    const double first = std::ceil(low / spacing);
    const double last = std::floor(high / spacing);
    if (!(first <= last) || std::abs(first) > index_limit || std::abs(last) > index_limit)
        return {};
    MarkRange range{static_cast<std::int64_t>(first), static_cast<std::int64_t>(last)};
    const auto most = static_cast<std::int64_t>(std::min<std::size_t>(max_count, 1u << 30));
    range.last = std::min(range.last, range.first + most - 1);
    return range;
}

std::optional<glm::dvec2> clip_segment(glm::dvec2 from, glm::dvec2 to, const ScreenRect& view) {
    if (!finite(from) || !finite(to) || !finite(view)) return std::nullopt;
    const glm::dvec2 delta = to - from;
    double t0 = 0.0;
    double t1 = 1.0;
    // Liang and Barsky (1984): each side of the rectangle cuts the parameter interval.
    for (int axis = 0; axis < 2; ++axis) {
        const double low = view.min[axis];
        const double high = view.max[axis];
        if (delta[axis] == 0.0) {
            if (from[axis] < low || from[axis] > high) return std::nullopt;
            continue;
        }
        double enter = (low - from[axis]) / delta[axis];
        double leave = (high - from[axis]) / delta[axis];
        if (enter > leave) std::swap(enter, leave);
        t0 = std::max(t0, enter);
        t1 = std::min(t1, leave);
        if (t0 > t1) return std::nullopt;
    }
    return glm::dvec2(t0, t1);
}

std::vector<ScreenSegment> visible_dashes(glm::vec2 from, glm::vec2 to, float dash, float period,
                                          const ScreenRect& view, std::size_t max_count) {
    std::vector<ScreenSegment> dashes;
    const glm::dvec2 start(from);
    const glm::dvec2 end(to);
    if (!finite(start) || !finite(end) || !(dash > 0.0f) || !(period > 0.0f)) return dashes;
    const double length = glm::length(end - start);
    if (!(length >= 1.0) || !std::isfinite(length)) return dashes;
    const std::optional<glm::dvec2> visible = clip_segment(start, end, view);
    if (!visible) return dashes;
    const double shown_from = visible->x * length;
    const double shown_to = visible->y * length;
    // Dash k covers [k·period, k·period + dash]; it shows when it meets [shown_from, shown_to].
    const MarkRange range = marks_within(std::max(0.0, shown_from - dash), shown_to, period,
                                         std::min(max_count, max_visible_marks));
    const glm::dvec2 direction = (end - start) / length;
    dashes.reserve(range.count());
    for (std::int64_t k = range.first; k <= range.last; ++k) {
        const double dash_start = static_cast<double>(k) * period;
        if (dash_start >= length) break;
        const double a = std::max(dash_start, shown_from);
        const double b = std::min({dash_start + dash, shown_to, length});
        if (a > b) continue;
        dashes.push_back({glm::vec2(start + direction * a), glm::vec2(start + direction * b)});
    }
    return dashes;
}

std::vector<ScreenSegment> visible_hatching(const ScreenRect& rect, float spacing,
                                            const ScreenRect& view, std::size_t max_count) {
    std::vector<ScreenSegment> lines;
    if (!finite(rect) || !finite(view) || !(spacing > 0.0f) || !std::isfinite(spacing))
        return lines;
    // The part of the rectangle that can be seen.
    const glm::dvec2 low = glm::max(glm::dvec2(rect.min), glm::dvec2(view.min));
    const glm::dvec2 high = glm::min(glm::dvec2(rect.max), glm::dvec2(view.max));
    if (!(low.x < high.x && low.y < high.y)) return lines;
    // Hatch line k is x + y = c0 + k·spacing (screen y points down, so it rises to the right),
    // anchored at the rectangle's top-left corner; it crosses the visible part when c lies
    // between that part's top-left and bottom-right sums.
    const double c0 = double{rect.min.x} + double{rect.min.y};
    const MarkRange range = marks_within(low.x + low.y - c0, high.x + high.y - c0, spacing,
                                         std::min(max_count, max_visible_marks));
    lines.reserve(range.count());
    for (std::int64_t k = range.first; k <= range.last; ++k) {
        const double c = c0 + static_cast<double>(k) * spacing;
        const double left = std::max(low.x, c - high.y);
        const double right = std::min(high.x, c - low.y);
        if (left > right) continue;
        lines.push_back(
            {glm::vec2(glm::dvec2(left, c - left)), glm::vec2(glm::dvec2(right, c - right))});
    }
    return lines;
}

}  // namespace aabb::ui
