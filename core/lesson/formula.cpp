#include "core/lesson/formula.hpp"

#include <stdexcept>

#include "core/text/input_excerpt.hpp"

namespace aabb::lesson {

namespace {

// A reference inside braces is a name or an object field path: short, no spaces.
constexpr std::size_t max_reference_length = 64;

}  // namespace

std::vector<FormulaPart> split_formula(std::string_view text) {
    std::vector<FormulaPart> parts;
    std::string literal;
    const auto flush = [&] {
        if (literal.empty()) return;
        parts.push_back({FormulaRef::text, literal});
        literal.clear();
    };
    for (std::size_t i = 0; i < text.size(); ++i) {
        const char c = text[i];
        if (c == '}') {
            if (i + 1 < text.size() && text[i + 1] == '}') {
                literal += '}';
                ++i;
                continue;
            }
            throw std::invalid_argument("a '}' without its '{' (write '}}' for a brace)");
        }
        if (c != '{') {
            literal += c;
            continue;
        }
        if (i + 1 < text.size() && text[i + 1] == '{') {
            literal += '{';
            ++i;
            continue;
        }
        const std::size_t close = text.find('}', i + 1);
        if (close == std::string_view::npos)
            throw std::invalid_argument("a '{' without its '}' (write '{{' for a brace)");
        const std::string_view reference = text.substr(i + 1, close - i - 1);
        if (reference.empty()) throw std::invalid_argument("an empty '{}'");
        if (reference.size() > max_reference_length ||
            reference.find_first_of(" {") != reference.npos)
            throw std::invalid_argument("'{" + input_excerpt(reference) +
                                        "}' is not a name (no spaces, at most 64 characters)");
        flush();
        parts.push_back({FormulaRef::readout, std::string(reference)});
        i = close;
    }
    flush();
    return parts;
}

std::string ResolvedFormula::plain_text() const {
    std::string result;
    for (const FormulaSegment& segment : segments)
        result += segment.text;
    return result;
}

}  // namespace aabb::lesson
