#pragma once
// Reading UTF-8 one code point at a time, for the catalog's checks and the line breaker (ImGui
// decodes only inside its own text functions). Header only, no ImGui.

#include <cstddef>
#include <string_view>

namespace aabb::ui {

/// The code point of `text` at byte `at`, advancing `at` past it; U+FFFD for a malformed or cut
/// sequence. `at` must be less than text.size().
[[nodiscard]] constexpr char32_t next_code_point(std::string_view text, std::size_t& at) {
    const auto byte = [&](std::size_t i) { return static_cast<unsigned char>(text[i]); };
    const unsigned lead = byte(at++);
    const int extra = lead < 0x80 ? 0 : (lead >> 5) == 0x6 ? 1 : (lead >> 4) == 0xE ? 2 : 3;
    char32_t code = extra == 0 ? lead : lead & (0x3Fu >> extra);
    for (int k = 0; k < extra; ++k) {
        if (at >= text.size() || (byte(at) & 0xC0) != 0x80) return 0xFFFD;
        code = (code << 6) | (byte(at++) & 0x3F);
    }
    return code;
}

}  // namespace aabb::ui
