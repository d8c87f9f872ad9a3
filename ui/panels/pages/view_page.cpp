// The View tab: a switch for each canvas layer (objects, AABBs, overlap highlight, pair
// lines, grid) and each overlay, its swatch doubling as the canvas legend and its tooltip the
// overlay's full name; Fit view; the zoom.

#include <memory>

#include <imgui.h>

#include "ui/panels/panel_page.hpp"
#include "ui/widgets/shared_widgets.hpp"

namespace aabb::ui {

namespace {

/// A layer's switch in the page: its label, legend color and flag.
struct LayerSwitch {
    TextKey label;
    const Rgba8& color;
    bool WorldLayers::*flag;
};

/// The View page.
class ViewPage final : public PanelPage {
  public:
    void draw(PanelContext& context) override;
};

void ViewPage::draw(PanelContext& context) {
    WorldCanvas& canvas = context.canvas;
    WorldLayers& layers = canvas.layers();
    const LayerSwitch layer_switches[] = {
        {TextKey::layer_objects, palette.object_fill, &WorldLayers::object_fill},
        {TextKey::layer_aabbs, palette.aabb_outline, &WorldLayers::aabb_outlines},
        {TextKey::layer_overlapping, palette.overlap_outline, &WorldLayers::overlap_highlight},
        {TextKey::layer_pair_lines, palette.pair_line, &WorldLayers::pair_lines},
        {TextKey::layer_grid, palette.grid_major, &WorldLayers::grid},
        {TextKey::layer_hover_info, palette.hover_outline, &WorldLayers::hover_info},
    };
    // Two columns of switches; each swatch doubles as the canvas legend.
    const float column = ImGui::GetContentRegionAvail().x * 0.5f;
    int slot_index = 0;
    const auto next_slot = [&] {
        ImGui::PushID(slot_index);
        if (slot_index++ % 2 == 1) ImGui::SameLine(column);
    };
    for (const LayerSwitch& layer : layer_switches) {
        next_slot();
        swatch(layer.color);
        ImGui::Checkbox(tr_label(layer.label), &(layers.*layer.flag));
        ImGui::PopID();
    }
    for (OverlaySlot& slot : canvas.overlays()) {
        next_slot();
        swatch(slot.overlay->legend_color());
        ImGui::Checkbox(slot.overlay->short_label(), &slot.enabled);
        if (ImGui::IsItemHovered()) ImGui::SetTooltip("%s", slot.overlay->label());
        ImGui::PopID();
    }
    if (ImGui::Button(tr_label(TextKey::view_fit))) canvas.request_fit();
    ImGui::SameLine();
    ImGui::TextDisabled(tr(TextKey::view_zoom), canvas.camera().zoom());
    ImGui::TextDisabled("%s", tr(TextKey::view_hint));
}

}  // namespace

std::unique_ptr<PanelPage> make_view_page(const SimulationController&) {
    return std::make_unique<ViewPage>();
}

}  // namespace aabb::ui
