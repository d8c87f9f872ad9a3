#include "core/text/input_excerpt.hpp"

#include <array>

namespace aabb {

namespace {

// The length of the valid UTF-8 sequence at the start of `text` that is a printable character,
// or 0: overlong forms, surrogates, code points past U+10FFFF and the C1 controls (U+0080 to
// U+009F) are escaped byte by byte like any other unprintable byte.
std::size_t printable_utf8_length(std::string_view text) {
    const auto byte = [&](std::size_t i) { return static_cast<unsigned char>(text[i]); };
    const unsigned char lead = byte(0);
    std::size_t length = 0;
    char32_t code = 0;
    if (lead >= 0xC2 && lead <= 0xDF) {
        length = 2;
        code = lead & 0x1Fu;
    } else if (lead >= 0xE0 && lead <= 0xEF) {
        length = 3;
        code = lead & 0x0Fu;
    } else if (lead >= 0xF0 && lead <= 0xF4) {
        length = 4;
        code = lead & 0x07u;
    } else {
        return 0;
    }
    if (text.size() < length) return 0;
    for (std::size_t i = 1; i < length; ++i) {
        if ((byte(i) & 0xC0u) != 0x80u) return 0;
        code = (code << 6) | (byte(i) & 0x3Fu);
    }
    const char32_t smallest[] = {0, 0, 0x80, 0x800, 0x10000};
    if (code < smallest[length] || code > 0x10FFFF) return 0;
    if (code >= 0xD800 && code <= 0xDFFF) return 0;
    if (code <= 0x9F) return 0;
    return length;
}

void append_escaped(std::string& out, unsigned char byte) {
    switch (byte) {
        case '\n':
            out += "\\n";
            return;
        case '\r':
            out += "\\r";
            return;
        case '\t':
            out += "\\t";
            return;
        case '\\':
            out += "\\\\";
            return;
        default:
            break;
    }
    constexpr std::array<char, 16> hex = {'0', '1', '2', '3', '4', '5', '6', '7',
                                          '8', '9', 'A', 'B', 'C', 'D', 'E', 'F'};
    out += "\\x";
    out += hex[byte >> 4];
    out += hex[byte & 0x0Fu];
}

}  // namespace

std::string input_excerpt(std::string_view text, std::size_t limit) {
    std::string out;
    std::size_t characters = 0;
    std::size_t i = 0;
    while (i < text.size()) {
        if (characters == limit) {
            out += "…";
            return out;
        }
        const auto byte = static_cast<unsigned char>(text[i]);
        if (byte >= 0x20 && byte < 0x7F && byte != '\\') {
            out += static_cast<char>(byte);
            ++i;
        } else if (const std::size_t length =
                       byte >= 0x80 ? printable_utf8_length(text.substr(i)) : 0;
                   length > 0) {
            out.append(text.substr(i, length));
            i += length;
        } else {
            append_escaped(out, byte);
            ++i;
        }
        ++characters;
    }
    return out;
}

}  // namespace aabb
