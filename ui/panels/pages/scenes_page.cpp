// The Scenes tab: the random boxes' count and seed with Respawn; the scene in use with its
// title and description in English and Chinese; the built-in scenes as a list; a path field
// to open and save scene files (ImGui 1.86 has no file dialog); Reset; loading errors shown in
// place (a bad file never replaces the running scene).

#include <cstdint>
#include <exception>
#include <memory>
#include <string>
#include <vector>

#include <imgui.h>

#include "ui/model/scene_library.hpp"
#include "ui/panels/panel_page.hpp"
#include "ui/panels/panel_widgets.hpp"

namespace aabb::ui {

namespace {

/// The Scenes page.
class ScenesPage final : public PanelPage {
  public:
    /// A page whose count and seed fields start at `simulation`'s scene.
    explicit ScenesPage(const SimulationController& simulation);
    void draw(PanelContext& context) override;

  private:
    void draw_detection(SimulationController& simulation);
    void draw_respawn(SimulationController& simulation);
    void draw_scene_files(SimulationController& simulation, WorldCanvas& canvas);
    void open(SimulationController& simulation, WorldCanvas& canvas, const std::string& path);

    int requested_count_ = 0;
    std::uint32_t requested_seed_ = 0;
    std::vector<SceneEntry> entries_;
    std::string directory_;
    std::string path_text_;
    std::string error_;
    std::string message_;
};

ScenesPage::ScenesPage(const SimulationController& simulation)
    : requested_count_(static_cast<int>(simulation.scene().body_count)),
      requested_seed_(simulation.scene().seed) {
    const std::filesystem::path directory = find_scene_directory(default_scene_directories());
    directory_ = directory.string();
    entries_ = list_scenes(directory);
}

void ScenesPage::draw(PanelContext& context) {
    draw_detection(context.simulation);
    draw_respawn(context.simulation);
    draw_scene_files(context.simulation, context.canvas);
}

void ScenesPage::draw_detection(SimulationController& simulation) {
    ImGui::AlignTextToFramePadding();
    ImGui::TextUnformatted("Bullets");
    const DetectionMode current = simulation.bullet_detection();
    for (const DetectionMode mode : {DetectionMode::discrete, DetectionMode::swept}) {
        ImGui::SameLine();
        const char* label = mode == DetectionMode::discrete ? "discrete" : "swept (no tunneling)";
        if (ImGui::RadioButton(label, current == mode) && current != mode) {
            try {
                simulation.set_bullet_detection(mode);
                error_.clear();
            } catch (const std::exception& problem) {
                error_ = problem.what();
            }
        }
    }
    if (ImGui::IsItemHovered())
        ImGui::SetTooltip("Every bullet of the scene; the scene replays from the start (D)");
}

void ScenesPage::draw_respawn(SimulationController& simulation) {
    ImGui::TextDisabled("Random boxes: count and seed");
    const float label_width = ImGui::CalcTextSize("Boxes ").x + ImGui::GetStyle().ItemSpacing.x;
    ImGui::SetNextItemWidth(ImGui::GetContentRegionAvail().x - label_width);
    ImGui::SliderInt("Boxes", &requested_count_, 0,
                     static_cast<int>(SimulationController::max_body_count), "%d",
                     ImGuiSliderFlags_Logarithmic | ImGuiSliderFlags_AlwaysClamp);
    const float button_width = ImGui::CalcTextSize("Respawn").x + 24.0f;
    ImGui::SetNextItemWidth(ImGui::GetContentRegionAvail().x - label_width - button_width);
    const std::uint32_t seed_step = 1;
    ImGui::InputScalar("##seed", ImGuiDataType_U32, &requested_seed_, &seed_step);
    ImGui::SameLine();
    ImGui::TextUnformatted("Seed");
    ImGui::SameLine();
    if (ImGui::Button("Respawn", ImVec2(-1.0f, 0.0f))) {
        try {
            simulation.respawn(static_cast<std::size_t>(requested_count_),
                               static_cast<std::uint32_t>(requested_seed_));
            error_.clear();
        } catch (const std::exception& error) {
            error_ = error.what();
        }
    }
}

void ScenesPage::open(SimulationController& simulation, WorldCanvas& canvas,
                      const std::string& path) {
    try {
        simulation.load_scene_file(path);
        error_.clear();
        message_ = "Loaded " + path;
        path_text_ = path;
        canvas.aim_at(simulation.scene_description().camera);
    } catch (const std::exception& problem) {
        error_ = problem.what();
        message_.clear();
    }
}

void ScenesPage::draw_scene_files(SimulationController& simulation, WorldCanvas& canvas) {
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
            canvas.aim_at(simulation.scene_description().camera);
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
    input_text("##scene_path", path_text_);
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
    error_text(error_);
}

}  // namespace

std::unique_ptr<PanelPage> make_scenes_page(const SimulationController& simulation) {
    return std::make_unique<ScenesPage>(simulation);
}

}  // namespace aabb::ui
