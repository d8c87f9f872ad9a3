#include "app/sandbox/sandbox_lists.hpp"

#include <string_view>

#include "core/lesson/lesson_names.hpp"
#include "ui/commands/shortcuts.hpp"
#include "ui/text/text_catalog.hpp"
#include "ui/view/panel_tabs.hpp"

namespace aabb::sandbox {

void print_list(SandboxList list, std::ostream& out) {
    switch (list) {
        case SandboxList::none:
            return;
        case SandboxList::overlays:
            for (const std::string_view name : lesson::overlay_names)
                out << name << '\n';
            return;
        case SandboxList::tabs:
            for (const ui::PanelTabSpec& spec : ui::panel_tab_specs)
                out << spec.cli_name << '\n';
            return;
        case SandboxList::gadgets:
            for (const std::string_view name : lesson::gadget_kind_names)
                out << name << '\n';
            return;
        case SandboxList::keys:
            for (const ui::Shortcut& shortcut : ui::shortcuts())
                out << ui::text(ui::Language::en, shortcut.keys) << '\t'
                    << ui::text(ui::Language::en, shortcut.help) << '\n';
            return;
        case SandboxList::flags:
            for (const std::string_view name : cli::flag_names(command_line_flags()))
                out << name << '\n';
            return;
    }
}

}  // namespace aabb::sandbox
