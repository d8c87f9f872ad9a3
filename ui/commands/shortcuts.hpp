#pragma once
// Every keyboard shortcut of the sandbox in one table: the keys as printed, what they do, the
// keys that trigger them and the action. The same rows drive the key handling each frame and
// the F1 help (ui/windows/help_window.cpp), so the help cannot drift from what the keys do.
// Rows without an action are mouse gestures, listed for the help only.

#include <array>
#include <span>

#include "ui/commands/command_targets.hpp"
#include "ui/platform/key_press.hpp"
#include "ui/text/text_catalog.hpp"

namespace aabb::ui {

/// Which modifier keys a chord needs.
enum class Modifiers {
    /// Neither Ctrl nor Shift held.
    none,
    /// Shift held, Ctrl not.
    shift,
    /// Ctrl held (Shift ignored).
    ctrl,
    /// Whatever is held.
    any,
};

/// One key with its modifiers; scancode 0 is an unused slot.
struct KeyChord {
    /// SDL scancode of the key (ImGui 1.86 indexes keys by scancode).
    int scancode = 0;
    /// Modifiers that must be held.
    Modifiers modifiers = Modifiers::none;
};

/// One shortcut: a line of the F1 help and, when it has an action, what its keys do.
struct Shortcut {
    /// The keys as printed in the help ("Ctrl +"; catalog keys keys_*).
    TextKey keys;
    /// What they do, as printed in the help (catalog keys help_*).
    TextKey help;
    /// The keys that trigger it (a second slot for keypad twins); none for a mouse line.
    std::array<KeyChord, 2> chords{};
    /// The action; nullptr for a help-only line.
    void (*run)(CommandTargets& targets) = nullptr;
    /// True when holding the key repeats the action (single step, step back).
    bool repeats = false;
    /// True when it works while a text field has the keyboard (F1: how a lost user finds
    /// help).
    bool while_typing = false;
    /// When it applies (e.g. only in lesson mode); nullptr: always.
    bool (*applies)(const CommandTargets& targets) = nullptr;
};

/// Every shortcut, in help order.
[[nodiscard]] std::span<const Shortcut> shortcuts();

/// Runs the shortcut of each key press of this frame, once per press (two quick PageDowns in
/// one slow frame are two steps). Only the ones marked while_typing run while an ImGui text
/// field has the keyboard. Call between ImGui::NewFrame() and Render().
void handle_keyboard_shortcuts(CommandTargets& targets, std::span<const KeyPress> presses);

}  // namespace aabb::ui
