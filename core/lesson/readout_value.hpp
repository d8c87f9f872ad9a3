#pragma once
// The value of one readout: a number, true/false, a text, or null (infinite or undefined), and
// how it is formatted for the canvas, compared by tests and written as JSON.

#include <string>
#include <string_view>

namespace aabb::lesson {

/// Which kind of value a readout holds.
enum class ValueType : unsigned char {
    /// A finite number.
    number,
    /// true or false (a verdict).
    boolean,
    /// A short text (a state such as "hit", an axis such as "y").
    text,
    /// No finite value: `number` says why (+inf, −inf, NaN, or 0 for "no value", e.g. the box of
    /// no points has no first point). JSON writes null.
    null,
};

/// One readout's value.
struct ReadoutValue {
    /// What it holds. Default null.
    ValueType type = ValueType::null;
    /// number: the value; null: ±inf (infinite), NaN (undefined) or 0 (no value).
    double number = 0.0;
    /// boolean: the verdict.
    bool flag = false;
    /// text: the text.
    std::string text;

    /// A number; an infinite or NaN `value` becomes null keeping the value (the design's
    /// "infinities are null").
    [[nodiscard]] static ReadoutValue of_number(double value);
    /// A verdict.
    [[nodiscard]] static ReadoutValue of_bool(bool value);
    /// A text.
    [[nodiscard]] static ReadoutValue of_text(std::string value);
    /// Null with "no value" (number 0).
    [[nodiscard]] static ReadoutValue none();
    /// Values compare member by member (NaN numbers of nulls compare unequal).
    [[nodiscard]] bool operator==(const ReadoutValue&) const = default;
};

/// True when `format` is a number format the lesson format accepts: "%" then optional ','
/// (thousands separators), optional ".P" (precision 0..9), then one of f, g, e, d. Literal text
/// before and after is allowed ("%.1f°", "%,d pairs"); "%%" is a literal percent sign.
[[nodiscard]] bool is_number_format(std::string_view format);

/// The value as the canvas shows it. Numbers use `format` (empty: "%.3g"); true/false as
/// "true"/"false"; text as is; null as "+∞", "−∞", "NaN" or "—". `format` must pass
/// is_number_format (or be empty).
[[nodiscard]] std::string format_value(const ReadoutValue& value, std::string_view format);

/// A number without a format: up to 4 decimals, trailing zeros dropped ("5", "0.4", "12.728");
/// below 1e-4 or from 1e15 on in exponent form ("1e-06", "1e+30").
[[nodiscard]] std::string plain_number(double value);

/// The value as messages write it: 0.4, true, "hit", null.
[[nodiscard]] std::string describe(const ReadoutValue& value);

/// True when `got` matches `want`: numbers within `tolerance`, otherwise the same type and
/// value (any null matches any null).
[[nodiscard]] bool matches(const ReadoutValue& got, const ReadoutValue& want, double tolerance);

}  // namespace aabb::lesson
