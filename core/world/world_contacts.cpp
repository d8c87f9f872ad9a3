// The world's narrow phase and contact response: each candidate pair's shapes tested, swept
// bullets' times of impact, tunneling events, and the push-apart response (split from
// world.cpp, which keeps bodies, stepping and the broad phase).

#include "core/world/world.hpp"

#include <algorithm>
#include <cmath>
#include <limits>

#include "core/geometry/swept_box.hpp"
#include "core/narrowphase/narrow_phase.hpp"
#include "core/parallel/parallel_chunks.hpp"

namespace aabb {

namespace {

// Puts the sweep's normal (from B towards A) the other way round: from A towards B.
glm::vec2 normal_from_a_to_b(const SweepResult<2>& result) {
    return -result.normal;
}

// World::is_swept_bullet, inlined for the loops over every pair and every body.
bool swept_bullet(const Body& body) {
    return body.kind == BodyKind::bullet && body.detection == DetectionMode::swept;
}

// True when A moves into B along the normal from A towards B.
bool approaches(glm::vec2 relative_displacement, glm::vec2 normal_a_to_b) {
    return glm::dot(relative_displacement, normal_a_to_b) > 0.0f;
}

// Pairs and contacts name bodies at random (a pair's second body above all): loading a body
// ahead keeps these reads in flight instead of waiting for each. Unfetched, the first read of
// the two bodies' kinds was over half of classify_pairs at 100,000 boxes.
constexpr std::size_t prefetch_distance = 8;

}  // namespace

void World::fetch_ahead(BoxPair pair) const {
    for (const BoxId index : {pair.first, pair.second}) {
        __builtin_prefetch(&bodies_[index]);
        __builtin_prefetch(&boxes_[index]);
        __builtin_prefetch(&vertex_ranges_[index]);
    }
}

PlacedShape World::placed_shape(std::size_t index) const {
    const Body& body = bodies_[index];
    const VertexRange range = vertex_ranges_[index];
    PlacedShape shape;
    shape.type = body.shape;
    shape.axis_aligned = body.angle == 0.0f;
    shape.box = boxes_[index];
    shape.center = body.position;
    shape.radius = body.radius;
    shape.vertices = std::span<const glm::vec2>(vertices_).subspan(range.offset, range.count);
    return shape;
}

std::vector<PairContactPoints> World::contact_points() const {
    std::vector<PairContactPoints> result;
    result.reserve(contacts_.size());
    for (std::size_t k = 0; k < contacts_.size(); ++k)
        result.push_back(contact_points_of(k));
    return result;
}

PairContactPoints World::contact_points_of(std::size_t index) const {
    const Contact& contact = contacts_.at(index);
    PairContactPoints entry{contact.first, contact.second, {}};
    if (contact.first < bodies_.size() && contact.second < bodies_.size()) {
        const PlacedShape a = placed_shape(contact.first);
        const PlacedShape b = placed_shape(contact.second);
        // The same gap the narrow phase accepted as touching under the policy.
        const float slack = settings_.touching.rule == TouchingRule::tolerance
                                ? tolerance_padding(a.box, settings_.touching) +
                                      tolerance_padding(b.box, settings_.touching)
                                : 0.0f;
        entry.manifold = aabb::contact_points(a, b, slack);
    }
    return entry;
}

void World::classify_pairs(bool sweep_bullets) {
    pair_contacts_.assign(pairs_.size(), 0);
    contact_scratch_.resize(pairs_.size());
    parallel_chunks(step_pool(), pairs_.size(), step_chunk_items,
                    [this, sweep_bullets](std::size_t begin, std::size_t end, int) {
                        classify_pair_range(begin, end, sweep_bullets);
                    });
    // In pair order, whichever thread classified them.
    contacts_.clear();
    for (std::size_t k = 0; k < pairs_.size(); ++k) {
        if (pair_contacts_[k] != 0) contacts_.push_back(contact_scratch_[k]);
    }
}

void World::classify_pair_range(std::size_t begin, std::size_t end, bool sweep_bullets) {
    for (std::size_t k = begin; k < end; ++k) {
        if (k + prefetch_distance < end) fetch_ahead(pairs_[k + prefetch_distance]);
        const std::size_t a = pairs_[k].first;
        const std::size_t b = pairs_[k].second;
        Contact contact{pairs_[k].first, pairs_[k].second, {}, 1.0f};
        bool touching = false;
        if (sweep_bullets && (swept_bullet(bodies_[a]) || swept_bullet(bodies_[b]))) {
            // A swept bullet's candidate is confirmed by the sweep of the boxes over the step.
            const SweepResult<2> result =
                sweep(start_boxes_[a], bodies_[a].position - start_positions_[a], start_boxes_[b],
                      bodies_[b].position - start_positions_[b]);
            touching = result.state != SweepState::separated;
            contact.contact.separation = 0.0f;
            contact.contact.normal = normal_from_a_to_b(result);
            contact.time_of_impact = result.time_of_impact;
        } else {
            const NarrowPhaseResult result =
                collide(placed_shape(a), placed_shape(b), settings_.touching);
            touching = result.touching;
            contact.contact = result.contact;
        }
        if (touching) {
            pair_contacts_[k] = 1;
            contact_scratch_[k] = contact;
        }
    }
}

bool World::has_contact(std::size_t a, std::size_t b) const {
    const BoxPair pair = make_pair_ordered(static_cast<BoxId>(a), static_cast<BoxId>(b));
    const auto found = std::lower_bound(pairs_.begin(), pairs_.end(), pair);
    return found != pairs_.end() && *found == pair &&
           pair_contacts_[static_cast<std::size_t>(found - pairs_.begin())] != 0;
}

void World::detect_bullet_events() {
    const std::size_t count = bodies_.size();
    // Only the last step's responders hold a response: unset them, rather than refilling four
    // arrays of every body (at a million boxes, 17 MB of writes a step for a few responses).
    for (const std::uint32_t body : responders_) {
        response_targets_[body] = no_target;
        response_normals_[body] = glm::vec2(0.0f);
        response_times_[body] = 1.0f;
        response_from_sweep_[body] = 0;
    }
    responders_.clear();
    response_targets_.resize(count, no_target);
    response_normals_.resize(count, glm::vec2(0.0f));
    response_times_.resize(count, 1.0f);
    response_from_sweep_.resize(count, 0);
    const auto respond_to = [this](std::uint32_t self, std::uint32_t other, glm::vec2 normal) {
        if (response_targets_[self] == no_target) responders_.push_back(self);
        response_targets_[self] = other;
        response_normals_[self] = normal;
    };
    hit_scratch_.clear();
    tunneled_.clear();
    const std::uint64_t frame = frame_ + 1;
    const auto is_bullet = [this](std::size_t i) { return bodies_[i].kind == BodyKind::bullet; };
    const auto displacement = [this](std::size_t i) {
        return bodies_[i].position - start_positions_[i];
    };

    // Contacts: entering hits of swept bullets, and the discrete responses. Only a contact
    // with a bullet or a wall makes either, so without both the loop is skipped (at a million
    // boxes it read two random bodies per contact, about 3 ms a step).
    const std::size_t responding_contacts = bullet_count_ + wall_count_ > 0 ? contacts_.size() : 0;
    for (std::size_t k = 0; k < responding_contacts; ++k) {
        if (k + prefetch_distance < responding_contacts) {
            const Contact& ahead = contacts_[k + prefetch_distance];
            __builtin_prefetch(&bodies_[ahead.first]);
            __builtin_prefetch(&bodies_[ahead.second]);
        }
        const Contact& contact = contacts_[k];
        for (int side = 0; side < 2; ++side) {
            const std::uint32_t self = side == 0 ? contact.first : contact.second;
            const std::uint32_t other = side == 0 ? contact.second : contact.first;
            const glm::vec2 normal = side == 0 ? contact.contact.normal : -contact.contact.normal;
            const BodyKind kind = bodies_[self].kind;
            const BodyKind other_kind = bodies_[other].kind;
            if (kind == BodyKind::bullet && other_kind != BodyKind::bullet) {
                if (is_swept_bullet(self)) {
                    const SweepResult<2> result = sweep(start_boxes_[self], displacement(self),
                                                        start_boxes_[other], displacement(other));
                    const glm::vec2 toward = normal_from_a_to_b(result);
                    if (result.state == SweepState::hit &&
                        approaches(displacement(self) - displacement(other), toward)) {
                        hit_scratch_.push_back({self, other, result.time_of_impact, toward});
                    }
                } else if (other < response_targets_[self]) {
                    respond_to(self, other, normal);
                }
            } else if ((kind == BodyKind::box || kind == BodyKind::shape) &&
                       other_kind == BodyKind::wall && other < response_targets_[self]) {
                respond_to(self, other, normal);
            }
        }
    }

    // The shadow sweep of discrete bullets: what did the step's motion cross? It never changes
    // the response; it only tells reported hits from tunneling.
    for (std::uint32_t bullet = 0; bullet < count && has_discrete_bullets_; ++bullet) {
        if (!is_bullet(bullet) || swept_bullet(bodies_[bullet])) continue;
        broad_phase_->query_box(merge(start_boxes_[bullet], boxes_[bullet]), query_scratch_);
        std::sort(query_scratch_.begin(), query_scratch_.end());
        for (const BoxId target : query_scratch_) {
            if (target == bullet || is_bullet(target)) continue;
            const SweepResult<2> result = sweep(start_boxes_[bullet], displacement(bullet),
                                                start_boxes_[target], displacement(target));
            const glm::vec2 toward = normal_from_a_to_b(result);
            if (result.state != SweepState::hit ||
                !approaches(displacement(bullet) - displacement(target), toward)) {
                continue;
            }
            if (has_contact(bullet, target)) {
                hit_scratch_.push_back({bullet, target, result.time_of_impact, toward});
            } else if (!overlaps(boxes_[bullet], boxes_[target], settings_.touching)) {
                // Crossed during the step, apart at its end, and nothing reported it. (Boxes
                // still overlapping at the end are a false positive, not a crossing.)
                tunneled_.push_back({frame, ids_[bullet], ids_[target], result.time_of_impact,
                                     result.time_of_exit});
            }
        }
    }

    std::sort(hit_scratch_.begin(), hit_scratch_.end(),
              [](const HitCandidate& x, const HitCandidate& y) {
                  if (x.bullet != y.bullet) return x.bullet < y.bullet;
                  if (x.time_of_impact != y.time_of_impact)
                      return x.time_of_impact < y.time_of_impact;
                  return x.target < y.target;
              });
    hits_.clear();
    for (std::size_t k = 0; k < hit_scratch_.size(); ++k) {
        const HitCandidate& hit = hit_scratch_[k];
        hits_.push_back({frame, ids_[hit.bullet], ids_[hit.target], hit.time_of_impact});
        const bool first_of_bullet = k == 0 || hit_scratch_[k - 1].bullet != hit.bullet;
        if (first_of_bullet && is_swept_bullet(hit.bullet)) {
            respond_to(hit.bullet, hit.target, hit.normal);
            response_times_[hit.bullet] = hit.time_of_impact;
            response_from_sweep_[hit.bullet] = 1;
        }
    }
    for (const TunnelingEvent& event : tunneled_) {
        if (tunneling_log_.size() == tunneling_log_capacity) {
            tunneling_log_.erase(tunneling_log_.begin());
        }
        tunneling_log_.push_back(event);
    }
}

void World::respond() {
    bool moved = false;
    removed_.assign(bodies_.size(), 0);
    // Each responder changes only its own body: the order they are visited in does not matter.
    for (const std::uint32_t i : responders_) {
        Body& body = bodies_[i];
        if (body.kind == BodyKind::wall) continue;
        const glm::vec2 normal = response_normals_[i];
        const auto move_to_impact = [&] {
            if (!response_from_sweep_[i]) return;
            body.position =
                start_positions_[i] + (body.position - start_positions_[i]) * response_times_[i];
            moved = true;
        };
        switch (body.response) {
            case Response::pass_through:
                break;
            case Response::stop:
                move_to_impact();
                body.velocity = glm::vec2(0.0f);
                body.angular_velocity = 0.0f;
                break;
            case Response::reflect: {
                move_to_impact();
                const float into = glm::dot(body.velocity, normal);
                if (into > 0.0f) body.velocity -= 2.0f * into * normal;
                break;
            }
            case Response::remove:
                removed_[i] = 1;
                break;
        }
    }
    if (moved) update_geometry();
}

}  // namespace aabb
