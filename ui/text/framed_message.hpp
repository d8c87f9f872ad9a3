#pragma once
// A line the window shows after an action: a catalog format with one %s ("Could not open the
// scene: %s", "wrote %s") and what fills it (the core's message, a path). The two are kept
// apart and joined when shown, so the frame follows a change of language while the detail
// stays as the core wrote it (file names, JSON paths, option names are not translated).

#include <exception>
#include <string>
#include <utility>

#include "ui/text/text_catalog.hpp"

namespace aabb::ui {

/// A catalog format with one %s and its filler.
struct FramedMessage {
    /// The format; meaningless while `detail` is empty.
    TextKey frame = TextKey::panel_broad_phase_error;
    /// What fills the format; empty for no message.
    std::string detail;

    /// Sets the message to `what` filled with `filler`.
    void set(TextKey what, std::string filler) {
        frame = what;
        detail = std::move(filler);
    }
    /// Sets the message to `what` filled with `problem`'s message.
    void set(TextKey what, const std::exception& problem) { set(what, problem.what()); }
    /// No message.
    void clear() { detail.clear(); }
    /// True when there is none.
    [[nodiscard]] bool empty() const { return detail.empty(); }
    /// The line in `language`; empty when there is none.
    [[nodiscard]] std::string text(Language language) const {
        return empty() ? std::string() : text_format(language, frame, detail.c_str());
    }
    /// The line in the current language; empty when there is none.
    [[nodiscard]] std::string text() const { return text(current_language()); }
};

}  // namespace aabb::ui
