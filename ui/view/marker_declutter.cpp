#include "ui/view/marker_declutter.hpp"

#include <cmath>
#include <cstdint>
#include <map>
#include <utility>

namespace aabb::ui {

MarkerLayout declutter_markers(std::span<const MarkerCandidate> markers, const ScreenRect& view,
                               std::size_t max_labels, float cell) {
    MarkerLayout layout;
    std::vector<bool> labelled(markers.size(), false);
    // Wanted ones, newest first, then the newest of the rest.
    for (int pass = 0; pass < 2; ++pass) {
        for (std::size_t k = markers.size(); k-- > 0 && layout.labelled.size() < max_labels;) {
            if (labelled[k] || !view.contains(markers[k].screen)) continue;
            if (pass == 0 && !markers[k].wanted) continue;
            labelled[k] = true;
            layout.labelled.push_back(k);
        }
    }
    // The rest by screen cell, in the order their cells first appear (stable drawing).
    std::map<std::pair<std::int64_t, std::int64_t>, std::size_t> cells;
    std::vector<glm::vec2> sums;
    for (std::size_t k = 0; k < markers.size(); ++k) {
        if (labelled[k] || !view.contains(markers[k].screen)) continue;
        const glm::vec2 local = (markers[k].screen - view.min) / cell;
        const std::pair<std::int64_t, std::int64_t> key{
            static_cast<std::int64_t>(std::floor(local.x)),
            static_cast<std::int64_t>(std::floor(local.y))};
        const auto [at, added] = cells.try_emplace(key, layout.dots.size());
        if (added) {
            layout.dots.push_back({});
            sums.emplace_back(0.0f);
        }
        layout.dots[at->second].count += 1;
        sums[at->second] += markers[k].screen;
        ++layout.dotted;
    }
    for (std::size_t d = 0; d < layout.dots.size(); ++d)
        layout.dots[d].screen = sums[d] / static_cast<float>(layout.dots[d].count);
    return layout;
}

}  // namespace aabb::ui
