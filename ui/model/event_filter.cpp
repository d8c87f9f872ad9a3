#include "ui/model/event_filter.hpp"

#include <charconv>

namespace aabb::ui {

std::optional<BodyId> parse_body_filter(std::string_view text) {
    while (!text.empty() && text.front() == ' ')
        text.remove_prefix(1);
    while (!text.empty() && text.back() == ' ')
        text.remove_suffix(1);
    if (!text.empty() && text.front() == '#') text.remove_prefix(1);
    if (text.empty()) return std::nullopt;
    BodyId id = 0;
    const auto [end, error] = std::from_chars(text.data(), text.data() + text.size(), id);
    if (error != std::errc() || end != text.data() + text.size()) return std::nullopt;
    return id;
}

std::vector<std::size_t> filter_events(const std::deque<BulletEventRecord>& events,
                                       std::optional<BodyId> body) {
    std::vector<std::size_t> indices;
    indices.reserve(events.size());
    for (std::size_t i = 0; i < events.size(); ++i) {
        const MotionEvent& event = events[i].motion;
        if (!body || event.body == *body || event.other == *body) indices.push_back(i);
    }
    return indices;
}

std::vector<MotionEvent> motion_events(const std::deque<BulletEventRecord>& events,
                                       const std::vector<std::size_t>& indices) {
    std::vector<MotionEvent> result;
    result.reserve(indices.size());
    for (const std::size_t i : indices)
        result.push_back(events[i].motion);
    return result;
}

std::size_t count_kind(const std::deque<BulletEventRecord>& events,
                       const std::vector<std::size_t>& indices, MotionEventKind kind) {
    std::size_t count = 0;
    for (const std::size_t i : indices)
        count += events[i].motion.kind == kind ? 1 : 0;
    return count;
}

}  // namespace aabb::ui
