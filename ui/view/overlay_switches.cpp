#include "ui/view/overlay_switches.hpp"

#include <algorithm>
#include <cctype>
#include <stdexcept>

#include "core/text/input_excerpt.hpp"

namespace aabb::ui {

std::vector<bool> apply_overlay_switches(const std::vector<std::string_view>& names,
                                         const std::vector<bool>& current, std::string_view show,
                                         std::string_view hide) {
    std::vector<bool> result = current;
    result.resize(names.size(), false);
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
                for (const std::string_view each : names)
                    known += (known.empty() ? "" : ", ") + std::string(each);
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
