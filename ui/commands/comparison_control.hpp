#pragma once
// What the commands (the C key, the toolbar's Compare button) ask of the broad-phase comparison
// window. The window (ui/windows/comparison_window.hpp) implements it; the commands sit below
// the windows in the folder order (docs/architecture.md), so they name only this.

namespace aabb::ui {

/// The comparison window as the commands see it.
class ComparisonControl {
  public:
    /// Shows or hides the window.
    virtual void set_open(bool open) = 0;
    /// True while shown.
    [[nodiscard]] virtual bool open() const = 0;
    /// Runs "Compare all" on the window's next draw.
    virtual void request_compare() = 0;

  protected:
    ~ComparisonControl() = default;
};

}  // namespace aabb::ui
