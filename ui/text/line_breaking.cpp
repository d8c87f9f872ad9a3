#include "ui/text/line_breaking.hpp"

#include <cstddef>

#include "ui/text/utf8.hpp"

namespace aabb::ui {

namespace {

bool is_cjk(char32_t c) {
    return (c >= 0x2E80 && c <= 0x9FFF) ||  // radicals, CJK punctuation, kana, ideographs
           (c >= 0xF900 && c <= 0xFAFF) ||  // compatibility ideographs
           (c >= 0xFE30 && c <= 0xFE4F) ||  // vertical forms
           (c >= 0xFF00 && c <= 0xFFEF) ||  // full-width forms and punctuation
           c == 0x2026 || c == 0x2014;      // … and — as Chinese text uses them
}

/// Punctuation that closes: a line never starts with it.
bool no_break_before(char32_t c) {
    constexpr std::u32string_view closing = U"，。、；：！？）」』”’》〉】…—,.;:!?)]}%";
    return closing.find(c) != std::u32string_view::npos;
}

/// Punctuation that opens: a line never ends with it.
bool no_break_after(char32_t c) {
    constexpr std::u32string_view opening = U"（「『“‘《〈【([{";
    return opening.find(c) != std::u32string_view::npos;
}

/// True when a line may break between `before` and `after`.
bool may_break(char32_t before, char32_t after) {
    if (before == U' ') return after != U' ';
    if (no_break_before(after) || no_break_after(before)) return false;
    return is_cjk(before) || is_cjk(after);
}

/// For each byte of `text`, true when no line may start there: inside a `keep` span or a short
/// bracketed group ("[0.40, 0.55]": after its opening bracket, up to and with its closing one).
std::vector<bool> unbreakable_bytes(std::string_view text, std::span<const KeepTogether> keep) {
    std::vector<bool> inside(text.size() + 1, false);
    for (const KeepTogether& span : keep) {
        for (std::size_t at = span.begin + 1; at < span.end && at < text.size(); ++at)
            inside[at] = true;
    }
    for (std::size_t open = 0; open < text.size(); ++open) {
        if (text[open] != '[' && text[open] != '(') continue;
        // The matching closing bracket on the same line, within the group limit.
        int depth = 0;
        for (std::size_t at = open; at < text.size() && at - open <= max_kept_group_bytes; ++at) {
            const char c = text[at];
            if (c == '\n') break;
            depth += (c == '[' || c == '(') ? 1 : (c == ']' || c == ')') ? -1 : 0;
            if (depth == 0) {
                for (std::size_t k = open + 1; k <= at; ++k)
                    inside[k] = true;
                break;
            }
        }
    }
    return inside;
}

/// `line` without the spaces at its end.
std::string_view trimmed(std::string_view line) {
    while (!line.empty() && line.back() == ' ')
        line.remove_suffix(1);
    return line;
}

}  // namespace

bool has_cjk(std::string_view text) {
    for (std::size_t at = 0; at < text.size();) {
        if (is_cjk(next_code_point(text, at))) return true;
    }
    return false;
}

std::vector<std::string_view> wrap_lines(std::string_view text, float width,
                                         const CodePointWidth& width_of,
                                         std::span<const KeepTogether> keep) {
    const std::vector<bool> unbreakable = unbreakable_bytes(text, keep);
    std::vector<std::string_view> lines;
    std::size_t start = 0;        // the line being filled
    std::size_t last_break = 0;   // its last break opportunity (start: none yet)
    float line_width = 0.0f;      // from start to here
    float width_at_break = 0.0f;  // from start to last_break
    char32_t previous = U'\n';
    const auto finish = [&](std::size_t end, std::size_t next) {
        lines.push_back(trimmed(text.substr(start, end - start)));
        start = last_break = next;
        line_width = width_at_break = 0.0f;
    };
    for (std::size_t at = 0; at < text.size();) {
        const std::size_t here = at;
        const char32_t c = next_code_point(text, at);
        if (c == U'\n') {
            finish(here, at);
            previous = U'\n';
            continue;
        }
        // Spaces that begin a line (after a break) are not drawn.
        if (c == U' ' && here == start) {
            start = last_break = at;
            previous = c;
            continue;
        }
        if (here > start && !unbreakable[here] && may_break(previous, c)) {
            last_break = here;
            width_at_break = line_width;
        }
        const float advance = width_of(c);
        if (line_width + advance > width && here > start && c != U' ') {
            if (last_break > start) {
                const float carried = line_width - width_at_break;
                finish(last_break, last_break);
                line_width = carried;
            } else {
                finish(here, here);  // one word wider than the line: cut it here
            }
        }
        line_width += advance;
        previous = c;
    }
    if (start < text.size() || lines.empty()) lines.push_back(trimmed(text.substr(start)));
    return lines;
}

}  // namespace aabb::ui
