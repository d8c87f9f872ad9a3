#pragma once
// The ray tool's probe: a ray the user drags across the world (it is a query, not a body, so
// the world never sees it). What it finds comes from the world's own broad phase (cast_ray),
// so the structure's node and leaf visits can be shown beside the hits; each hit is then
// measured against the body's world box with the guarded slab test (core/geometry/ray.hpp).
// Pure C++, unit tested.

#include <optional>
#include <vector>

#include "core/geometry/ray.hpp"
#include "core/world/world.hpp"

namespace aabb::ui {

/// One box the probe ray hits.
struct RayProbeHit {
    /// The body's index in the world.
    std::size_t index = 0;
    /// The body's id.
    BodyId id = 0;
    /// Where the ray enters the box (0 when the origin is inside), in multiples of the
    /// direction (t = 1 at the end of the drag).
    float t_enter = 0.0f;
    /// Where it leaves the box.
    float t_exit = 0.0f;
};

/// A ray's interval of t inside one axis's slab of a box: [entry, exit]; (−∞, +∞) when the
/// ray runs parallel inside the slab, empty (entry > exit) when parallel outside.
struct SlabInterval {
    /// Where the ray enters the slab.
    float entry = 0.0f;
    /// Where it leaves it.
    float exit = 0.0f;
};

/// The slab view of a ray against one box (curriculum §6): the interval of each axis and
/// the guarded slab test's verdict.
struct SlabView {
    /// The x slab's interval.
    SlabInterval x;
    /// The y slab's interval.
    SlabInterval y;
    /// The guarded test: entry, exit, hit, origin inside.
    RayBoxHit<2> hit;
};

/// The slab intervals of `ray` against `box`. A parallel axis gives (−∞, +∞) when the origin
/// lies in the closed slab (on a face included: the 0·∞ case handled explicitly), else an
/// empty interval.
[[nodiscard]] SlabView slab_view(const Ray2& ray, const Box2& box);

/// The probe: a ray dragged from `origin` through a second point, or none.
class RayProbe {
  public:
    /// Aims the probe from `origin` through `through` (t = 1 there); a drag shorter than a
    /// millionth of a unit clears it.
    void aim(glm::vec2 origin, glm::vec2 through);
    /// Removes the probe.
    void clear() { ray_.reset(); }
    /// The probe ray, if one was dragged.
    [[nodiscard]] const std::optional<Ray2>& ray() const { return ray_; }
    /// Every body whose world box the ray hits, nearest entry first, cast through the world's
    /// broad phase (whose stats then hold the cast's node and leaf visits).
    [[nodiscard]] std::vector<RayProbeHit> cast(const World& world) const;

  private:
    std::optional<Ray2> ray_;
};

}  // namespace aabb::ui
