#pragma once
// What the fuzz targets share: turning libFuzzer's bytes into text or a command line, and
// failing loudly (abort, which libFuzzer reports with the input) when a promise is broken.

#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <string_view>
#include <vector>

namespace aabb::fuzz {

/// The fuzzer's bytes as text.
[[nodiscard]] inline std::string_view as_text(const std::uint8_t* data, std::size_t size) {
    return {reinterpret_cast<const char*>(data), size};
}

/// The bytes as a command line: one argument per line (at most 64, so a run stays short).
[[nodiscard]] inline std::vector<std::string> as_arguments(std::string_view text) {
    std::vector<std::string> arguments;
    while (!text.empty() && arguments.size() < 64) {
        const std::size_t end = text.find('\n');
        arguments.emplace_back(text.substr(0, end));
        if (end == std::string_view::npos) break;
        text.remove_prefix(end + 1);
    }
    return arguments;
}

/// Aborts with `what` when `condition` fails: libFuzzer saves the input as a crash.
inline void require(bool condition, const char* what) {
    if (condition) return;
    std::fprintf(stderr, "fuzz check failed: %s\n", what);
    std::abort();
}

/// An error message every reader promises: short (quoted input is cut) and one line of
/// printable text (quoted input is escaped).
inline void require_tidy_message(std::string_view message) {
    require(message.size() <= 4096, "an error message longer than 4096 bytes");
    for (const char c : message) {
        const auto byte = static_cast<unsigned char>(c);
        require(byte >= 0x20 && byte != 0x7F, "an error message with a control byte");
    }
}

}  // namespace aabb::fuzz
