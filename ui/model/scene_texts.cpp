#include "ui/model/scene_texts.hpp"

#include "ui/text/text_catalog.hpp"

namespace aabb::ui {

SceneTexts scene_texts(const SimulationController& simulation, Language language) {
    const Scene& scene = simulation.scene_description();
    if (simulation.scene_label().empty()) {
        // The random scene describes itself from the catalog, in either language.
        return {text(language, TextKey::random_scene_title),
                text_format(language, TextKey::random_scene_description,
                            simulation.scene().body_count, simulation.scene().seed),
                {},
                {}};
    }
    if (language == Language::zh) {
        return {scene.title_zh.empty() ? scene.title : scene.title_zh,
                scene.description_zh.empty() ? scene.description : scene.description_zh,
                {},
                {}};
    }
    return {scene.title, scene.description, scene.title_zh, scene.description_zh};
}

}  // namespace aabb::ui
