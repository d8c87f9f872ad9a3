// The Scenes tab: the random boxes' count and seed with Respawn; the scene in use with its
// title and description in English and Chinese; the built-in scenes as a list; a path field
// to open and save scene files (ImGui 1.86 has no file dialog); Reset; loading errors shown in
// place (a bad file never replaces the running scene).

#include <algorithm>
#include <cstdint>
#include <exception>
#include <memory>
#include <string>
#include <vector>

#include <imgui.h>

#include "ui/model/scene_library.hpp"
#include "ui/model/scene_texts.hpp"
#include "ui/panels/panel_page.hpp"
#include "ui/widgets/shared_widgets.hpp"

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
    FramedMessage error_;
    FramedMessage message_;
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
    ImGui::TextUnformatted(tr(TextKey::scenes_bullets));
    const DetectionMode current = simulation.bullet_detection();
    for (const DetectionMode mode : {DetectionMode::discrete, DetectionMode::swept}) {
        ImGui::SameLine();
        const TextKey label =
            mode == DetectionMode::discrete ? TextKey::scenes_discrete : TextKey::scenes_swept;
        if (ImGui::RadioButton(tr_label(label), current == mode) && current != mode) {
            try {
                simulation.set_bullet_detection(mode);
                error_.clear();
            } catch (const std::exception& problem) {
                error_.set(TextKey::scenes_detection_error, problem);
            }
        }
        if (ImGui::IsItemHovered()) ImGui::SetTooltip("%s", tr(TextKey::scenes_detection_tip));
    }
}

void ScenesPage::draw_respawn(SimulationController& simulation) {
    ImGui::TextDisabled("%s", tr(TextKey::scenes_random_boxes));
    // Room for the longer of the two labels right of the fields, and a space.
    const auto room = [](TextKey label) {
        return ImGui::CalcTextSize((std::string(tr(label)) + " ").c_str()).x;
    };
    const float label_width = std::max(room(TextKey::scenes_boxes), room(TextKey::scenes_seed)) +
                              ImGui::GetStyle().ItemSpacing.x;
    ImGui::SetNextItemWidth(ImGui::GetContentRegionAvail().x - label_width);
    ImGui::SliderInt(tr_label(TextKey::scenes_boxes), &requested_count_, 0,
                     static_cast<int>(SimulationController::max_body_count), "%d",
                     ImGuiSliderFlags_Logarithmic | ImGuiSliderFlags_AlwaysClamp);
    const float button_width = ImGui::CalcTextSize(tr(TextKey::scenes_respawn)).x + 24.0f;
    ImGui::SetNextItemWidth(ImGui::GetContentRegionAvail().x - label_width - button_width);
    const std::uint32_t seed_step = 1;
    ImGui::InputScalar("##seed", ImGuiDataType_U32, &requested_seed_, &seed_step);
    ImGui::SameLine();
    ImGui::TextUnformatted(tr(TextKey::scenes_seed));
    ImGui::SameLine();
    if (ImGui::Button(tr_label(TextKey::scenes_respawn), ImVec2(-1.0f, 0.0f))) {
        try {
            simulation.respawn(static_cast<std::size_t>(requested_count_),
                               static_cast<std::uint32_t>(requested_seed_));
            error_.clear();
        } catch (const std::exception& error) {
            error_.set(TextKey::scenes_respawn_error, error);
        }
    }
}

void ScenesPage::open(SimulationController& simulation, WorldCanvas& canvas,
                      const std::string& path) {
    try {
        simulation.load_scene_file(path);
        error_.clear();
        message_.set(TextKey::scenes_loaded, path);
        path_text_ = path;
        canvas.aim_at(simulation.scene_description().camera);
    } catch (const std::exception& problem) {
        error_.set(TextKey::scenes_open_error, problem);
        message_.clear();
    }
}

void ScenesPage::draw_scene_files(SimulationController& simulation, WorldCanvas& canvas) {
    // In the interface language; an English screen also shows the Chinese texts (the
    // curriculum's language). Chinese needs the CJK font (cjk_font.hpp).
    const SceneTexts texts = scene_texts(simulation, current_language());
    ImGui::PushStyleColor(ImGuiCol_Text, ImVec4(1.0f, 0.85f, 0.45f, 1.0f));
    wrapped_text(texts.title);
    if (!texts.second_title.empty()) wrapped_text(texts.second_title);
    ImGui::PopStyleColor();
    if (!texts.description.empty()) wrapped_text(texts.description);
    if (!texts.second_description.empty()) wrapped_text(texts.second_description);
    if (!simulation.scene_path().empty())
        ImGui::TextDisabled("%s", simulation.scene_path().c_str());

    if (ImGui::Button(tr_label(TextKey::scenes_reset))) {
        try {
            simulation.reset();
            error_.clear();
            canvas.aim_at(simulation.scene_description().camera);
        } catch (const std::exception& problem) {
            error_.set(TextKey::scenes_reset_error, problem);
        }
    }
    if (ImGui::IsItemHovered()) ImGui::SetTooltip("%s", tr(TextKey::scenes_reset_tip));

    if (entries_.empty()) {
        ImGui::TextDisabled("%s", tr(TextKey::scenes_none_found));
    } else if (ImGui::BeginListBox("##builtin",
                                   ImVec2(-1.0f, ImGui::GetTextLineHeightWithSpacing() * 6.5f))) {
        for (const SceneEntry& entry : entries_) {
            const std::string path = entry.path.string();
            const bool selected = path == simulation.scene_path();
            const std::string& title = current_language() == Language::zh && !entry.title_zh.empty()
                                           ? entry.title_zh
                                           : entry.title;
            // The path as id: two scenes may share a title.
            ImGui::PushID(path.c_str());
            if (ImGui::Selectable(title.c_str(), selected)) open(simulation, canvas, path);
            ImGui::PopID();
            if (ImGui::IsItemHovered()) {
                // A broken file says why, framed like the error Open would show.
                std::string problem;
                if (!entry.error.empty()) {
                    problem = tr_format(TextKey::scenes_open_error, entry.error.c_str());
                    problem.insert(0, 1, '\n');
                }
                ImGui::SetTooltip("%s%s", path.c_str(), problem.c_str());
            }
        }
        ImGui::EndListBox();
    }

    ImGui::SetNextItemWidth(-1.0f);
    input_text("##scene_path", path_text_);
    if (ImGui::IsItemHovered()) ImGui::SetTooltip("%s", tr(TextKey::scenes_path_tip));
    if (ImGui::Button(tr_label(TextKey::scenes_open))) open(simulation, canvas, path_text_);
    ImGui::SameLine();
    if (ImGui::Button(tr_label(TextKey::scenes_save))) {
        try {
            simulation.save_scene_file(path_text_);
            error_.clear();
            message_.set(TextKey::scenes_saved, path_text_);
        } catch (const std::exception& problem) {
            error_.set(TextKey::scenes_save_error, problem);
            message_.clear();
        }
    }
    status_text(message_);
    error_text(error_);
}

}  // namespace

std::unique_ptr<PanelPage> make_scenes_page(const SimulationController& simulation) {
    return std::make_unique<ScenesPage>(simulation);
}

}  // namespace aabb::ui
