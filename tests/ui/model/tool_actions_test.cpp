// Tool actions: scripts parse, each tool changes the world through commands, errors are clear.

#include <doctest/doctest.h>

#include <stdexcept>
#include <string>

#include "ui/model/tool_actions.hpp"

namespace aabb::ui {

TEST_CASE("a tool script parses into actions; bad scripts name the bad part") {
    const auto actions = parse_tool_script("bullet:-50,0,-40,1;wall:10,-20,12,20;shape:0,30;clear");
    REQUIRE(actions.size() == 4);
    CHECK(actions[0].tool == Tool::bullet);
    CHECK(actions[0].from == glm::vec2(-50.0f, 0.0f));
    CHECK(actions[0].to == glm::vec2(-40.0f, 1.0f));
    CHECK(actions[2].from == glm::vec2(0.0f, 30.0f));
    CHECK(actions[2].to == glm::vec2(0.0f, 30.0f));
    CHECK(actions[3].tool == Tool::clear);
    CHECK_THROWS_WITH_AS(parse_tool_script("laser:1,2"), doctest::Contains("unknown tool 'laser'"),
                         std::invalid_argument);
    CHECK_THROWS_WITH_AS(parse_tool_script("wall:1,2,3"), doctest::Contains("x,y or x,y,x2,y2"),
                         std::invalid_argument);
    CHECK_THROWS_WITH_AS(parse_tool_script("wall:1,nan"), doctest::Contains("not a finite"),
                         std::invalid_argument);
    CHECK_THROWS_AS(parse_tool_script("clear:1,2"), std::invalid_argument);
    // Issue 48 item 12: --tools' value reached the terminal raw.
    CHECK_THROWS_WITH_AS(parse_tool_script("\x1b[31m:1,2"),
                         "tool script: unknown tool '\\x1B[31m' "
                         "(bullet, wall, shape, move, erase, spray, ray, clear)",
                         std::invalid_argument);
    CHECK_THROWS_WITH_AS(parse_tool_script("wall:1,\x1b"),
                         "tool script: 'wall:1,\\x1B': '\\x1B' is not a finite number",
                         std::invalid_argument);
    std::string many = "wall:";
    for (int i = 0; i < 5000; ++i)
        many += "1,";
    std::string shown = "wall:";
    for (int i = 0; i < 37; ++i)
        shown += "1,";
    CHECK_THROWS_WITH_AS(parse_tool_script(many + "1"),
                         ("tool script: '" + shown + "1…': expected x,y or x,y,x2,y2").c_str(),
                         std::invalid_argument);
}

TEST_CASE("every tool sends its command to the world") {
    SimulationController simulation({.body_count = 0});
    const ToolSettings settings;
    const auto run = [&](std::string_view script) {
        int change = 0;
        for (const ToolAction& action : parse_tool_script(script))
            change += apply_tool_action(simulation, action, settings, 1);
        return change;
    };
    CHECK(run("wall:10,-20,12,20") == 1);
    CHECK(run("bullet:-50,0,-40,0") == 1);
    CHECK(run("bullet:-50,0,-50,0") == 0);  // a click is no bullet
    const World& world = simulation.world();
    REQUIRE(world.bodies().size() == 2);
    CHECK(world.bodies()[0].kind == BodyKind::wall);
    CHECK(world.bodies()[1].kind == BodyKind::bullet);
    CHECK(world.bodies()[1].velocity == glm::vec2(100.0f, 0.0f));

    ToolSettings hexagons = settings;
    hexagons.shape = ToolShape::hexagon;
    CHECK(apply_tool_action(simulation, {Tool::shape, {0, 30}, {0, 30}}, hexagons, 1) == 1);
    CHECK(world.bodies()[2].shape == ShapeType::polygon);
    CHECK(run("shape:30,30") == 1);
    CHECK(world.bodies()[3].kind == BodyKind::shape);

    CHECK(run("move:11,0,31,0") == 0);  // drag the wall 20 to the right
    CHECK(world.bodies()[0].position.x == doctest::Approx(31.0f));
    CHECK(run("erase:31,0") == -1);
    CHECK(world.bodies().size() == 3);
    CHECK(world.bodies()[0].kind == BodyKind::bullet);
    CHECK(run("erase:-90,-90") == 0);

    CHECK(run("spray:0,0") == settings.spray_count);
    CHECK(world.bodies().size() == 3 + static_cast<std::size_t>(settings.spray_count));
    CHECK(run("clear") == -(3 + settings.spray_count));
    CHECK(world.bodies().empty());
    CHECK(simulation.step_back());
    CHECK(simulation.world().bodies().size() == 3 + static_cast<std::size_t>(settings.spray_count));
}

}  // namespace aabb::ui
