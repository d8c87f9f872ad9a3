#include "core/world/world_snapshot.hpp"

#include "core/broadphase/broad_phase_factory.hpp"

namespace aabb {

namespace {

template <typename T>
std::size_t content_bytes(const std::vector<T>& values) {
    return values.size() * sizeof(T);
}

}  // namespace

std::size_t WorldSnapshot::bytes() const {
    return sizeof(WorldSnapshot) + content_bytes(bodies) + content_bytes(ids) +
           content_bytes(polygon_offsets) + content_bytes(polygon_counts) +
           content_bytes(polygon_vertices) + content_bytes(spawners) +
           content_bytes(spawn_accumulators) + content_bytes(spawned_counts) +
           content_bytes(events) + content_bytes(tunneled_ids);
}

WorldSnapshot World::snapshot() const {
    WorldSnapshot state;
    state.settings = settings_;
    state.random = random_;
    state.bodies = bodies_;
    state.ids = ids_;
    state.next_id = next_id_;
    state.polygon_offsets.reserve(polygons_.size());
    state.polygon_counts.reserve(polygons_.size());
    for (const PolygonRange& polygon : polygons_) {
        state.polygon_offsets.push_back(polygon.offset);
        state.polygon_counts.push_back(polygon.count);
    }
    state.polygon_vertices = polygon_vertices_;
    state.spawners = spawners_;
    state.spawn_accumulators = spawn_accumulators_;
    state.spawned_counts = spawned_counts_;
    state.events = events_;
    state.tunneled_ids = tunneled_ids_;
    state.last_counts = last_counts_;
    state.total_counts = total_counts_;
    state.frame = frame_;
    return state;
}

void World::restore(const WorldSnapshot& state) {
    // The broad phase is a view choice (any gives the same pairs): the current one stays.
    WorldSettings settings = state.settings;
    settings.broad_phase = settings_.broad_phase;
    settings.broad_phase_options = settings_.broad_phase_options;
    settings.resource_budget = settings_.resource_budget;
    settings.threads = settings_.threads;
    const bool same_touching = settings.touching == settings_.touching;
    settings_ = std::move(settings);
    if (!same_touching) {
        broad_phase_ = make_broad_phase(settings_.broad_phase, settings_.touching,
                                        settings_.broad_phase_options);
        broad_phase_->set_budget(settings_.resource_budget);
    }
    random_ = state.random;
    bodies_ = state.bodies;
    ids_ = state.ids;
    next_id_ = state.next_id;
    polygons_.clear();
    for (std::size_t k = 0; k < state.polygon_offsets.size(); ++k)
        polygons_.push_back({state.polygon_offsets[k], state.polygon_counts[k]});
    polygon_vertices_ = state.polygon_vertices;
    spawners_ = state.spawners;
    spawn_accumulators_ = state.spawn_accumulators;
    spawned_counts_ = state.spawned_counts;
    events_ = state.events;
    tunneled_ids_ = state.tunneled_ids;
    last_counts_ = state.last_counts;
    total_counts_ = state.total_counts;
    frame_ = state.frame;
    bullet_count_ = 0;
    wall_count_ = 0;
    for (const Body& body : bodies_) {
        if (body.kind == BodyKind::bullet) ++bullet_count_;
        if (body.kind == BodyKind::wall) ++wall_count_;
    }
    // What the last step left per body no longer matches these bodies: start afresh.
    start_positions_.clear();
    start_angles_.clear();
    removed_.assign(bodies_.size(), 0);
    responders_.clear();
    response_targets_.clear();
    response_normals_.clear();
    meetings_.clear();
    path_outcomes_.clear();
    path_bodies_.clear();
    pending_events_.clear();
    has_continuous_bodies_ = false;
    has_swept_bodies_ = false;
    refresh_pairs();
}

}  // namespace aabb
