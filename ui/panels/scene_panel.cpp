#include "ui/panels/scene_panel.hpp"

#include <exception>

#include <imgui.h>

namespace aabb::ui {

namespace {

/// An InputText bound to a std::string (ImGui 1.86 has no std::string overload).
bool input_path(const char* id, std::string& text) {
    char buffer[1024];
    const std::size_t length = std::min(text.size(), sizeof buffer - 1);
    text.copy(buffer, length);
    buffer[length] = '\0';
    const bool edited = ImGui::InputText(id, buffer, sizeof buffer);
    if (edited) text = buffer;
    return edited;
}

}  // namespace

ScenePanel::ScenePanel() {
    const std::filesystem::path directory = find_scene_directory(default_scene_directories());
    directory_ = directory.string();
    entries_ = list_scenes(directory);
}

void ScenePanel::aim_camera(const SimulationController& simulation, WorldCanvas& canvas) {
    const aabb::Camera& camera = simulation.scene_description().camera;
    if (camera == aabb::Camera{}) {
        canvas.request_fit();
    } else {
        canvas.set_scene_camera(camera.center, camera.zoom);
    }
}

void ScenePanel::open(SimulationController& simulation, WorldCanvas& canvas,
                      const std::string& path) {
    try {
        simulation.load_scene_file(path);
        error_.clear();
        message_ = "Loaded " + path;
        path_text_ = path;
        aim_camera(simulation, canvas);
    } catch (const std::exception& problem) {
        error_ = problem.what();
        message_.clear();
    }
}

void ScenePanel::draw(SimulationController& simulation, WorldCanvas& canvas) {
    const Scene& scene = simulation.scene_description();
    ImGui::PushTextWrapPos(0.0f);
    ImGui::TextColored(ImVec4(1.0f, 0.85f, 0.45f, 1.0f), "%s", scene.title.c_str());
    if (!scene.title_zh.empty())
        ImGui::TextColored(ImVec4(1.0f, 0.85f, 0.45f, 1.0f), "%s", scene.title_zh.c_str());
    if (!scene.description.empty()) ImGui::TextUnformatted(scene.description.c_str());
    // The Chinese description (the curriculum's language); needs the CJK font (cjk_font.hpp).
    if (!scene.description_zh.empty()) ImGui::TextUnformatted(scene.description_zh.c_str());
    ImGui::PopTextWrapPos();
    if (!simulation.scene_path().empty())
        ImGui::TextDisabled("%s", simulation.scene_path().c_str());

    if (ImGui::Button("Reset")) {
        try {
            simulation.reset();
            error_.clear();
            aim_camera(simulation, canvas);
        } catch (const std::exception& problem) {
            error_ = problem.what();
        }
    }
    if (ImGui::IsItemHovered()) ImGui::SetTooltip("Start the scene over (reloads its file)");

    if (entries_.empty()) {
        ImGui::TextDisabled("No built-in scenes found (looked for scenes/)");
    } else if (ImGui::BeginListBox("##builtin",
                                   ImVec2(-1.0f, ImGui::GetTextLineHeightWithSpacing() * 6.5f))) {
        for (const SceneEntry& entry : entries_) {
            const std::string path = entry.path.string();
            const bool selected = path == simulation.scene_path();
            if (ImGui::Selectable(entry.title.c_str(), selected)) open(simulation, canvas, path);
            if (ImGui::IsItemHovered()) {
                ImGui::SetTooltip("%s%s%s", path.c_str(), entry.error.empty() ? "" : "\n",
                                  entry.error.c_str());
            }
        }
        ImGui::EndListBox();
    }

    ImGui::SetNextItemWidth(-1.0f);
    input_path("##scene_path", path_text_);
    if (ImGui::IsItemHovered()) ImGui::SetTooltip("Scene file path for Open and Save");
    if (ImGui::Button("Open")) open(simulation, canvas, path_text_);
    ImGui::SameLine();
    if (ImGui::Button("Save")) {
        try {
            simulation.save_scene_file(path_text_);
            error_.clear();
            message_ = "Saved " + path_text_;
        } catch (const std::exception& problem) {
            error_ = problem.what();
            message_.clear();
        }
    }
    if (!message_.empty()) ImGui::TextDisabled("%s", message_.c_str());
    if (!error_.empty()) {
        ImGui::PushStyleColor(ImGuiCol_Text, ImVec4(1.0f, 0.45f, 0.4f, 1.0f));
        ImGui::TextWrapped("%s", error_.c_str());
        ImGui::PopStyleColor();
    }
}

}  // namespace aabb::ui
