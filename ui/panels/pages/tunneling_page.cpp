// The Tunneling tab: the events continuous detection found (hit, tunneled, escaped), as the
// bullet tracker recorded them from World::events(); filter by body, click to go back to the
// event's world step through the step-back history with the pair selected and the TOI ghosts
// on, Clear, Export CSV (core/scene/motion_event_csv.hpp), and the ccd switch (which bodies
// continuous detection follows). The page reads and sends commands; it keeps only what the
// user typed and the row clicked last.

#include <algorithm>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include <imgui.h>

#include "core/lesson/lesson_names.hpp"
#include "core/scene/motion_event_csv.hpp"
#include "ui/model/event_filter.hpp"
#include "ui/model/event_jump.hpp"
#include "ui/panels/panel_page.hpp"
#include "ui/platform/theme.hpp"
#include "ui/style/overlay_colors.hpp"
#include "ui/text/framed_message.hpp"
#include "ui/widgets/shared_widgets.hpp"

namespace aabb::ui {

namespace {

/// Rows the list shows at least; it grows into the page's free height, leaving room for the
/// lines below it.
constexpr float min_visible_rows = 5.0f;
/// Lines under the list: the buttons and two status lines.
constexpr float lines_below_list = 3.5f;

TextKey kind_text(MotionEventKind kind) {
    constexpr TextKey keys[] = {TextKey::tunneling_kind_hit, TextKey::tunneling_kind_tunneled,
                                TextKey::tunneling_kind_escaped};
    return keys[static_cast<std::size_t>(kind)];
}

TextKey body_kind_text(BodyKind kind) {
    constexpr TextKey keys[] = {TextKey::tunneling_body_box, TextKey::tunneling_body_wall,
                                TextKey::tunneling_body_bullet, TextKey::tunneling_body_shape};
    return keys[static_cast<std::size_t>(kind)];
}

/// "#12 bullet".
std::string body_text(BodyId id, BodyKind kind) {
    // Appended piece by piece: g++ 12 warns (-Wrestrict, a false positive) on "#" + a
    // temporary string.
    std::string text(1, '#');
    text += std::to_string(id);
    text += ' ';
    text += tr(body_kind_text(kind));
    return text;
}

/// The ccd switch: which bodies continuous detection follows, sent to the world.
void draw_follow_switch(SimulationController& simulation) {
    ImGui::TextUnformatted(tr(TextKey::tunneling_follow));
    const ContinuousBodies now = simulation.world().settings().ccd;
    constexpr std::pair<ContinuousBodies, TextKey> choices[] = {
        {ContinuousBodies::bullets, TextKey::tunneling_follow_bullets},
        {ContinuousBodies::all, TextKey::tunneling_follow_all}};
    for (const auto& [value, label] : choices) {
        if (value != choices[0].first) ImGui::SameLine();
        if (ImGui::RadioButton(tr_label(label), now == value) && now != value)
            simulation.set_continuous_bodies(value);
        if (ImGui::IsItemHovered()) ImGui::SetTooltip("%s", tr(TextKey::tunneling_follow_tip));
    }
}

/// The Tunneling page.
class TunnelingPage final : public PanelPage {
  public:
    void draw(PanelContext& context) override;

  private:
    void draw_list(PanelContext& context, const std::vector<std::size_t>& shown);
    void jump_to(PanelContext& context, const BulletEventRecord& event);
    void draw_jump_status() const;

    std::string filter_text_;
    std::string path_text_ = "tunneling_events.csv";
    FramedMessage message_;
    FramedMessage error_;
    // The event clicked last (its step and pair), highlighted while it is listed.
    std::optional<MotionEvent> chosen_;
    // The world step the jump to it reached (older than the history: not the event's).
    std::optional<std::uint64_t> reached_;
};

void TunnelingPage::jump_to(PanelContext& context, const BulletEventRecord& event) {
    SimulationController& simulation = context.simulation;
    const MotionEvent motion = event.motion;  // step_back() may drop later records
    reached_ = go_back_to_step(simulation, motion.step);
    context.selection.select(motion.body);
    context.selection.inspect_with(motion.other);
    // The ghosts show the event's poses at τ.
    for (OverlaySlot& slot : context.canvas.overlays()) {
        if (slot.overlay->name() == lesson::overlay_name("toi-ghosts")) slot.enabled = true;
    }
    context.canvas.set_pose({motion.body_pose.position, context.canvas.pose().zoom});
    chosen_ = motion;
    message_.clear();
    error_.clear();
}

void TunnelingPage::draw_jump_status() const {
    if (!chosen_ || !reached_) return;
    const std::string line =
        *reached_ == chosen_->step
            ? tr_format(TextKey::tunneling_jumped, static_cast<unsigned long long>(*reached_),
                        static_cast<unsigned>(chosen_->body), static_cast<unsigned>(chosen_->other))
            : tr_format(TextKey::tunneling_jump_short,
                        static_cast<unsigned long long>(chosen_->step),
                        static_cast<unsigned long long>(*reached_));
    wrapped_text(line);
}

void TunnelingPage::draw_list(PanelContext& context, const std::vector<std::size_t>& shown) {
    const auto& events = context.simulation.bullets().events();
    constexpr ImGuiTableFlags flags = ImGuiTableFlags_RowBg | ImGuiTableFlags_BordersInnerV |
                                      ImGuiTableFlags_ScrollY | ImGuiTableFlags_ScrollX |
                                      ImGuiTableFlags_SizingFixedFit;
    const float row = ImGui::GetTextLineHeightWithSpacing();
    const float free_height =
        ImGui::GetContentRegionAvail().y - lines_below_list * ImGui::GetFrameHeightWithSpacing();
    const ImVec2 size(-1.0f, std::max(free_height, row * (min_visible_rows + 1.0f)));
    if (!ImGui::BeginTable("##events", 6, flags, size)) return;
    ImGui::TableSetupScrollFreeze(0, 1);
    for (const TextKey column : {TextKey::tunneling_column_kind, TextKey::tunneling_column_step,
                                 TextKey::tunneling_column_tau, TextKey::tunneling_column_seconds,
                                 TextKey::tunneling_column_body, TextKey::tunneling_column_other})
        ImGui::TableSetupColumn(tr(column));
    ImGui::TableHeadersRow();
    // Newest first: the event that just happened is at the top.
    ImGuiListClipper clipper;
    clipper.Begin(static_cast<int>(shown.size()));
    std::optional<std::size_t> clicked;
    while (clipper.Step()) {
        for (int row = clipper.DisplayStart; row < clipper.DisplayEnd; ++row) {
            const std::size_t index = shown[shown.size() - 1 - static_cast<std::size_t>(row)];
            const MotionEvent& event = events[index].motion;
            ImGui::TableNextRow();
            ImGui::TableNextColumn();
            ImGui::PushID(static_cast<int>(index));
            const bool chosen = chosen_ && *chosen_ == event;
            const Rgba8 color = event.kind == MotionEventKind::tunneled ? overlay_colors.tunneling
                                : event.kind == MotionEventKind::hit    ? overlay_colors.ghost_hit
                                                                        : overlay_colors.ghost_end;
            ImGui::PushStyleColor(ImGuiCol_Text, to_imgui_color(color));
            if (ImGui::Selectable(tr(kind_text(event.kind)), chosen,
                                  ImGuiSelectableFlags_SpanAllColumns))
                clicked = index;
            ImGui::PopStyleColor();
            if (ImGui::IsItemHovered()) {
                ImGui::SetTooltip("%s", tr_format(TextKey::tunneling_row_tip,
                                                  static_cast<unsigned long long>(event.step),
                                                  static_cast<unsigned>(event.body),
                                                  static_cast<unsigned>(event.other))
                                            .c_str());
            }
            ImGui::PopID();
            ImGui::TableNextColumn();
            ImGui::Text("%llu", static_cast<unsigned long long>(event.step));
            ImGui::TableNextColumn();
            ImGui::Text("%.3f", event.time_of_impact);
            ImGui::TableNextColumn();
            ImGui::Text("%.4f", event.time);
            ImGui::TableNextColumn();
            ImGui::TextUnformatted(body_text(event.body, event.body_kind).c_str());
            ImGui::TableNextColumn();
            ImGui::TextUnformatted(body_text(event.other, event.other_kind).c_str());
        }
    }
    ImGui::EndTable();
    if (clicked) jump_to(context, events[*clicked]);
}

void TunnelingPage::draw(PanelContext& context) {
    SimulationController& simulation = context.simulation;
    draw_follow_switch(simulation);
    ImGui::Separator();

    ImGui::SetNextItemWidth(ImGui::GetFontSize() * 6.0f);
    input_text("##body_filter", filter_text_);
    if (ImGui::IsItemHovered()) ImGui::SetTooltip("%s", tr(TextKey::tunneling_filter_tip));
    ImGui::SameLine();
    ImGui::TextUnformatted(tr(TextKey::tunneling_filter));

    const auto& events = simulation.bullets().events();
    const std::vector<std::size_t> shown = filter_events(events, parse_body_filter(filter_text_));
    ImGui::TextDisabled(tr(TextKey::tunneling_counts), shown.size(),
                        count_kind(events, shown, MotionEventKind::hit),
                        count_kind(events, shown, MotionEventKind::tunneled),
                        count_kind(events, shown, MotionEventKind::escaped));
    if (events.empty()) {
        wrapped_text(tr(TextKey::tunneling_none));
    } else {
        draw_list(context, shown);
    }

    ImGui::BeginDisabled(events.empty());
    if (ImGui::Button(tr_label(TextKey::tunneling_clear))) {
        simulation.clear_events();
        chosen_.reset();
        reached_.reset();
        message_.clear();
    }
    ImGui::EndDisabled();
    if (ImGui::IsItemHovered(ImGuiHoveredFlags_AllowWhenDisabled))
        ImGui::SetTooltip("%s", tr(TextKey::tunneling_clear_tip));
    ImGui::SameLine();
    if (ImGui::Button(tr_label(TextKey::tunneling_export))) {
        try {
            save_motion_events_csv(path_text_, motion_events(events, shown));
            error_.clear();
            message_.set(TextKey::tunneling_exported, path_text_);
            reached_.reset();
        } catch (const std::exception& problem) {
            error_.set(TextKey::tunneling_export_error, problem);
            message_.clear();
        }
    }
    if (ImGui::IsItemHovered()) ImGui::SetTooltip("%s", tr(TextKey::tunneling_export_tip));
    ImGui::SameLine();
    ImGui::SetNextItemWidth(-1.0f);
    input_text("##export_path", path_text_);
    if (ImGui::IsItemHovered()) ImGui::SetTooltip("%s", tr(TextKey::tunneling_export_tip));
    draw_jump_status();
    status_text(message_);
    error_text(error_);
}

}  // namespace

std::unique_ptr<PanelPage> make_tunneling_page(const SimulationController&) {
    return std::make_unique<TunnelingPage>();
}

}  // namespace aabb::ui
