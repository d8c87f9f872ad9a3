// The scene reader: any bytes either parse or fail with one tidy SceneError; a scene that
// parses builds a world (the reader checks what the world checks) and steps.

#include <cstddef>
#include <cstdint>

#include "core/scene/scene_file.hpp"
#include "core/scene/scene_world.hpp"
#include "fuzz_input.hpp"

namespace {

// Bodies a scene may hold and still be built and stepped within the fuzzer's time per input.
constexpr std::size_t max_built_bodies = 150;

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    aabb::Scene scene;
    try {
        scene = aabb::parse_scene(aabb::fuzz::as_text(data, size), "fuzz.json");
    } catch (const aabb::SceneError& error) {
        aabb::fuzz::require_tidy_message(error.what());
        return 0;
    }
    std::size_t bodies = scene.bodies.size();
    for (const aabb::BoxField& field : scene.box_fields)
        bodies += field.count;
    // Broad-phase options can ask for costly structures; their cost bound is the budget's, and
    // the broad_phase target fuzzes the options within bounds.
    if (bodies > max_built_bodies || !scene.world.broad_phase_options.empty()) return 0;
    aabb::World world = aabb::build_world(scene);
    // A spawner emits rate × time_step bodies a step (up to 1e5): step only scenes that stay
    // small, since how many bodies a run may reach is the budget's to bound.
    for (const aabb::SceneSpawner& spawner : scene.spawners) {
        if (spawner.spawner.rate * scene.world.time_step > 100.0f) return 0;
    }
    for (int step = 0; step < 2; ++step)
        world.step();
    return 0;
}
