// The scene's texts in the interface language: a file's own English and Chinese texts, and the
// random scene's from the catalog.

#include "ui/model/scene_texts.hpp"

#include <doctest/doctest.h>

#include <string>

namespace aabb::ui {

TEST_CASE("a scene file shows its Chinese texts in Chinese, both in English") {
    const std::string tunneling = std::string(AABB_SOURCE_DIR) + "/scenes/tunneling.json";
    const SimulationController simulation({.scene_path = tunneling});
    const Scene& scene = simulation.scene_description();
    const SceneTexts english = scene_texts(simulation, Language::en);
    CHECK(english.title == scene.title);
    CHECK(english.description == scene.description);
    CHECK(english.second_title == "隧穿：快速子弹穿过薄墙");
    CHECK(english.second_description == scene.description_zh);
    const SceneTexts chinese = scene_texts(simulation, Language::zh);
    CHECK(chinese.title == "隧穿：快速子弹穿过薄墙");
    CHECK(chinese.description == scene.description_zh);
    CHECK(chinese.second_title.empty());
    CHECK(chinese.second_description.empty());
}

TEST_CASE("the random scene describes itself in either language") {
    const SimulationController simulation({.body_count = 42, .seed = 7});
    const SceneTexts english = scene_texts(simulation, Language::en);
    CHECK(english.title == "Random moving boxes");
    CHECK(english.title == simulation.scene_description().title);
    CHECK(english.description == simulation.scene_description().description);
    CHECK(english.description.starts_with("42 boxes of mixed sizes"));
    CHECK(english.description.find("(seed 7)") != std::string::npos);
    CHECK(english.second_title.empty());
    const SceneTexts chinese = scene_texts(simulation, Language::zh);
    CHECK(chinese.title == "随机运动的盒子");
    CHECK(chinese.description.starts_with("42 个"));
    CHECK(chinese.description.find("随机种子 7") != std::string::npos);
}

}  // namespace aabb::ui
