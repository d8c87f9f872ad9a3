#include "core/broadphase/grid/cell_size_choice.hpp"

#include <algorithm>
#include <cmath>

namespace aabb {

double automatic_cell_size(std::span<const Box2> boxes, std::span<const std::uint8_t> present,
                           std::vector<float>& scratch) {
    double low[2] = {0.0, 0.0};
    double high[2] = {0.0, 0.0};
    const auto sample = [&](std::size_t stride) {
        scratch.clear();
        for (std::size_t id = 0; id < boxes.size(); id += stride) {
            if (!present[id]) continue;
            const Box2& box = boxes[id];
            const glm::vec2 size = box.size();
            scratch.push_back(std::max(size.x, size.y));
            for (int axis = 0; axis < 2; ++axis) {
                if (scratch.size() == 1) {
                    low[axis] = box.min[axis];
                    high[axis] = box.max[axis];
                } else {
                    low[axis] = std::min(low[axis], double{box.min[axis]});
                    high[axis] = std::max(high[axis], double{box.max[axis]});
                }
            }
        }
    };
    // A median needs no census: about 1024 evenly spread ids estimate it well and keep the
    // choice cheap enough to redo at every rebuild. All ids when the sample missed every box.
    std::size_t stride = std::max<std::size_t>(1, boxes.size() / 1024);
    sample(stride);
    if (scratch.empty() && stride > 1) {
        stride = 1;
        sample(stride);
    }
    if (scratch.empty()) return 1.0;
    const auto middle = scratch.begin() + static_cast<std::ptrdiff_t>(scratch.size() / 2);
    std::nth_element(scratch.begin(), middle, scratch.end());
    // Sizes are differences of floats, so an infinite size (max − min overflowing) is possible.
    double size = 2.0 * double{*middle};
    if (!(size > 0.0) || !std::isfinite(size)) {
        const double side = std::max(high[0] - low[0], high[1] - low[1]);
        size = side / std::sqrt(static_cast<double>(scratch.size() * stride));
    }
    if (!(size > 0.0) || !std::isfinite(size)) size = 1.0;
    return size;
}

double settled_cell_size(double current, double ideal) {
    if (current > 0.0 && current <= 2.0 * ideal && current >= 0.5 * ideal) return current;
    return ideal;
}

}  // namespace aabb
