// The grid probe (L17): in a uniform grid or spatial hash the cell size against the object size
// is the whole trade-off (curriculum §8). A probe box of width w and height h in cells of size c
// covers between ⌈w/c⌉·⌈h/c⌉ and (⌈w/c⌉+1)·(⌈h/c⌉+1) cells, depending on where it sits; a box
// that may cover more than the grid's max_cells_per_box goes on the oversize list and is tested
// against every box. Drawn over the world: the cells the probe covers (their lattice lines and
// a faint fill), the probe, and its count. The counts are the grid_cells readout's, on the
// lattice through (0, 0) that the world's grid snaps to; a cell size of 0 (the world's "auto")
// uses the cell size the world's grid chose, read from its cells.

#include <algorithm>
#include <cmath>
#include <optional>
#include <string>

#include "ui/lesson/gadgets/gadget_list.hpp"
#include "ui/lesson/gadgets/gadget_readouts.hpp"
#include "ui/platform/theme.hpp"
#include "ui/style/overlay_colors.hpp"
#include "ui/text/text_catalog.hpp"

namespace aabb::ui {

namespace {

// Lattice lines beyond this many per axis are not drawn one by one (the region is filled).
constexpr double max_lines = 400.0;

/// The size of the world's grid cells, when its broad phase is a grid or hash that has cells.
class CellSizeProbe : public StructureVisitor {
  public:
    void cell(const Box2& bounds, int occupancy, int depth) override {
        (void)occupancy;
        (void)depth;
        if (!size_ && bounds.is_valid() && bounds.size().x > 0.0f) size_ = bounds.size().x;
    }
    [[nodiscard]] std::optional<float> size() const { return size_; }

  private:
    std::optional<float> size_;
};

}  // namespace

void draw_grid_probe(const GadgetContext& context) {
    const lesson::LessonObject* probe = context.object("box");
    if (probe == nullptr || !probe->box.is_valid()) return;
    double cell = context.number("cell", 0.0);
    const bool automatic = !(cell > 0.0);
    if (automatic) {
        CellSizeProbe sizes;
        context.world.broad_phase().visit(sizes);
        cell = sizes.size().value_or(0.0f);
    }
    const ImU32 probe_color = object_color(*probe);
    const ScreenRect probe_rect = context.camera.world_to_screen(probe->box);
    if (!(cell > 0.0)) {
        draw_world_box(context, probe->box, probe_color, 2.5f, 60);
        draw_label(context, ImVec2(probe_rect.max.x + overlay_size(6.0f), probe_rect.min.y),
                   probe_color, tr(TextKey::gadget_grid_no_cells));
        return;
    }
    CatalogQuery cells(context, "grid_cells");
    cells.object("box", "box").number("cell", cell);
    const double columns = cells.number_or("cells_x", 0.0);
    const double rows = cells.number_or("cells_y", 0.0);
    // The covered cells: from the cell holding min to the one holding max, as the readout counts.
    const Box2& box = probe->box;
    const double first_x = std::floor(double{box.min.x} / cell) * cell;
    const double first_y = std::floor(double{box.min.y} / cell) * cell;
    const Box2 covered{
        {static_cast<float>(first_x), static_cast<float>(first_y)},
        {static_cast<float>(first_x + columns * cell), static_cast<float>(first_y + rows * cell)}};
    const bool oversize = cells.flag("oversize");
    const ImU32 cell_color = role_color(oversize ? "gap" : "world");
    draw_world_box(context, covered, cell_color, 2.0f, 45);
    if (columns <= max_lines && rows <= max_lines) {
        const ScreenRect rect = context.camera.world_to_screen(covered);
        const float width = overlay_stroke(1.0f);
        for (double i = 1; i < columns; ++i) {
            const float x =
                context.camera.world_to_screen(glm::vec2(float(first_x + i * cell), 0.0f)).x;
            context.draw_list.AddLine(ImVec2(x, rect.min.y), ImVec2(x, rect.max.y), cell_color,
                                      width);
        }
        for (double j = 1; j < rows; ++j) {
            const float y =
                context.camera.world_to_screen(glm::vec2(0.0f, float(first_y + j * cell))).y;
            context.draw_list.AddLine(ImVec2(rect.min.x, y), ImVec2(rect.max.x, y), cell_color,
                                      width);
        }
    }
    draw_world_box(context, box, probe_color, 2.5f, 90);

    const ScreenRect covered_rect = context.camera.world_to_screen(covered);
    const float line = ImGui::GetTextLineHeightWithSpacing();
    ImVec2 at(covered_rect.max.x + overlay_size(8.0f), covered_rect.min.y);
    const std::string size_text =
        automatic ? tr_format(TextKey::gadget_grid_auto, format_number(cell).c_str())
                  : tr_format(TextKey::gadget_grid_cell, format_number(cell).c_str());
    draw_label(context, at, to_imgui_color(palette.text), size_text.c_str());
    at.y += line;
    const std::string count = tr_format(
        TextKey::gadget_grid_covers, format_number(cells.number_or("cells", 0.0), "%,d").c_str(),
        format_number(columns, "%,d").c_str(), format_number(rows, "%,d").c_str());
    draw_label(context, at, cell_color, count.c_str());
    at.y += line;
    const std::string range =
        tr_format(TextKey::gadget_grid_range,
                  format_number(cells.number_or("fewest_cells", 0.0), "%,d").c_str(),
                  format_number(cells.number_or("most_cells", 0.0), "%,d").c_str());
    draw_label(context, at, to_imgui_color(palette.text), range.c_str());
    if (oversize) {
        at.y += line;
        draw_label(context, at, role_color("gap"), tr(TextKey::gadget_grid_oversize));
    }
}

}  // namespace aabb::ui
