#include "app/cli/flag_table.hpp"

#include <cmath>

namespace aabb::cli {

void fail(std::string_view flag, std::string_view problem) {
    throw UsageError(concat(flag, ": ", problem));
}

double parse_decimal(std::string_view flag, std::string_view text, double low, double high,
                     std::string_view range) {
    double value = 0.0;
    const char* end = text.data() + text.size();
    const auto [stop, error] = std::from_chars(text.data(), end, value);
    if (text.empty() || error != std::errc() || stop != end || !std::isfinite(value) ||
        value < low || value > high) {
        fail(flag, concat("expected a number in [", range, "], got '", input_excerpt(text), "'"));
    }
    return value;
}

std::string non_empty(std::string_view flag, std::string_view value, std::string_view expected) {
    if (value.empty()) fail(flag, concat("expected ", expected));
    return std::string(value);
}

std::string file_name(std::string_view flag, std::string_view value) {
    if (value.empty()) fail(flag, "the file name is empty");
    return std::string(value);
}

}  // namespace aabb::cli
