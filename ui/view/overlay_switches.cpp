#include "ui/view/overlay_switches.hpp"

#include <algorithm>
#include <cctype>
#include <stdexcept>

#include "core/text/input_excerpt.hpp"

namespace aabb::ui {

std::string overlay_switch_name(std::string_view short_label) {
    std::string name;
    for (const char character : short_label) {
        name.push_back(character == ' ' ? '-'
                                        : static_cast<char>(
                                              std::tolower(static_cast<unsigned char>(character))));
    }
    return name;
}

std::vector<bool> apply_overlay_switches(const std::vector<std::string>& labels,
                                         const std::vector<bool>& current, std::string_view show,
                                         std::string_view hide) {
    std::vector<std::string> names;
    for (const std::string& label : labels)
        names.push_back(overlay_switch_name(label));
    std::vector<bool> result = current;
    result.resize(labels.size(), false);
    const auto apply = [&](std::string_view list, bool state) {
        while (!list.empty()) {
            const std::size_t comma = list.find(',');
            const std::string_view name = list.substr(0, comma);
            list = comma == std::string_view::npos ? std::string_view{} : list.substr(comma + 1);
            if (name.empty()) continue;
            if (name == "all") {
                std::fill(result.begin(), result.end(), state);
                continue;
            }
            const auto found = std::find(names.begin(), names.end(), name);
            if (found == names.end()) {
                std::string known;
                for (const std::string& each : names)
                    known += (known.empty() ? "" : ", ") + each;
                throw std::invalid_argument("unknown overlay '" + input_excerpt(name) +
                                            "' (known: all, " + known + ")");
            }
            result[static_cast<std::size_t>(found - names.begin())] = state;
        }
    };
    apply(show, true);
    apply(hide, false);
    return result;
}

}  // namespace aabb::ui
