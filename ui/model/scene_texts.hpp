#pragma once
// The running scene's title and description in the interface language: a scene file's own
// texts (English and Chinese, from the file), or the random scene's, from the text catalog.
// Pure C++ (no ImGui), unit tested.

#include <string>

#include "ui/model/simulation_controller.hpp"
#include "ui/text/language.hpp"

namespace aabb::ui {

/// A scene's texts as the window shows them.
struct SceneTexts {
    /// The title in the language (the English one when the scene has no Chinese title).
    std::string title;
    /// The description likewise; empty when the scene has none.
    std::string description;
    /// Shown under the title in English only: the scene's Chinese title (the curriculum's
    /// language), so an English screen still carries it. Empty otherwise.
    std::string second_title;
    /// The same for the description.
    std::string second_description;
};

/// The texts of `simulation`'s scene in `language`.
[[nodiscard]] SceneTexts scene_texts(const SimulationController& simulation, Language language);

}  // namespace aabb::ui
