#include "ui/windows/comparison_window.hpp"

#include <imgui.h>

#include <algorithm>
#include <array>
#include <cmath>
#include <cstdio>
#include <exception>
#include <fstream>

#include "report/series_palette.hpp"
#include "ui/jobs/scaling_sweep_export.hpp"
#include "ui/model/algorithm_words.hpp"
#include "ui/platform/theme.hpp"
#include "ui/style/palette.hpp"
#include "ui/text/text_catalog.hpp"
#include "ui/widgets/shared_widgets.hpp"

namespace aabb::ui {

namespace {

/// The line color of algorithm `index` (broad_phase_names() order), shared with the charts.
Rgba8 series_color(std::size_t index) {
    const report::SeriesColor color = report::series_color(index);
    return {color[0], color[1], color[2]};
}

/// "12.3 kB" style byte counts.
void format_bytes(std::size_t bytes, char (&text)[32]) {
    if (bytes >= 10u * 1024u * 1024u) {
        std::snprintf(text, sizeof text, "%.1f MB", static_cast<double>(bytes) / (1024.0 * 1024.0));
    } else {
        std::snprintf(text, sizeof text, "%.1f kB", static_cast<double>(bytes) / 1024.0);
    }
}

void right_aligned(const char* text) {
    const float width = ImGui::CalcTextSize(text).x;
    ImGui::SetCursorPosX(ImGui::GetCursorPosX() + ImGui::GetColumnWidth() - width);
    ImGui::TextUnformatted(text);
}

std::string number_text(const char* format, double value) {
    char text[32];
    std::snprintf(text, sizeof text, format, value);
    return text;
}

}  // namespace

ScalingSweepOptions ComparisonWindow::default_sweep() {
    ScalingSweepOptions options;
    options.comparison.frames = 8;
    options.time_budget_ms = 150.0;
    return options;
}

void ComparisonWindow::start_sweep() {
    start_sweep(default_sweep());
}

void ComparisonWindow::start_sweep(ScalingSweepOptions options) {
    try {
        runner_.start(std::move(options));
        status_.clear();
    } catch (const std::exception& error) {
        status_.set(TextKey::sweep_start_error, error);
    }
    poll_sweep();
}

void ComparisonWindow::poll_sweep() {
    // The worker measures on its own thread; a frame only copies what changed since the last.
    const std::uint64_t version = runner_.version();
    if (version == sweep_version_) return;
    sweep_version_ = version;
    sweep_ = runner_.snapshot();
    if (!sweep_.error.empty()) status_.set(TextKey::sweep_error, sweep_.error);
}

void ComparisonWindow::poll_comparison() {
    const std::uint64_t version = comparer_.version();
    if (version == compare_version_) return;
    compare_version_ = version;
    compare_ = comparer_.snapshot();
    if (!compare_.error.empty()) status_.set(TextKey::compare_error, compare_.error);
}

void ComparisonWindow::draw(const World& world, const ScreenRect& area) {
    poll_sweep();
    poll_comparison();
    if (!open_) return;
    const float scale = ImGui::GetFontSize() / 16.0f;
    ImGui::SetNextWindowPos(ImVec2(area.min.x + 12.0f, area.min.y + 52.0f * scale),
                            ImGuiCond_Appearing);
    ImGui::SetNextWindowSize(ImVec2(std::min(790.0f * scale, area.size().x - 24.0f),
                                    std::min(620.0f * scale, area.size().y - 64.0f * scale)),
                             ImGuiCond_Appearing);
    // One window id in every language: a language switch keeps its place and size.
    if (ImGui::Begin(tr_label(TextKey::compare_title), &open_, ImGuiWindowFlags_NoSavedSettings)) {
        draw_live_ratios(world);
        draw_comparison_table(world);
        draw_sweep();
        if (!status_.empty()) wrapped_text(status_.text());
    }
    ImGui::End();
}

void ComparisonWindow::draw_live_ratios(const World& world) const {
    const BroadPhaseStats stats = world.broad_phase().stats();
    const double n = static_cast<double>(world.world_boxes().size());
    const double all_pairs = n < 2.0 ? 0.0 : n * (n - 1.0) / 2.0;
    const double tested = all_pairs > 0.0 ? static_cast<double>(stats.box_tests) / all_pairs : 0.0;
    const std::uint64_t false_positives =
        stats.candidate_pairs > stats.true_pairs ? stats.candidate_pairs - stats.true_pairs : 0;
    const std::string algorithm = algorithm_words(world.broad_phase().name(), current_language());
    ImGui::Text(tr(TextKey::compare_live), algorithm.c_str(), n);
    ImGui::Text(tr(TextKey::compare_ratios), 100.0 * tested, 100.0 * (1.0 - tested));
    ImGui::Text(tr(TextKey::compare_live_counts),
                static_cast<unsigned long long>(stats.candidate_pairs),
                static_cast<unsigned long long>(stats.true_pairs),
                static_cast<unsigned long long>(false_positives));
    ImGui::Separator();
}

void ComparisonWindow::draw_comparison_table(const World& world) {
    if (compare_.running) {
        if (ImGui::Button(tr_label(TextKey::compare_cancel))) comparer_.cancel();
        compare_requested_ = false;  // one run at a time
    } else if (ImGui::Button(tr_label(TextKey::compare_run_all)) || compare_requested_) {
        compare_requested_ = false;
        try {
            // The frames of motion and the budget per algorithm are ComparisonOptions' own
            // defaults, documented there, so that they are stated in one place.
            ComparisonOptions options;
            options.touching = world.settings().touching;
            // The worker measures a copy: the World keeps stepping on this thread meanwhile.
            const std::span<const Box2> boxes = world.world_boxes();
            comparer_.start({boxes.begin(), boxes.end()}, options, world.frame());
            status_.clear();
        } catch (const std::exception& error) {
            status_.set(TextKey::compare_error, error);
        }
        poll_comparison();
    }
    ImGui::SameLine();
    const std::vector<BroadPhaseMeasurement>& results = compare_.results;
    if (compare_.running) {
        ImGui::TextDisabled(tr(TextKey::compare_measuring),
                            std::min(results.size() + 1, compare_.algorithms.size()),
                            compare_.algorithms.size(), compare_.box_count);
    } else if (results.empty()) {
        ImGui::TextDisabled("%s", tr(TextKey::compare_hint));
        return;
    } else {
        ImGui::TextDisabled(tr(TextKey::compare_done), compare_.box_count,
                            static_cast<unsigned long long>(compare_.world_step),
                            ComparisonOptions{}.frames,
                            compare_.cancelled ? tr(TextKey::compare_cancelled_suffix) : "");
    }
    if (results.empty()) return;
    // The measured numbers as shown, one row per algorithm, before the table: a right-aligned
    // cell does not widen its column, so each number column is made as wide as its header or
    // its widest number, whichever is wider (Chinese headers are narrower than the numbers).
    constexpr std::size_t number_columns = 8;
    std::vector<std::array<std::string, number_columns>> rows;
    for (const BroadPhaseMeasurement& m : results) {
        char memory[32];
        format_bytes(m.memory_bytes, memory);
        rows.push_back({number_text("%.3f", m.build_ms), number_text("%.3f", m.update_ms),
                        number_text("%.3f", m.pairs_ms), number_text("%.3f", m.frame_p99_ms),
                        number_text("%.0f", static_cast<double>(m.box_tests)),
                        number_text("%.0f", static_cast<double>(m.candidate_pairs)),
                        number_text("%.0f", static_cast<double>(m.true_pairs)), memory});
    }
    constexpr ImGuiTableFlags flags =
        ImGuiTableFlags_RowBg | ImGuiTableFlags_Borders | ImGuiTableFlags_SizingFixedFit;
    if (!ImGui::BeginTable("comparison", 1 + number_columns, flags)) return;
    constexpr TextKey headers[1 + number_columns] = {
        TextKey::compare_column_algorithm,  TextKey::compare_column_build,
        TextKey::compare_column_update,     TextKey::compare_column_pairs,
        TextKey::compare_column_p99,        TextKey::compare_column_box_tests,
        TextKey::compare_column_candidates, TextKey::compare_column_true_pairs,
        TextKey::compare_column_memory};
    ImGui::TableSetupColumn(tr(headers[0]));
    for (std::size_t column = 0; column < number_columns; ++column) {
        float width = ImGui::CalcTextSize(tr(headers[column + 1])).x;
        for (const auto& row : rows)
            width = std::max(width, ImGui::CalcTextSize(row[column].c_str()).x);
        ImGui::TableSetupColumn(tr(headers[column + 1]), ImGuiTableColumnFlags_WidthFixed, width);
    }
    ImGui::TableHeadersRow();
    for (std::size_t i = 0; i < results.size(); ++i) {
        ImGui::TableNextRow();
        ImGui::TableNextColumn();
        ImGui::TextColored(to_imgui_vec4(series_color(i)), "%s",
                           algorithm_words(results[i].algorithm, current_language()).c_str());
        for (const std::string& number : rows[i]) {
            ImGui::TableNextColumn();
            right_aligned(number.c_str());
        }
    }
    ImGui::EndTable();
    if (!compare_.finished) return;
    const bool agree = std::all_of(results.begin(), results.end(), [&](const auto& m) {
        return m.true_pairs == results.front().true_pairs;
    });
    ImGui::TextColored(agree ? ImVec4(0.5f, 0.9f, 0.5f, 1.0f) : ImVec4(1.0f, 0.4f, 0.4f, 1.0f),
                       "%s", tr(agree ? TextKey::compare_agree : TextKey::compare_disagree));
}

void ComparisonWindow::draw_sweep() {
    ImGui::Separator();
    if (ImGui::Button(tr_label(sweep_.running ? TextKey::sweep_cancel : TextKey::sweep_start))) {
        if (sweep_.running) {
            runner_.cancel();
        } else {
            start_sweep();
        }
    }
    ImGui::SameLine();
    if (!runner_.started()) {
        ImGui::TextDisabled("%s", tr(TextKey::sweep_hint));
        return;
    }
    const std::string progress =
        tr_format(TextKey::sweep_progress, sweep_.results.size(), sweep_.skipped,
                  sweep_.running     ? tr(TextKey::sweep_progress_running)
                  : sweep_.cancelled ? tr(TextKey::sweep_progress_cancelled)
                                     : "");
    ImGui::ProgressBar(static_cast<float>(sweep_.fraction), ImVec2(-1.0f, 0.0f), progress.c_str());

    // Room under the plot for the export row and the status line ("wrote ..."), kept even
    // while the status is empty so the buttons never move under the pointer.
    const float button_row =
        ImGui::GetFrameHeightWithSpacing() * 1.3f + ImGui::GetTextLineHeightWithSpacing();
    const ImVec2 available = ImGui::GetContentRegionAvail();
    draw_plot({available.x, std::max(120.0f, available.y - button_row)});

    ImGui::SetNextItemWidth(ImGui::GetContentRegionAvail().x * 0.4f);
    ImGui::InputText(
        "##stem", export_stem_.data(), export_stem_.capacity() + 1,
        ImGuiInputTextFlags_CallbackResize,
        [](ImGuiInputTextCallbackData* data) {
            if (data->EventFlag == ImGuiInputTextFlags_CallbackResize) {
                auto* text = static_cast<std::string*>(data->UserData);
                text->resize(static_cast<std::size_t>(data->BufTextLen));
                data->Buf = text->data();
            }
            return 0;
        },
        &export_stem_);
    ImGui::SameLine();
    if (ImGui::Button(tr_label(TextKey::sweep_export_csv))) (void)export_csv(export_stem_ + ".csv");
    ImGui::SameLine();
    if (ImGui::Button(tr_label(TextKey::sweep_export_png))) (void)export_png(export_stem_ + ".png");
}

void ComparisonWindow::draw_plot(glm::vec2 size) {
    ImDrawList& draw_list = *ImGui::GetWindowDrawList();
    const ImVec2 origin = ImGui::GetCursorScreenPos();
    ImGui::Dummy(ImVec2(size.x, size.y));
    draw_list.AddRectFilled(origin, ImVec2(origin.x + size.x, origin.y + size.y),
                            to_imgui_color(palette.canvas_background));

    const std::vector<BroadPhaseMeasurement>& results = sweep_.results;
    const std::vector<std::size_t>& sizes = sweep_.sizes;
    // Log-log axes: whole decades around the data.
    double low_ms = 1e30;
    double high_ms = 0.0;
    for (const BroadPhaseMeasurement& m : results) {
        low_ms = std::min(low_ms, std::max(m.frame_ms(), 1e-4));
        high_ms = std::max(high_ms, std::max(m.frame_ms(), 1e-4));
    }
    if (results.empty()) low_ms = high_ms = 1.0;
    const double y_low = std::floor(std::log10(low_ms));
    const double y_high = std::max(std::ceil(std::log10(high_ms)), y_low + 1.0);
    const double x_low = std::log10(static_cast<double>(sizes.front()));
    const double x_high = std::max(std::log10(static_cast<double>(sizes.back())), x_low + 1e-3);

    const float font = ImGui::GetFontSize();
    const glm::vec2 inner_min(origin.x + 3.5f * font, origin.y + 0.6f * font);
    const glm::vec2 inner_max(origin.x + size.x - 0.8f * font, origin.y + size.y - 1.6f * font);
    const auto to_screen = [&](double n, double ms) {
        const double x = (std::log10(n) - x_low) / (x_high - x_low);
        const double y = (std::log10(std::max(ms, 1e-4)) - y_low) / (y_high - y_low);
        return ImVec2(inner_min.x + static_cast<float>(x) * (inner_max.x - inner_min.x),
                      inner_max.y - static_cast<float>(y) * (inner_max.y - inner_min.y));
    };
    const ImU32 grid = to_imgui_color(palette.grid_major);
    const ImU32 label = to_imgui_color(palette.text_dim);
    char text[32];
    for (double decade = y_low; decade <= y_high + 1e-9; decade += 1.0) {
        const float y = to_screen(sizes.front(), std::pow(10.0, decade)).y;
        draw_list.AddLine(ImVec2(inner_min.x, y), ImVec2(inner_max.x, y), grid);
        std::snprintf(text, sizeof text, "%g ms", std::pow(10.0, decade));
        draw_list.AddText(ImVec2(origin.x + 0.2f * font, y - 0.5f * font), label, text);
    }
    for (const std::size_t n : sizes) {
        const float x = to_screen(static_cast<double>(n), 1.0).x;
        draw_list.AddLine(ImVec2(x, inner_min.y), ImVec2(x, inner_max.y), grid);
        if (n >= 1000) {
            std::snprintf(text, sizeof text, "%zuk", n / 1000);
        } else {
            std::snprintf(text, sizeof text, "%zu", n);
        }
        draw_list.AddText(ImVec2(x - 0.5f * ImGui::CalcTextSize(text).x, inner_max.y + 0.2f * font),
                          label, text);
    }
    const char* n_axis = tr(TextKey::sweep_axis_n);
    draw_list.AddText(
        ImVec2(inner_max.x - ImGui::CalcTextSize(n_axis).x, inner_max.y - 1.2f * font), label,
        n_axis);

    // One polyline per algorithm: its measurements in order of n, update + pairs per frame.
    const std::vector<std::string>& names = sweep_.algorithms;
    for (std::size_t a = 0; a < names.size(); ++a) {
        const ImU32 color = to_imgui_color(series_color(a));
        ImVec2 previous;
        bool has_previous = false;
        for (const BroadPhaseMeasurement& m : results) {
            if (m.algorithm != names[a]) continue;
            const ImVec2 point = to_screen(static_cast<double>(m.box_count), m.frame_ms());
            if (has_previous) draw_list.AddLine(previous, point, color, 2.0f);
            draw_list.AddCircleFilled(point, 3.0f, color);
            previous = point;
            has_previous = true;
        }
        const float legend_y = inner_min.y + static_cast<float>(a) * 1.1f * font;
        draw_list.AddText(ImVec2(inner_min.x + 0.5f * font, legend_y), color,
                          algorithm_words(names[a], current_language()).c_str());
    }
    draw_list.AddText(ImVec2(inner_min.x + 10.0f * font, inner_min.y), label,
                      tr(TextKey::sweep_axis_time));
}

bool ComparisonWindow::export_csv(const std::string& path) {
    poll_sweep();
    try {
        write_scaling_sweep_csv(sweep_, path);
        status_.set(TextKey::sweep_wrote, path);
        return true;
    } catch (const std::exception& error) {
        status_.set(TextKey::sweep_export_error, error);
        return false;
    }
}

bool ComparisonWindow::export_png(const std::string& path) {
    poll_sweep();
    try {
        write_scaling_sweep_png(sweep_, path);
        status_.set(TextKey::sweep_wrote, path);
        return true;
    } catch (const std::exception& error) {
        status_.set(TextKey::sweep_export_error, error);
        return false;
    }
}

}  // namespace aabb::ui
