// The pair growth chart (L01): testing every pair of n boxes costs n(n−1)/2 tests, so ten
// times the boxes gives about a hundred times the tests (curriculum §1). An inset log-log chart
// plots n(n−1)/2 against n from 1 to 10⁵ — a straight line of slope 2 — with a marker at the
// lesson's n and a second marker at the box tests the world's broad phase really made for its
// boxes, which sit far below the line for any structure but brute force (Victor's step-up
// view: the output over the whole range of the handle, with the current value marked).

#include <algorithm>
#include <cmath>
#include <string>
#include <utility>
#include <vector>

#include "ui/canvas/overlay_draw.hpp"
#include "ui/lesson/gadgets/gadget_inset.hpp"
#include "ui/lesson/gadgets/gadget_list.hpp"
#include "ui/lesson/gadgets/gadget_readouts.hpp"
#include "ui/model/algorithm_words.hpp"
#include "ui/platform/theme.hpp"
#include "ui/style/overlay_colors.hpp"
#include "ui/text/text_catalog.hpp"

namespace aabb::ui {

namespace {

constexpr double max_log_n = 5.0;       // n up to 10⁵, the lesson's slider range
constexpr double max_log_pairs = 10.0;  // 10⁵·(10⁵−1)/2 ≈ 5·10⁹

/// n(n−1)/2 for a whole number of boxes, as the pairs_formula readout counts.
double pairs_of(double n) {
    n = std::floor(std::max(0.0, n));
    return n < 2.0 ? 0.0 : n * (n - 1.0) / 2.0;
}

/// "10" with a superscript exponent: 1, 10, 10², … 10¹⁰.
std::string power_of_ten(int exponent) {
    static const char* const digits[] = {"⁰", "¹", "²", "³", "⁴", "⁵", "⁶", "⁷", "⁸", "⁹"};
    if (exponent == 0) return "1";
    if (exponent == 1) return "10";
    std::string text = "10";
    for (const char digit : std::to_string(exponent))
        text += digits[digit - '0'];
    return text;
}

/// Maps log10(n) and log10(pairs) into the plot rectangle.
struct LogLogPlot {
    ScreenRect rect;
    [[nodiscard]] glm::vec2 at(double n, double pairs) const {
        const double x = std::clamp(std::log10(std::max(n, 1.0)) / max_log_n, 0.0, 1.0);
        const double y = std::clamp(std::log10(std::max(pairs, 1.0)) / max_log_pairs, 0.0, 1.0);
        return {rect.min.x + static_cast<float>(x) * rect.size().x,
                rect.max.y - static_cast<float>(y) * rect.size().y};
    }
};

void draw_axes(const GadgetContext& context, const LogLogPlot& plot) {
    ImDrawList& draw_list = context.draw_list;
    const ImU32 grid = to_imgui_color(palette.grid_major);
    const ImU32 dim = to_imgui_color(palette.text_dim);
    const float line = ImGui::GetTextLineHeight();
    // The x numbers centered under their lines (the first starts at the corner, clear of the
    // y axis's numbers); one that would touch the number before it is left out.
    float shown_right = -1e9f;
    for (int e = 0; e <= static_cast<int>(max_log_n); ++e) {
        const glm::vec2 at = plot.at(std::pow(10.0, e), 1.0);
        draw_list.AddLine(ImVec2(at.x, plot.rect.min.y), ImVec2(at.x, plot.rect.max.y), grid);
        const std::string label = power_of_ten(e);
        const float width = ImGui::CalcTextSize(label.c_str()).x;
        const float left = e == 0 ? at.x : at.x - width * 0.5f;
        if (left < shown_right + 4.0f) continue;
        shown_right = left + width;
        canvas_text(draw_list, ImVec2(left, plot.rect.max.y + 2.0f), dim, label.c_str(),
                    TextOwner::inset);
    }
    // The y numbers every second power, or fewer when a small plot puts them closer than a line.
    const float per_power = plot.rect.size().y / static_cast<float>(max_log_pairs);
    int y_step = 2;
    while (static_cast<float>(y_step) * per_power < 1.1f * line && y_step < 10)
        y_step += 2;
    for (int e = 0; e <= static_cast<int>(max_log_pairs); e += y_step) {
        const glm::vec2 at = plot.at(1.0, std::pow(10.0, e));
        draw_list.AddLine(ImVec2(plot.rect.min.x, at.y), ImVec2(plot.rect.max.x, at.y), grid);
        const std::string label = power_of_ten(e);
        const float width = ImGui::CalcTextSize(label.c_str()).x;
        canvas_text(draw_list, ImVec2(plot.rect.min.x - width - 4.0f, at.y - line * 0.5f), dim,
                    label.c_str(), TextOwner::inset);
    }
    draw_list.AddRect(to_imvec(plot.rect.min), to_imvec(plot.rect.max), dim);
    const char* x_title = tr(TextKey::gadget_chart_x_axis);
    const float x_width = ImGui::CalcTextSize(x_title).x;
    canvas_text(draw_list, ImVec2(plot.rect.max.x - x_width, plot.rect.max.y + line + 2.0f), dim,
                x_title, TextOwner::inset);
}

/// The brute-force line n(n−1)/2, sampled evenly in log n.
void draw_curve(const GadgetContext& context, const LogLogPlot& plot, ImU32 color) {
    constexpr int samples = 48;
    ImVec2 points[samples + 1];
    for (int i = 0; i <= samples; ++i) {
        const double n =
            std::pow(10.0, std::log10(2.0) + (max_log_n - std::log10(2.0)) * i / samples);
        // The smooth n(n−1)/2: whole numbers of boxes would draw stairs below n = 10.
        points[i] = to_imvec(plot.at(n, n * (n - 1.0) / 2.0));
    }
    context.draw_list.AddPolyline(points, samples + 1, color, 0, overlay_stroke(2.5f));
}

}  // namespace

void draw_pair_growth_chart(const GadgetContext& context) {
    const lesson::LessonObject* n_object = context.object("n");
    if (n_object == nullptr) return;
    const float line = ImGui::GetTextLineHeightWithSpacing();
    const Inset inset = draw_inset(context, InsetPlace::top_right,
                                   {380.0f, 230.0f + 3.0f * line / overlay_size(1.0f)},
                                   tr(TextKey::gadget_chart_title));
    const ScopedClip clip(context.draw_list, inset.frame);
    const float label_width = ImGui::CalcTextSize("10¹⁰").x + 6.0f;
    const ImU32 curve = object_color(*n_object);
    const double n = std::floor(std::max(0.0, n_object->number));
    // The legend: the slope, the marker's n, and what the world's broad phase measured for its
    // own boxes (the algorithm in words, sort-and-sweep / 排序扫描, not its identifier); each
    // wrapped to the inset at full size, its lines taken from the chart's height.
    const double bodies = static_cast<double>(context.world.bodies().size());
    const auto tests = static_cast<double>(context.world.broad_phase().stats().box_tests);
    const bool measured_shown = bodies >= 2.0 && tests > 0.0;
    const ImU32 world_color = role_color("world");
    std::vector<std::pair<std::string, ImU32>> legends{
        {tr(TextKey::gadget_chart_slope), curve},
        {tr_format(TextKey::gadget_chart_marker, format_number(n, "%,d").c_str(),
                   format_number(pairs_of(n), "%,d").c_str()),
         curve}};
    if (measured_shown) {
        const std::string name =
            algorithm_words(context.world.broad_phase().name(), current_language());
        legends.emplace_back(
            tr_format(TextKey::gadget_chart_measured, name.c_str(),
                      format_number(tests, "%,d").c_str(), format_number(bodies, "%,d").c_str()),
            world_color);
    }
    // Three rows at least (the chart keeps its shape while the world has not measured yet).
    float legend_lines = 0.0f;
    for (const auto& [text, color] : legends)
        legend_lines += float(inset_lines(text, inset.body.size().x).size());
    legend_lines = std::max(legend_lines, 3.0f);
    // The legend goes under the chart, so no text ever covers the line or a marker.
    LogLogPlot plot{
        {{inset.body.min.x + label_width, inset.body.min.y + 0.5f * line},
         {inset.body.max.x - 0.5f * line, inset.body.max.y - (legend_lines + 2.2f) * line}}};
    plot.rect.max = glm::max(plot.rect.max, plot.rect.min + glm::vec2(1.0f));
    // An inset too small for a readable chart (beside the card at a large UI scale) keeps the
    // legend, whose rows carry the numbers, from its top; the chart is left out.
    const bool chart_shown =
        plot.rect.size().y >= 2.5f * line && plot.rect.size().x >= 3.0f * label_width;
    if (!chart_shown) {
        float legend_y = inset.body.min.y;
        for (const auto& [text, color] : legends)
            legend_y = draw_inset_text(context.draw_list, inset.body, {inset.body.min.x, legend_y},
                                       color, text, true);
        return;
    }
    // Labels inside the chart stay inside its frame.
    Camera frame_camera;
    frame_camera.set_viewport(inset.frame);
    const GadgetContext in_frame = context.with_camera(frame_camera);
    draw_axes(in_frame, plot);
    draw_curve(in_frame, plot, curve);

    const glm::vec2 marker = plot.at(n, pairs_of(n));
    context.draw_list.AddCircleFilled(to_imvec(marker), overlay_size(6.0f), curve);
    context.draw_list.AddCircle(to_imvec(marker), overlay_size(6.0f), to_imgui_color(palette.text),
                                0, overlay_stroke(1.5f));
    float legend_y = inset.body.max.y - legend_lines * line;
    for (const auto& [text, color] : legends)
        legend_y = draw_inset_text(context.draw_list, inset.body, {inset.body.min.x, legend_y},
                                   color, text, true);
    if (!measured_shown) return;
    const glm::vec2 measured = plot.at(bodies, tests);
    const float half = overlay_size(5.0f);
    context.draw_list.AddRectFilled(ImVec2(measured.x - half, measured.y - half),
                                    ImVec2(measured.x + half, measured.y + half), world_color);
}

}  // namespace aabb::ui
