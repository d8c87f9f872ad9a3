#include "ui/model/ray_probe.hpp"

#include <algorithm>
#include <limits>

namespace aabb::ui {

namespace {

constexpr float infinity = std::numeric_limits<float>::infinity();

SlabInterval slab_interval(float origin, float direction, float low, float high) {
    if (direction == 0.0f) {
        // Parallel: no constraint inside the closed slab, never inside otherwise. Computing
        // (low − origin) · (1/0) would give 0·∞ = NaN for an origin on a face.
        if (origin >= low && origin <= high) return {-infinity, infinity};
        return {infinity, -infinity};
    }
    const float first = (low - origin) / direction;
    const float second = (high - origin) / direction;
    return {std::min(first, second), std::max(first, second)};
}

}  // namespace

SlabView slab_view(const Ray2& ray, const Box2& box) {
    SlabView view;
    view.x = slab_interval(ray.origin.x, ray.direction.x, box.min.x, box.max.x);
    view.y = slab_interval(ray.origin.y, ray.direction.y, box.min.y, box.max.y);
    view.hit = intersect(ray, box);
    return view;
}

void RayProbe::aim(glm::vec2 origin, glm::vec2 through) {
    const glm::vec2 direction = through - origin;
    if (!std::isfinite(direction.x) || !std::isfinite(direction.y) ||
        glm::dot(direction, direction) < 1e-12f) {
        ray_.reset();
        return;
    }
    ray_ = Ray2{origin, direction};
}

std::vector<RayProbeHit> RayProbe::cast(const World& world) const {
    std::vector<RayProbeHit> hits;
    if (!ray_) return hits;
    std::vector<RayCastHit> candidates;
    world.broad_phase().cast_ray(*ray_, candidates);
    const auto boxes = world.world_boxes();
    const auto ids = world.body_ids();
    for (const RayCastHit& candidate : candidates) {
        // The broad phase holds a swept bullet's whole step; the probe measures the body's box.
        if (candidate.id >= boxes.size()) continue;
        const RayBoxHit<2> hit = intersect(*ray_, boxes[candidate.id]);
        if (!hit.hit) continue;
        hits.push_back({candidate.id, ids[candidate.id], hit.t_enter, hit.t_exit});
    }
    std::sort(hits.begin(), hits.end(), [](const RayProbeHit& a, const RayProbeHit& b) {
        return a.t_enter < b.t_enter || (a.t_enter == b.t_enter && a.index < b.index);
    });
    return hits;
}

}  // namespace aabb::ui
