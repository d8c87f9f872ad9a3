#pragma once
// The printf conversions of a format, walked at compile time: the catalog checks that both
// languages of a key take the same arguments (a translation that swaps %s and %d would be
// undefined behaviour at run time, so it must not compile).

#include <cstddef>
#include <string_view>

namespace aabb::ui {

/// One printf conversion: what argument it takes.
struct FormatConversion {
    /// The length modifier ("", "hh", "h", "l", "ll", "z", "j", "t", "L").
    std::string_view length;
    /// The conversion character ('d', 's', 'f', ...).
    char conversion = '\0';
    /// Arguments taken by '*' widths and precisions before the value.
    int stars = 0;

    /// Field-wise equality: the same argument types.
    constexpr bool operator==(const FormatConversion&) const = default;
};

/// Walks the conversions of a printf format one at a time (flags, width and precision may
/// differ between languages; what each conversion consumes may not).
class FormatConversions {
  public:
    /// Conversions of `format`.
    constexpr explicit FormatConversions(std::string_view format) : format_(format) {}

    /// Moves to the next conversion; false at the end of the format or at a malformed one
    /// (see valid()).
    constexpr bool next() {
        while (position_ < format_.size()) {
            if (format_[position_++] != '%') continue;
            if (position_ < format_.size() && format_[position_] == '%') {
                ++position_;
                continue;
            }
            return parse();
        }
        return false;
    }
    /// The conversion next() moved to.
    [[nodiscard]] constexpr const FormatConversion& current() const { return current_; }
    /// False once a malformed conversion was met (a lone '%' or an unknown conversion).
    [[nodiscard]] constexpr bool valid() const { return valid_; }

  private:
    constexpr bool parse() {
        current_ = {};
        const auto skip = [&](std::string_view characters) {
            while (position_ < format_.size() &&
                   characters.find(format_[position_]) != std::string_view::npos)
                ++position_;
        };
        const auto number_or_star = [&] {
            if (position_ < format_.size() && format_[position_] == '*') {
                ++current_.stars;
                ++position_;
            }
            skip("0123456789");
        };
        skip("-+ #0'");
        number_or_star();
        if (position_ < format_.size() && format_[position_] == '.') {
            ++position_;
            number_or_star();
        }
        const std::size_t length_start = position_;
        skip("hlzjtL");
        current_.length = format_.substr(length_start, position_ - length_start);
        constexpr std::string_view conversions = "diouxXeEfFgGaAcsp";
        if (position_ >= format_.size() ||
            conversions.find(format_[position_]) == std::string_view::npos) {
            valid_ = false;
            return false;
        }
        current_.conversion = format_[position_++];
        return true;
    }

    std::string_view format_;
    std::size_t position_ = 0;
    FormatConversion current_;
    bool valid_ = true;
};

/// True when `first` and `second` are well-formed printf formats taking the same arguments in
/// the same order.
[[nodiscard]] constexpr bool same_format_arguments(std::string_view first,
                                                   std::string_view second) {
    FormatConversions a(first);
    FormatConversions b(second);
    while (true) {
        const bool more_a = a.next();
        const bool more_b = b.next();
        if (!a.valid() || !b.valid() || more_a != more_b) return false;
        if (!more_a) return true;
        if (!(a.current() == b.current())) return false;
    }
}

}  // namespace aabb::ui
