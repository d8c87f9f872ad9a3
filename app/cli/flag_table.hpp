#pragma once
// A program's command line as one table of flags: each row has its name, value syntax, help
// line, the modes it applies to and how it stores its value, and parsing, the refusals and
// --help all come from the rows. The value helpers below (whole numbers, decimals, choices,
// names) give every flag the same error format: "FLAG: expected ..., got 'TEXT'", the text
// quoted through input_excerpt. Pure C++, unit tested in tests/app/cli/flag_table_test.cpp.

#include <algorithm>
#include <charconv>
#include <cstdint>
#include <limits>
#include <set>
#include <span>
#include <stdexcept>
#include <string>
#include <string_view>
#include <type_traits>
#include <vector>

#include "core/text/input_excerpt.hpp"

namespace aabb::cli {

/// A mistake on the command line (exit status 2); what() is the message after "PROGRAM: ".
class UsageError : public std::invalid_argument {
  public:
    using std::invalid_argument::invalid_argument;
};

/// The parts joined into one string. (Avoids `"literal" + std::string`, which trips a false
/// -Wrestrict warning in GCC 12.)
template <typename... Parts>
std::string concat(const Parts&... parts) {
    std::string text;
    (text.append(std::string_view(parts)), ...);
    return text;
}

/// `names` joined with ", ".
template <typename Names>
std::string joined(const Names& names) {
    std::string text;
    for (const auto& name : names)
        text += concat(text.empty() ? "" : ", ", name);
    return text;
}

/// Throws UsageError "FLAG: PROBLEM".
[[noreturn]] void fail(std::string_view flag, std::string_view problem);

/// The whole of `text` as a whole number in [low, high], or UsageError
/// "FLAG: expected a whole number in [LOW, HIGH], got 'TEXT'" (also for a sign, a fraction or
/// a number past the type).
template <typename Integer>
Integer parse_whole(std::string_view flag, std::string_view text, Integer low, Integer high) {
    static_assert(std::is_integral_v<Integer>);
    std::uint64_t value = 0;
    const char* end = text.data() + text.size();
    const auto [stop, error] = std::from_chars(text.data(), end, value);
    if (text.empty() || error != std::errc() || stop != end ||
        value < static_cast<std::uint64_t>(low) || value > static_cast<std::uint64_t>(high)) {
        fail(flag, concat("expected a whole number in [", std::to_string(low), ", ",
                          std::to_string(high), "], got '", input_excerpt(text), "'"));
    }
    return static_cast<Integer>(value);
}

/// The whole of `text` as a finite decimal number in [low, high], or UsageError
/// "FLAG: expected a number in [LOW, HIGH], got 'TEXT'". `low` and `high` print as written in
/// `range` ("0.5, 3").
double parse_decimal(std::string_view flag, std::string_view text, double low, double high,
                     std::string_view range);

/// `value`, which must not be empty ("FLAG: expected WHAT").
std::string non_empty(std::string_view flag, std::string_view value, std::string_view expected);

/// `value` as a file name, which must not be empty ("FLAG: the file name is empty", as
/// io::check_output_files says it).
std::string file_name(std::string_view flag, std::string_view value);

/// The position of `value` in `names`, or UsageError "FLAG: unknown WHAT 'VALUE' (known: ...)".
template <typename Names>
std::size_t choice(std::string_view flag, std::string_view what, const Names& names,
                   std::string_view value) {
    const auto found = std::find(std::begin(names), std::end(names), value);
    if (found == std::end(names)) {
        fail(flag, concat("unknown ", what, " '", input_excerpt(value), "' (known: ", joined(names),
                          ")"));
    }
    return static_cast<std::size_t>(found - std::begin(names));
}

/// One accepted flag of a command line that parses into `Target`.
template <typename Target>
struct FlagRow {
    /// The flag, e.g. "--count".
    std::string_view name;
    /// Placeholder of its value in the help ("N", "FILE"); empty for a switch.
    std::string_view value_name;
    /// One line of help. A string rather than a literal: defaults, ranges and choices are
    /// filled in from where they are defined.
    std::string help;
    /// Validates `value` and stores it; throws UsageError naming the flag.
    void (*apply)(Target& target, std::string_view value);
    /// The modes (bits of the program's own mode enum) the flag applies to; given in another
    /// mode it is refused, naming the mode. Default: every mode.
    unsigned modes = ~0u;
    /// True for a flag that may be given many times (--set); others once. Default false.
    bool repeatable = false;
};

/// The row called `name` that applies to `mode`; nullptr when there is none.
template <typename Target>
const FlagRow<Target>* find_row(std::span<const FlagRow<Target>> rows, std::string_view name,
                                unsigned mode) {
    for (const FlagRow<Target>& row : rows) {
        if (row.name == name && (row.modes & mode) != 0) return &row;
    }
    return nullptr;
}

/// True when some row is called `name`, in any mode.
template <typename Target>
bool has_row(std::span<const FlagRow<Target>> rows, std::string_view name) {
    return std::any_of(rows.begin(), rows.end(),
                       [&](const FlagRow<Target>& row) { return row.name == name; });
}

/// Applies "--flag value" and "--flag=value" arguments to `target` through the rows that
/// apply to `mode` (called `mode_name` in messages: "--headless", "the window"). Returns the
/// flags given. Throws UsageError for a stray argument, an unknown flag, a flag of another
/// mode ("FLAG: does not apply to MODE_NAME (see --help)"), a flag given twice that is not
/// repeatable, a missing value, a value given to a switch, and whatever a row's apply throws.
template <typename Target>
std::set<std::string_view> parse_rows(std::span<const FlagRow<Target>> rows,
                                      std::span<const std::string_view> arguments, unsigned mode,
                                      std::string_view mode_name, Target& target) {
    std::set<std::string_view> given;
    for (std::size_t i = 0; i < arguments.size(); ++i) {
        const std::string_view argument = arguments[i];
        if (!argument.starts_with("--")) {
            throw UsageError(concat("unexpected argument '", input_excerpt(argument),
                                    "' (flags start with --; see --help)"));
        }
        const std::size_t equals = argument.find('=');
        const std::string_view name = argument.substr(0, equals);
        const FlagRow<Target>* row = find_row(rows, name, mode);
        if (row == nullptr) {
            if (has_row(rows, name))
                fail(name, concat("does not apply to ", mode_name, " (see --help)"));
            throw UsageError(concat("unknown flag '", input_excerpt(name), "' (see --help)"));
        }
        if (!given.insert(row->name).second && !row->repeatable)
            fail(row->name, "given more than once");
        std::string_view value;
        if (row->value_name.empty()) {
            if (equals != std::string_view::npos) fail(row->name, "takes no value");
        } else if (equals != std::string_view::npos) {
            value = argument.substr(equals + 1);
        } else if (i + 1 < arguments.size()) {
            value = arguments[++i];
        } else {
            fail(row->name, concat("needs a value ", row->value_name));
        }
        row->apply(target, value);
    }
    return given;
}

/// Every flag name of `rows`, once each, in table order (what --list-flags prints).
template <typename Target>
std::vector<std::string_view> flag_names(std::span<const FlagRow<Target>> rows) {
    std::vector<std::string_view> names;
    for (const FlagRow<Target>& row : rows) {
        if (std::find(names.begin(), names.end(), row.name) == names.end())
            names.push_back(row.name);
    }
    return names;
}

/// The help lines of the rows that apply to `mode`: "  --flag VALUE   help", the help column
/// at least 22 characters in.
template <typename Target>
std::string help_lines(std::span<const FlagRow<Target>> rows, unsigned mode) {
    std::string text;
    for (const FlagRow<Target>& row : rows) {
        if ((row.modes & mode) == 0) continue;
        std::string left = concat("  ", row.name);
        if (!row.value_name.empty()) left += concat(" ", row.value_name);
        left.resize(std::max<std::size_t>(left.size() + 2, 22), ' ');
        text += left + row.help + "\n";
    }
    return text;
}

}  // namespace aabb::cli
