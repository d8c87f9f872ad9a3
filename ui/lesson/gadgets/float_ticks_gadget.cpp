// The float ticks gadget (L03): a coordinate is stored as a 32-bit float, and floats are spaced
// one ulp apart, an ulp that grows with the coordinate (curriculum §2: a touching tolerance must
// scale with the coordinates, never be one fixed constant). A ring marks A's right edge on the
// canvas and an inset magnifies the number line there, after adding the offset X to every x:
// one tick per float, A's max and B's min as written above the line (the "written" row) and as
// stored on it, with the stored gap on the "stored" row below.
// At X = 10⁶ an ulp is 0.0625, so a gap of 0.01 falls between two ticks and both edges are
// stored on the same one: the gap is gone. The numbers come from the float_gap readout.

#include <algorithm>
#include <cmath>
#include <limits>
#include <string>

#include "ui/canvas/overlay_draw.hpp"
#include "ui/lesson/gadgets/gadget_inset.hpp"
#include "ui/lesson/gadgets/gadget_list.hpp"
#include "ui/lesson/gadgets/gadget_readouts.hpp"
#include "ui/platform/theme.hpp"
#include "ui/style/overlay_colors.hpp"
#include "ui/text/text_catalog.hpp"

namespace aabb::ui {

namespace {

// More floats than this in the window are drawn as a band, not one tick each.
constexpr int max_ticks = 80;

/// The magnified number line: doubles in [low, high] across the inset's body.
struct NumberLine {
    double low;
    double high;
    float left;
    float right;
    float y;
    [[nodiscard]] float x_of(double value) const {
        const double t = (value - low) / (high - low);
        return left + static_cast<float>(std::clamp(t, 0.0, 1.0)) * (right - left);
    }
};

/// Every float in the window as a tick; false (nothing drawn) when there are too many.
bool draw_float_ticks(ImDrawList& draw_list, const NumberLine& line, ImU32 color, float height) {
    auto value = static_cast<float>(line.low);
    if (value < line.low) value = std::nextafter(value, std::numeric_limits<float>::infinity());
    int count = 0;
    for (float probe = value; probe <= line.high && count <= max_ticks; ++count)
        probe = std::nextafter(probe, std::numeric_limits<float>::infinity());
    if (count > max_ticks) return false;
    for (; value <= line.high;
         value = std::nextafter(value, std::numeric_limits<float>::infinity())) {
        const float x = line.x_of(value);
        draw_list.AddLine(ImVec2(x, line.y - height), ImVec2(x, line.y + height), color,
                          overlay_stroke(1.5f));
    }
    return true;
}

/// A written position: a downward triangle above the line with its name above it.
void written_mark(const GadgetContext& context, const NumberLine& line, double value, ImU32 color,
                  const char* name, bool label_left) {
    const float x = line.x_of(value);
    const float size = overlay_size(7.0f);
    const float top = line.y - overlay_size(16.0f);
    context.draw_list.AddTriangleFilled(ImVec2(x - size * 0.6f, top - size),
                                        ImVec2(x + size * 0.6f, top - size), ImVec2(x, top), color);
    const float width = ImGui::CalcTextSize(name).x;
    const float text_y = top - size - ImGui::GetTextLineHeightWithSpacing();
    draw_label(context, ImVec2(label_left ? x - width : x, text_y), color, name);
}

/// A stored position: a dot on the line, and a short stem down to the stored row, where the
/// row's one label says what the dots are (two labels side by side would run together when
/// both edges are stored on one float).
void stored_mark(const GadgetContext& context, const NumberLine& line, double value, ImU32 color,
                 float row_y) {
    const float x = line.x_of(value);
    context.draw_list.AddCircleFilled(ImVec2(x, line.y), overlay_size(5.0f), color);
    context.draw_list.AddLine(ImVec2(x, line.y), ImVec2(x, row_y), color, overlay_stroke(1.5f));
}

}  // namespace

void draw_float_ticks(const GadgetContext& context) {
    const lesson::LessonObject* a = context.object("a");
    const lesson::LessonObject* b = context.object("b");
    if (a == nullptr || b == nullptr || !a->box.is_valid() || !b->box.is_valid()) return;
    CatalogQuery gap(context, "float_gap");
    gap.object("a", "a").object("b", "b").object("offset", "offset");
    const double offset = context.number("offset", 0.0);
    const double ulp = gap.number_or("ulp", 0.0);
    const double a_written = offset + double{a->box.max.x};
    const double b_written = offset + double{b->box.min.x};
    const double a_stored = gap.number_or("a_max_stored", a_written);
    const double b_stored = gap.number_or("b_min_stored", b_written);
    if (!(ulp > 0.0)) return;

    // The ring on the canvas: where the inset looks.
    const float middle_y =
        0.5f * (std::max(a->box.min.y, b->box.min.y) + std::min(a->box.max.y, b->box.max.y));
    const glm::vec2 ring = context.camera.world_to_screen(glm::vec2(a->box.max.x, middle_y));
    const ImU32 text = to_imgui_color(palette.text);
    context.draw_list.AddCircle(to_imvec(ring), overlay_size(16.0f), text, 0, overlay_stroke(2.0f));

    char title_value[48];
    std::snprintf(title_value, sizeof title_value, "%.9g", a_written);
    const std::string title = tr_format(TextKey::gadget_float_title, title_value);
    const Inset inset =
        draw_inset(context, InsetPlace::bottom_right, {420.0f, 190.0f}, title.c_str());
    dashed_line(context.draw_list, ring + glm::vec2(overlay_size(16.0f), 0.0f),
                {inset.frame.min.x, inset.frame.min.y + 0.5f * inset.frame.size().y},
                with_alpha(text, 150), overlay_stroke(1.0f));
    const ScopedClip clip(context.draw_list, inset.frame);
    Camera frame_camera;
    frame_camera.set_viewport(inset.frame);
    const GadgetContext in_frame = context.with_camera(frame_camera);

    const double low_edge = std::min({a_written, b_written, a_stored, b_stored});
    const double high_edge = std::max({a_written, b_written, a_stored, b_stored});
    const double margin = std::max(3.0 * ulp, 0.3 * (high_edge - low_edge));
    const float pad = overlay_size(10.0f);
    // Rows from the top: the summary, the "written" row name, the marks' names, the marks and
    // the line, the stored row under it (and the dense band's count below that), each a line
    // of its own so none runs into another however narrow the inset.
    const float text_row = ImGui::GetTextLineHeightWithSpacing();
    const float written_y = inset.body.min.y + text_row;
    const float names_y = written_y + text_row;
    // The line as high as keeps the stored row inside the frame (a short inset at a large UI
    // scale), never onto the marks' names.
    const float highest = names_y + text_row + overlay_size(23.0f);
    const float lowest = inset.body.max.y - overlay_size(22.0f) - text_row;
    const NumberLine line{
        low_edge - margin, high_edge + margin, inset.body.min.x + pad, inset.body.max.x - pad,
        std::max(
            std::min(std::max(highest, inset.body.min.y + 0.52f * inset.body.size().y), lowest),
            highest)};
    const float row_y = line.y + overlay_size(22.0f);
    const ImU32 dim = to_imgui_color(palette.text_dim);
    context.draw_list.AddLine(ImVec2(line.left, line.y), ImVec2(line.right, line.y), dim,
                              overlay_stroke(1.5f));
    const ImU32 tick_color = role_color("world");
    if (!draw_float_ticks(context.draw_list, line, tick_color, overlay_size(6.0f))) {
        // Too dense to draw one by one: a band says "floats everywhere here", with their count.
        const float band = overlay_size(5.0f);
        hatch_rect(context.draw_list, {line.left, line.y - band}, {line.right, line.y + band},
                   tick_color);
        const std::string count = format_number((line.high - line.low) / ulp, "%,d");
        const std::string dense = tr_format(TextKey::gadget_float_dense, count.c_str());
        draw_label(in_frame, ImVec2(line.left, row_y + text_row), dim, dense.c_str());
    }
    // A's edge labelled to the left of its mark and B's to the right, so coinciding marks stay
    // readable.
    const ImU32 color_a = object_color(*a);
    const ImU32 color_b = object_color(*b);
    const std::string a_name = std::string(object_label(*a)) + ".max";
    const std::string b_name = std::string(object_label(*b)) + ".min";
    written_mark(in_frame, line, a_written, color_a, a_name.c_str(), true);
    written_mark(in_frame, line, b_written, color_b, b_name.c_str(), false);
    // Written against stored: the row names at the left, the stored edges' stems meeting the
    // stored row, with the stored gap written there.
    stored_mark(in_frame, line, a_stored, color_a, row_y);
    stored_mark(in_frame, line, b_stored, color_b, row_y);
    const ImU32 dim_text = to_imgui_color(palette.text_dim);
    draw_label(in_frame, ImVec2(line.left, written_y), dim_text, tr(TextKey::gadget_float_written));
    const std::string stored_row = std::string(tr(TextKey::gadget_float_stored)) + ": " +
                                   format_number(gap.number_or("stored_gap", 0.0), "%.7g");
    draw_label(in_frame, ImVec2(line.left, row_y), dim_text, stored_row.c_str());
    const std::string summary =
        tr_format(TextKey::gadget_float_summary, format_number(ulp).c_str(),
                  format_number(gap.number_or("gap", 0.0), "%.4g").c_str(),
                  format_number(gap.number_or("stored_gap", 0.0), "%.7g").c_str());
    const ImU32 verdict = role_color(b_stored > a_stored ? "gap" : "overlap");
    draw_label(in_frame, ImVec2(line.left, inset.body.min.y), verdict, summary.c_str());
}

}  // namespace aabb::ui
