#include "core/lesson/readout_value.hpp"

#include <cmath>
#include <cstdio>
#include <cstdlib>

#include "core/text/input_excerpt.hpp"

namespace aabb::lesson {

namespace {

// One number conversion of a format: where it starts and ends, its flags and precision.
struct Conversion {
    std::size_t begin = 0;
    std::size_t end = 0;
    bool thousands = false;
    int precision = -1;
    char type = 'g';
};

// Finds the single conversion of `format` ("%%" are literal); false when there is none, more
// than one, or it is not [,][.P](f|g|e|d).
bool find_conversion(std::string_view format, Conversion& conversion) {
    bool found = false;
    for (std::size_t i = 0; i < format.size(); ++i) {
        if (format[i] != '%') continue;
        if (i + 1 < format.size() && format[i + 1] == '%') {
            ++i;
            continue;
        }
        if (found) return false;
        found = true;
        Conversion parsed;
        parsed.begin = i;
        std::size_t j = i + 1;
        if (j < format.size() && format[j] == ',') {
            parsed.thousands = true;
            ++j;
        }
        if (j < format.size() && format[j] == '.') {
            ++j;
            if (j >= format.size() || format[j] < '0' || format[j] > '9') return false;
            parsed.precision = format[j] - '0';
            ++j;
        }
        if (j >= format.size()) return false;
        const char type = format[j];
        if (type != 'f' && type != 'g' && type != 'e' && type != 'd') return false;
        parsed.type = type;
        parsed.end = j + 1;
        conversion = parsed;
        i = j;
    }
    return found;
}

// Inserts ',' every three digits of the integer part of a formatted number.
std::string with_thousands(const std::string& number) {
    std::size_t digits_begin = (!number.empty() && (number[0] == '-' || number[0] == '+')) ? 1 : 0;
    std::size_t digits_end = digits_begin;
    while (digits_end < number.size() && number[digits_end] >= '0' && number[digits_end] <= '9')
        ++digits_end;
    std::string result = number.substr(0, digits_begin);
    const std::size_t count = digits_end - digits_begin;
    for (std::size_t i = 0; i < count; ++i) {
        if (i > 0 && (count - i) % 3 == 0) result += ',';
        result += number[digits_begin + i];
    }
    return result + number.substr(digits_end);
}

std::string unescape_percent(std::string_view text) {
    std::string result;
    for (std::size_t i = 0; i < text.size(); ++i) {
        result += text[i];
        if (text[i] == '%' && i + 1 < text.size() && text[i + 1] == '%') ++i;
    }
    return result;
}

std::string format_number(double value, std::string_view format) {
    Conversion conversion;
    if (format.empty() || !find_conversion(format, conversion)) {
        char buffer[64];
        std::snprintf(buffer, sizeof(buffer), "%.3g", value);
        return buffer;
    }
    char buffer[128];
    if (conversion.type == 'd') {
        std::snprintf(buffer, sizeof(buffer), "%.0f", std::round(value));
    } else {
        const int precision = conversion.precision < 0 ? 6 : conversion.precision;
        if (conversion.type == 'f') {
            std::snprintf(buffer, sizeof(buffer), "%.*f", precision, value);
        } else if (conversion.type == 'e') {
            std::snprintf(buffer, sizeof(buffer), "%.*e", precision, value);
        } else {
            std::snprintf(buffer, sizeof(buffer), "%.*g", conversion.precision < 0 ? 3 : precision,
                          value);
        }
    }
    std::string number = buffer;
    if (number == "-0" || number.rfind("-0.", 0) == 0) {
        // "−0.00" reads as a sign a learner would ask about; a rounded zero has none.
        if (std::strtod(number.c_str(), nullptr) == 0.0) number.erase(0, 1);
    }
    if (conversion.thousands) number = with_thousands(number);
    return unescape_percent(format.substr(0, conversion.begin)) + number +
           unescape_percent(format.substr(conversion.end));
}

}  // namespace

ReadoutValue ReadoutValue::of_number(double value) {
    ReadoutValue result;
    result.type = std::isfinite(value) ? ValueType::number : ValueType::null;
    result.number = value;
    return result;
}

ReadoutValue ReadoutValue::of_bool(bool value) {
    ReadoutValue result;
    result.type = ValueType::boolean;
    result.flag = value;
    return result;
}

ReadoutValue ReadoutValue::of_text(std::string value) {
    ReadoutValue result;
    result.type = ValueType::text;
    result.text = std::move(value);
    return result;
}

ReadoutValue ReadoutValue::none() {
    return ReadoutValue{};
}

bool is_number_format(std::string_view format) {
    Conversion conversion;
    return find_conversion(format, conversion);
}

std::string format_value(const ReadoutValue& value, std::string_view format) {
    switch (value.type) {
        case ValueType::number:
            return format_number(value.number, format);
        case ValueType::boolean:
            return value.flag ? "true" : "false";
        case ValueType::text:
            return value.text;
        case ValueType::null:
            break;
    }
    if (std::isnan(value.number)) return "NaN";
    if (std::isinf(value.number)) return value.number > 0 ? "+∞" : "−∞";
    return "—";
}

std::string plain_number(double value) {
    if (!std::isfinite(value)) return format_value(ReadoutValue::of_number(value), "");
    char buffer[64];
    const double magnitude = std::abs(value);
    if (magnitude != 0.0 && (magnitude < 1e-4 || magnitude >= 1e15)) {
        // Tiny tolerances and huge limits: "1e-06", "1e+30" rather than "0" or 31 digits.
        std::snprintf(buffer, sizeof(buffer), "%.6g", value);
        return buffer;
    }
    std::snprintf(buffer, sizeof(buffer), "%.4f", value);
    std::string text = buffer;
    while (!text.empty() && text.back() == '0')
        text.pop_back();
    if (!text.empty() && text.back() == '.') text.pop_back();
    if (text == "-0") text = "0";
    return text;
}

std::string describe(const ReadoutValue& value) {
    switch (value.type) {
        case ValueType::number: {
            char buffer[64];
            std::snprintf(buffer, sizeof(buffer), "%.7g", value.number);
            return buffer;
        }
        case ValueType::boolean:
            return value.flag ? "true" : "false";
        case ValueType::text:
            // Texts come from lesson files (an expected value) and choice names: quoted like
            // any input.
            // (Appended, not `"\"" + std::string`: that trips a false -Wrestrict in GCC 12.)
            return std::string(1, '"').append(input_excerpt(value.text)).append(1, '"');
        case ValueType::null:
            break;
    }
    return "null";
}

bool matches(const ReadoutValue& got, const ReadoutValue& want, double tolerance) {
    if (got.type != want.type) return false;
    switch (got.type) {
        case ValueType::number:
            return std::abs(got.number - want.number) <= tolerance;
        case ValueType::boolean:
            return got.flag == want.flag;
        case ValueType::text:
            return got.text == want.text;
        case ValueType::null:
            return true;
    }
    return false;
}

}  // namespace aabb::lesson
