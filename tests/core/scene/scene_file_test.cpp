// Scene files: exact round trips, and one clear error naming the file and the JSON path for
// every kind of bad input.

#include <doctest/doctest.h>

#include <sys/stat.h>

#include <cstring>
#include <filesystem>
#include <fstream>
#include <random>
#include <string>

#include "core/scene/scene_file.hpp"
#include "core/scene/scene_world.hpp"
#include "tests/support/temporary_path.hpp"

namespace aabb {

namespace {

std::vector<std::filesystem::path> shipped_scenes() {
    std::vector<std::filesystem::path> paths;
    for (const auto& entry : std::filesystem::directory_iterator("scenes")) {
        if (entry.path().extension() == ".json") paths.push_back(entry.path());
    }
    std::sort(paths.begin(), paths.end());
    return paths;
}

// The message parse_scene throws for `text`, or "" when it parses.
std::string error_of(const std::string& text) {
    try {
        (void)parse_scene(text, "scenes/x.json");
    } catch (const SceneError& error) {
        return error.what();
    }
    return "";
}

bool same_bits(float a, float b) {
    return std::memcmp(&a, &b, sizeof(float)) == 0;
}

}  // namespace

TEST_CASE("every shipped scene loads, builds, steps and round-trips exactly") {
    const auto paths = shipped_scenes();
    CHECK(paths.size() >= 10);
    for (const auto& path : paths) {
        CAPTURE(path.string());
        const Scene scene = load_scene(path);
        CHECK_FALSE(scene.title.empty());
        CHECK_FALSE(scene.title_zh.empty());
        CHECK_FALSE(scene.description.empty());
        CHECK_FALSE(scene.description_zh.empty());
        const std::string text = scene_to_json_text(scene);
        const Scene again = parse_scene(text, "round trip");
        CHECK(again == scene);
        CHECK(scene_to_json_text(again) == text);
        World world = build_world(scene);
        CHECK(world.bodies().size() > 0);
    }
}

TEST_CASE("floats round-trip bit-identically through save and load") {
    std::mt19937 random(2024);
    std::uniform_real_distribution<float> coordinate(-1e6f, 1e6f);
    std::uniform_real_distribution<float> size(1e-6f, 100.0f);
    Scene scene;
    scene.title = "round trip";
    scene.title_zh = "往返";
    scene.world.time_step = 1.0f / 60.0f;
    scene.world.seed = 4000000000u;
    scene.world.touching = TouchingPolicy::tolerance(3e-6f);
    scene.camera = {{0.1f, -0.2f}, 1.7f};
    for (int i = 0; i < 500; ++i) {
        SceneBody body;
        body.body.position = {coordinate(random), coordinate(random)};
        body.body.velocity = {coordinate(random) * 1e-3f, -0.0f};
        body.body.half_size = glm::vec2(size(random), size(random)) * 0.5f;
        body.body.angle = coordinate(random) * 1e-3f;
        body.body.kind = i % 2 ? BodyKind::shape : BodyKind::bullet;
        body.body.detection = i % 3 ? DetectionMode::swept : DetectionMode::discrete;
        body.body.response = Response::reflect;
        scene.bodies.push_back(body);
    }
    SceneBody circle;
    circle.body.shape = ShapeType::circle;
    circle.body.radius = 0.3f;
    circle.body.half_size = glm::vec2(0.3f);
    scene.bodies.push_back(circle);
    SceneSpawner spawner;
    spawner.spawner.rate = 7.3f;
    spawner.spawner.spread = 0.123456789f;
    spawner.spawner.body.shape = ShapeType::polygon;
    spawner.vertices = {{0.0f, 0.0f}, {1.1f, 0.0f}, {0.0f, 1.3f}};
    spawner.spawner.body.half_size = glm::vec2(0.55f, 0.65f);
    scene.spawners.push_back(spawner);

    const auto path = testing::unique_temporary_path("aabb_scene_round_trip", ".json");
    save_scene(scene, path);
    const Scene loaded = load_scene(path);
    std::filesystem::remove(path);
    CHECK(loaded == scene);
    REQUIRE(loaded.bodies.size() == scene.bodies.size());
    for (std::size_t i = 0; i < scene.bodies.size(); ++i) {
        const Body& a = scene.bodies[i].body;
        const Body& b = loaded.bodies[i].body;
        CHECK(same_bits(a.position.x, b.position.x));
        CHECK(same_bits(a.position.y, b.position.y));
        CHECK(same_bits(a.velocity.y, b.velocity.y));  // -0 stays -0
        CHECK(same_bits(a.half_size.x, b.half_size.x));
        CHECK(same_bits(a.angle, b.angle));
    }
    // Short decimals stay short in the file.
    CHECK(scene_to_json_text(scene).find("0.016666668") != std::string::npos);
}

TEST_CASE("malformed JSON names the file, line and column") {
    const std::string message = error_of("{\n  \"title\": \"x\",\n  \"seed\": tru\n}");
    CHECK(message.rfind("scenes/x.json:3:", 0) == 0);
    CHECK(message.find("invalid JSON") != std::string::npos);
    CHECK(error_of("").rfind("scenes/x.json:1:1: invalid JSON", 0) == 0);
    // JSON has no NaN: the literal is a syntax error at its position.
    CHECK(error_of("{\"time_step\": NaN}").rfind("scenes/x.json:1:15: invalid JSON", 0) == 0);
    CHECK(error_of("{\"bodies\": [}").rfind("scenes/x.json:1:", 0) == 0);
}

TEST_CASE("every class of bad scene gives one error naming the JSON path") {
    const std::string wall = R"({"kind": "wall", "position": [0, 0], "size": [1, 1]})";
    struct Case {
        std::string text;
        std::string expected;
    };
    const Case cases[] = {
        {R"([1, 2])", "scenes/x.json: (root): must be an object"},
        {R"({"colour": 1})", "scenes/x.json: colour: unknown field"},
        {R"({"time_step": "fast"})", "scenes/x.json: time_step: must be a number"},
        {R"({"time_step": 0})", "scenes/x.json: time_step: must be positive"},
        {R"({"time_step": 1e999})", "scenes/x.json: invalid JSON: number overflow parsing '1e999'"},
        {R"({"time_step": 1e39})", "scenes/x.json: time_step: is out of the float range"},
        {R"({"seed": -1})", "scenes/x.json: seed: must not be negative"},
        {R"({"seed": 1.5})", "scenes/x.json: seed: must be a whole number"},
        {R"({"version": 2})", "scenes/x.json: version: must be 1"},
        {R"({"title": 5})", "scenes/x.json: title: must be a string"},
        {R"({"bounds": {"min": [0, 0], "max": [0, 5]}})",
         "scenes/x.json: bounds: min must be below max"},
        {R"({"bounds": {"min": [0], "max": [1, 1]}})",
         "scenes/x.json: bounds.min: must be an array of 2 numbers"},
        {R"({"broadphase": {"name": "octree"}})",
         "scenes/x.json: broadphase.name: unknown broad phase 'octree' (known: brute_force"},
        {R"({"broadphase": {"name": "uniform_grid", "options": {"cell_sise": 2}}})",
         "scenes/x.json: broadphase.options.cell_sise: unknown uniform_grid option 'cell_sise'"},
        {R"({"broadphase": {"name": "quadtree", "options": {"max_depth": 99}}})",
         "scenes/x.json: broadphase.options.max_depth: quadtree option 'max_depth': must be in"},
        {R"({"broadphase": {"name": "quadtree", "options": {"max_depth": "deep"}}})",
         "scenes/x.json: broadphase.options.max_depth: must be a number"},
        {R"({"broadphase": {"options": []}})",
         "scenes/x.json: broadphase.options: must be an object"},
        {R"({"broadphase": {"touching": "sometimes"}})",
         "scenes/x.json: broadphase.touching: must be one of"},
        {R"({"camera": {"zoom": -1}})", "scenes/x.json: camera.zoom: must be positive"},
        {R"({"detection": "psychic"})", "scenes/x.json: detection: must be one of"},
        {R"({"bodies": {}})", "scenes/x.json: bodies: must be an array"},
        {"{\"bodies\": [" + wall + "," + wall + "," + wall +
             R"(, {"position": [0, 0], "size": [0, 1]}]})",
         "scenes/x.json: bodies[3].size: must be at least 1e-06 on both axes"},
        {R"({"bodies": [{"size": [1, 1]}]})", "scenes/x.json: bodies[0].position: is required"},
        {R"({"bodies": [{"position": [0, 0], "size": [1, 1], "mass": 2}]})",
         "scenes/x.json: bodies[0].mass: unknown field"},
        {R"({"bodies": [{"position": [0, "x"], "size": [1, 1]}]})",
         "scenes/x.json: bodies[0].position[1]: must be a number"},
        {R"({"bodies": [{"position": [0, 0], "size": [1, 1], "kind": "rock"}]})",
         "scenes/x.json: bodies[0].kind: must be one of"},
        {R"({"bodies": [{"position": [0, 0], "size": [1, 1], "kind": "wall", "velocity": [1, 0]}]})",
         "scenes/x.json: bodies[0].velocity: walls never move"},
        {R"({"bodies": [{"position": [0, 0], "shape": "circle", "size": [1, 1]}]})",
         "scenes/x.json: bodies[0].size: only box shapes have a size"},
        {R"({"bodies": [{"position": [0, 0], "shape": "circle", "radius": 0}]})",
         "scenes/x.json: bodies[0].radius: must be in [1e-06, 1e6]"},
        {R"({"bodies": [{"position": [0, 0], "shape": "polygon", "vertices": [[0, 0], [0, 1], [1, 0]]}]})",
         "scenes/x.json: bodies[0].vertices: must be strictly convex and counter-clockwise"},
        {R"({"bodies": [{"position": [0, 0], "shape": "polygon", "vertices": [[0, 0], [1, 0]]}]})",
         "scenes/x.json: bodies[0].vertices: must hold 3 to 16 vertices"},
        {R"({"bodies": [{"position": [0, 0], "size": [1, 1], "angle": null}]})",
         "scenes/x.json: bodies[0].angle: must be a number"},
        {R"({"spawners": [{"position": [0, 0], "rate": 0, "body": {"size": [1, 1]}}]})",
         "scenes/x.json: spawners[0].rate: must be positive"},
        {R"({"spawners": [{"position": [0, 0], "body": {"position": [1, 1], "size": [1, 1]}}]})",
         "scenes/x.json: spawners[0].body.position: unknown field"},
        {R"({"spawners": [{"position": [0, 0]}]})", "scenes/x.json: spawners[0].body: is required"},
        {R"({"spawners": [{"position": [0, 0], "random_angle": 1, "body": {"size": [1, 1]}}]})",
         "scenes/x.json: spawners[0].random_angle: must be true or false"},
        {R"({"box_fields": [{"count": 0, "region": {"min": [0, 0], "max": [1, 1]}}]})",
         "scenes/x.json: box_fields[0].count: must be in [1, 200000]"},
        {R"({"box_fields": [{"count": 5, "region": {"min": [0, 0], "max": [1, 1]}, "size_min": [2, 2], "size_max": [1, 1]}]})",
         "scenes/x.json: box_fields[0].size_max: must be at least size_min"},
    };
    for (const Case& c : cases) {
        CAPTURE(c.text);
        const std::string message = error_of(c.text);
        CHECK_MESSAGE(message.rfind(c.expected, 0) == 0, message);
    }
}

TEST_CASE("a missing file is a clear error and nothing is half-loaded") {
    CHECK_THROWS_WITH_AS((void)load_scene("scenes/no_such_scene.json"),
                         doctest::Contains("scenes/no_such_scene.json: cannot open"), SceneError);
    World world = build_world(load_scene("scenes/tunneling.json"));
    const std::uint64_t before = world.state_hash();
    const std::string bad =
        R"({"bodies": [{"position": [0, 0], "size": [1, 1]}, {"position": [0, 0], "size": [1, -1]}]})";
    CHECK_THROWS_AS(apply_scene(parse_scene(bad, "bad.json"), world), SceneError);
    CHECK(world.state_hash() == before);
    CHECK(world.bodies().size() == 2);
}

TEST_CASE("the scene's default detection mode reaches bullets that do not name one") {
    const Scene scene = parse_scene(
        R"({"detection": "swept", "bodies": [
              {"kind": "bullet", "position": [0, 0], "size": [1, 1]},
              {"kind": "bullet", "position": [0, 0], "size": [1, 1], "detection": "discrete"}]})",
        "inline");
    CHECK(scene.bodies[0].body.detection == DetectionMode::swept);
    CHECK(scene.bodies[1].body.detection == DetectionMode::discrete);
    Scene overridden = scene;
    set_bullet_detection(overridden, DetectionMode::discrete);
    CHECK(overridden.bodies[0].body.detection == DetectionMode::discrete);
}

TEST_CASE("same scene and seed give bit-identical states; another seed changes spawners") {
    const Scene scene = load_scene("scenes/bullet_storm.json");
    World first = build_world(scene);
    World second = build_world(scene);
    Scene reseeded = scene;
    reseeded.world.seed += 1;
    World third = build_world(reseeded);
    for (int frame = 0; frame < 200; ++frame) {
        first.step();
        second.step();
        third.step();
    }
    CHECK(first.state_hash() == second.state_hash());
    CHECK(first.state_hash() != third.state_hash());
}

}  // namespace aabb

namespace aabb {

// A bad key or value of a megabyte, with control bytes, must not become a megabyte line of raw
// bytes on the terminal.
TEST_CASE("scene errors quote the offending text cut and escaped") {
    const std::string huge(1 << 20, 'k');
    std::string message;
    try {
        (void)parse_scene("{\"" + huge + "\\u001b\": 1}", "big.json");
    } catch (const SceneError& error) {
        message = error.what();
    }
    CHECK(message.rfind("big.json: " + std::string(80, 'k') + "…: unknown field", 0) == 0);
    CHECK(message.size() < 400);
    try {
        (void)parse_scene("{\"detection\": \"\\u001b[2J" + huge + "\"}", "big.json");
    } catch (const SceneError& error) {
        message = error.what();
    }
    CHECK(message.find("got \"\\x1B[2J" + std::string(76, 'k') + "…\"") != std::string::npos);
    CHECK(message.size() < 400);
    try {
        (void)parse_scene("{\"broadphase\": {\"options\": {\"\\n" + huge + "\": 1}}}", "big.json");
    } catch (const SceneError& error) {
        message = error.what();
    }
    CHECK(message.rfind("big.json: broadphase.options.\\n" + std::string(79, 'k') + "…: ", 0) == 0);
    CHECK(message.size() < 400);
    // An unterminated megabyte string: nlohmann quotes all it read.
    try {
        (void)parse_scene("{\"title\": \"" + huge, "big.json");
    } catch (const SceneError& error) {
        message = error.what();
    }
    CHECK(message.rfind("big.json:1:", 0) == 0);
    CHECK(message.size() < 400);
}

// Issue 48 item 8: --scene /dev/zero read 4.2 GB before a bare std::bad_alloc, a FIFO blocked
// for ever, a directory was "invalid JSON" and a 1 GB file cost 3 GB.
TEST_CASE("load_scene reads regular files only, and none larger than max_scene_file_bytes") {
    CHECK_THROWS_WITH_AS((void)load_scene("/dev/zero"), "/dev/zero: is a device, not a scene file",
                         SceneError);
    testing::TemporaryFolder folder("scene_reads");
    const std::string name = folder.path.generic_string();
    CHECK_THROWS_WITH_AS((void)load_scene(folder.path),
                         (name + ": is a directory, not a scene file").c_str(), SceneError);
    const std::filesystem::path fifo = folder.path / "fifo.json";
    REQUIRE(::mkfifo(fifo.c_str(), 0600) == 0);
    CHECK_THROWS_WITH_AS((void)load_scene(fifo),
                         (name + "/fifo.json: is a FIFO (named pipe), not a scene file").c_str(),
                         SceneError);
    // A sparse file one byte over the limit: refused by its size, nothing read.
    const std::filesystem::path big = folder.path / "big.json";
    std::ofstream(big) << "{}";
    std::filesystem::resize_file(big, max_scene_file_bytes + 1);
    CHECK_THROWS_WITH_AS(
        (void)load_scene(big),
        (name + "/big.json: the file is larger than 512 MiB, the limit for a scene file").c_str(),
        SceneError);
}

TEST_CASE("a number too small for a float is refused rather than read as 0") {
    CHECK(error_of(R"({"bodies": [{"position": [1e-50, 0], "size": [1, 1]}]})") ==
          "scenes/x.json: bodies[0].position[0]: is too small for a float: it would read as 0");
    CHECK(error_of(R"({"bodies": [{"position": [1e-400, 0], "size": [1, 1]}]})") ==
          "scenes/x.json: bodies[0].position[0]: the number 1e-400 is too small: it would read "
          "as 0");
    // The smallest float and 0 itself are kept.
    CHECK(error_of(R"({"bodies": [{"position": [1.4e-45, 0], "size": [1, 1]}]})").empty());
    CHECK(error_of(R"({"bodies": [{"position": [-0.0, 0], "size": [1, 1]}]})").empty());
}

TEST_CASE("duplicate keys and deep nesting are refused in scenes") {
    CHECK(error_of(R"({"seed": 1, "seed": 2})") ==
          "scenes/x.json: (root): duplicate key \"seed\" (each key may appear once)");
    CHECK(error_of("{\"title\": " + std::string(100000, '[') + std::string(100000, ']') + "}")
              .find("is nested deeper than 64 levels") != std::string::npos);
}

}  // namespace aabb
