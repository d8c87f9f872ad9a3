// The world's narrow phase and contact response: each candidate pair's shapes tested (a swept
// body's pairs by what its path met), and the responses (split from world.cpp, which keeps
// bodies, stepping and the broad phase; continuous detection is in world_continuous.cpp).

#include "core/world/world.hpp"

#include <algorithm>
#include <cmath>
#include <limits>

#include "core/narrowphase/narrow_phase.hpp"
#include "core/parallel/parallel_chunks.hpp"

namespace aabb {

namespace {

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

void World::classify_pairs(bool continuous) {
    pair_contacts_.assign(pairs_.size(), 0);
    contact_scratch_.resize(pairs_.size());
    parallel_chunks(step_pool(), pairs_.size(), step_chunk_items,
                    [this, continuous](std::size_t begin, std::size_t end, int) {
                        classify_pair_range(begin, end, continuous);
                    });
    // In pair order, whichever thread classified them.
    contacts_.clear();
    for (std::size_t k = 0; k < pairs_.size(); ++k) {
        if (pair_contacts_[k] != 0) contacts_.push_back(contact_scratch_[k]);
    }
}

void World::classify_pair_range(std::size_t begin, std::size_t end, bool continuous) {
    for (std::size_t k = begin; k < end; ++k) {
        if (k + prefetch_distance < end) fetch_ahead(pairs_[k + prefetch_distance]);
        const std::size_t a = pairs_[k].first;
        const std::size_t b = pairs_[k].second;
        Contact contact{pairs_[k].first, pairs_[k].second, {}, 1.0f};
        if (continuous && !meetings_.empty() && (is_swept(a) || is_swept(b))) {
            // A swept body's pair is a contact when its path met the other body (at the time
            // of impact); otherwise the end-of-step shapes decide, as for any pair.
            const auto found = std::lower_bound(
                meetings_.begin(), meetings_.end(), pairs_[k],
                [](const Meeting& meeting, BoxPair pair) { return meeting.pair < pair; });
            if (found != meetings_.end() && found->pair == pairs_[k]) {
                contact.contact.separation = found->separation;
                contact.contact.normal = found->normal;
                contact.time_of_impact = found->time_of_impact;
                pair_contacts_[k] = 1;
                contact_scratch_[k] = contact;
                continue;
            }
        }
        const NarrowPhaseResult result =
            collide(placed_shape(a), placed_shape(b), settings_.touching);
        if (result.touching) {
            contact.contact = result.contact;
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

void World::respond_to_contacts() {
    const std::size_t count = bodies_.size();
    // Only the last step's responders hold a response: unset them, rather than refilling the
    // arrays of every body (at a million boxes, megabytes of writes a step for a few
    // responses).
    for (const std::uint32_t body : responders_) {
        response_targets_[body] = no_target;
        response_normals_[body] = glm::vec2(0.0f);
    }
    responders_.clear();
    response_targets_.resize(count, no_target);
    response_normals_.resize(count, glm::vec2(0.0f));
    // A body whose path met something responded there (path_outcomes_).
    const auto met_on_path = [this](std::uint32_t body) {
        return std::binary_search(path_bodies_.begin(), path_bodies_.end(), body);
    };
    const auto respond_to = [&](std::uint32_t self, std::uint32_t other, glm::vec2 normal) {
        if (other >= response_targets_[self] || met_on_path(self)) return;
        if (response_targets_[self] == no_target) responders_.push_back(self);
        response_targets_[self] = other;
        response_normals_[self] = normal;
    };
    // Only a contact with a bullet or a wall makes a response, so without both the loop is
    // skipped (at a million boxes it read two random bodies per contact, about 3 ms a step).
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
            // Bullets respond to their first contact (lowest index) with a body that is not a
            // bullet; boxes and shapes to walls.
            if (kind == BodyKind::bullet ? other_kind != BodyKind::bullet
                                         : (kind == BodyKind::box || kind == BodyKind::shape) &&
                                               other_kind == BodyKind::wall) {
                respond_to(self, other, normal);
            }
        }
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
        switch (body.response) {
            case Response::pass_through:
                break;
            case Response::stop:
                body.velocity = glm::vec2(0.0f);
                body.angular_velocity = 0.0f;
                break;
            case Response::reflect: {
                const float into = glm::dot(body.velocity, normal);
                if (into > 0.0f) body.velocity -= 2.0f * into * normal;
                break;
            }
            case Response::remove:
                removed_[i] = 1;
                break;
        }
    }
    // Swept bodies that met something end where their path ended (world_continuous.cpp).
    for (const PathOutcome& outcome : path_outcomes_) {
        if (outcome.remove) {
            removed_[outcome.body] = 1;
            continue;
        }
        Body& body = bodies_[outcome.body];
        body.position = outcome.position;
        body.angle = outcome.angle;
        body.velocity = outcome.velocity;
        body.angular_velocity = outcome.angular_velocity;
        if (body.kind != BodyKind::bullet) bounce_off_bounds(body);
        moved = true;
    }
    if (moved) update_geometry();
}

}  // namespace aabb
