#include "core/lesson/sweep_events.hpp"

#include <algorithm>
#include <cmath>

namespace aabb::lesson {

std::string box_letter(std::size_t index) {
    std::string name(1, static_cast<char>('A' + index % 26));
    if (index >= 26) name += std::to_string(index / 26);
    return name;
}

std::array<double, 2> center_spread(std::span<const Box2> boxes) {
    const double n = double(boxes.size());
    std::array<double, 2> spread{0.0, 0.0};
    if (boxes.empty()) return spread;
    for (int axis = 0; axis < 2; ++axis) {
        double sum = 0.0;
        double squares = 0.0;
        for (const Box2& box : boxes) {
            const double center = 0.5 * (double{box.min[axis]} + double{box.max[axis]});
            sum += center;
            squares += center * center;
        }
        spread[std::size_t(axis)] = squares / n - (sum / n) * (sum / n);
    }
    return spread;
}

int sweep_axis_for(std::span<const Box2> boxes, std::string_view option) {
    if (option == "x") return 0;
    if (option == "y") return 1;
    const std::array<double, 2> spread = center_spread(boxes);
    return spread[1] > spread[0] ? 1 : 0;
}

std::vector<SweepEvent> sweep_events(std::span<const Box2> boxes, int axis) {
    std::vector<SweepEvent> events;
    events.reserve(2 * boxes.size());
    for (std::size_t i = 0; i < boxes.size(); ++i) {
        events.push_back({boxes[i].min[axis], false, i, {}});
        events.push_back({boxes[i].max[axis], true, i, {}});
    }
    std::stable_sort(events.begin(), events.end(), [](const SweepEvent& a, const SweepEvent& b) {
        return a.value < b.value || (a.value == b.value && !a.closes && b.closes);
    });
    std::vector<bool> open(boxes.size(), false);
    for (SweepEvent& event : events) {
        if (!event.closes) {
            for (std::size_t b = 0; b < boxes.size(); ++b)
                if (open[b]) event.tested.push_back(b);
        }
        open[event.box] = !event.closes;
    }
    return events;
}

std::size_t sweep_events_done(std::size_t event_count, double progress) {
    const double states = double(event_count) + 1.0;
    const double done = std::floor(std::clamp(progress, 0.0, 1.0) * states);
    return std::min(event_count, static_cast<std::size_t>(done));
}

std::vector<bool> open_after(std::span<const SweepEvent> events, std::size_t done,
                             std::size_t box_count) {
    std::vector<bool> open(box_count, false);
    for (std::size_t i = 0; i < std::min(done, events.size()); ++i) {
        if (events[i].box < box_count) open[events[i].box] = !events[i].closes;
    }
    return open;
}

std::string box_names(std::span<const std::size_t> boxes) {
    if (boxes.empty()) return "—";
    std::string text;
    for (const std::size_t box : boxes) {
        if (!text.empty()) text += ", ";
        text += box_letter(box);
    }
    return text;
}

}  // namespace aabb::lesson
