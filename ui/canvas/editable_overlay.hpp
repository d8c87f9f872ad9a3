#pragma once
// An overlay with settings of its own, as a panel page sees it: the page draws the settings'
// widgets inside its own section (the Broad phase page's "Structure overlay" for
// ui/overlays/structure_overlay.hpp). The panels name only this, not the overlay.

namespace aabb::ui {

/// An overlay whose settings a panel page edits.
class EditableOverlay {
  public:
    /// The ImGui widgets of its settings, at the cursor; they edit the overlay directly.
    virtual void draw_settings() = 0;

  protected:
    ~EditableOverlay() = default;
};

}  // namespace aabb::ui
