// The flag table every command line is made of: one error format for numbers, choices and
// file names; rows of another mode refused naming the mode; help lines from the rows.

#include "app/cli/flag_table.hpp"

#include <doctest/doctest.h>

#include <string>
#include <string_view>
#include <vector>

namespace aabb::cli {
namespace {

struct Target {
    int count = 0;
    std::string name;
    bool fast = false;
};

constexpr unsigned first = 1;
constexpr unsigned second = 2;

const std::vector<FlagRow<Target>>& rows() {
    static const std::vector<FlagRow<Target>> table = {
        {"--count", "N", "how many",
         [](Target& target, std::string_view value) {
             target.count = parse_whole("--count", value, 1, 10);
         },
         first | second},
        {"--name", "FILE", "a file",
         [](Target& target, std::string_view value) { target.name = file_name("--name", value); },
         first},
        {"--fast", "", "go fast", [](Target& target, std::string_view) { target.fast = true; },
         second},
    };
    return table;
}

std::string error_of(std::vector<std::string_view> arguments, unsigned mode = first) {
    Target target;
    try {
        (void)parse_rows<Target>(rows(), arguments, mode, "the first mode", target);
    } catch (const UsageError& error) {
        return error.what();
    }
    return "";
}

}  // namespace

TEST_CASE("flag table: whole numbers have one error format") {
    CHECK(parse_whole<int>("--n", "7", 1, 10) == 7);
    for (const std::string_view bad :
         {"0", "11", "-1", "+3", "3.5", "", "x", "99999999999999999999"}) {
        CAPTURE(bad);
        CHECK_THROWS_WITH_AS(
            (void)parse_whole<int>("--n", bad, 1, 10),
            ("--n: expected a whole number in [1, 10], got '" + std::string(bad) + "'").c_str(),
            UsageError);
    }
    CHECK(parse_decimal("--s", "2.5", 0.5, 3.0, "0.5, 3") == 2.5);
    CHECK_THROWS_WITH_AS((void)parse_decimal("--s", "nan", 0.5, 3.0, "0.5, 3"),
                         "--s: expected a number in [0.5, 3], got 'nan'", UsageError);
    CHECK_THROWS_WITH_AS((void)file_name("--report", ""), "--report: the file name is empty",
                         UsageError);
    const std::string_view names[] = {"a", "b"};
    CHECK(choice("--x", "kind", names, "b") == 1);
    CHECK_THROWS_WITH_AS((void)choice("--x", "kind", names, "c"),
                         "--x: unknown kind 'c' (known: a, b)", UsageError);
}

TEST_CASE("flag table: a budget flag's value is checked whole and quoted cut and escaped") {
    for (const char* bad :
         {"", "0", "-1", "1e6", "12x", " 5", "68719476737", "99999999999999999999999999"}) {
        CAPTURE(bad);
        CHECK_THROWS_WITH_AS(
            (void)parse_whole<std::uint64_t>("--max-pairs", bad, 1, std::uint64_t{1} << 36),
            doctest::Contains("--max-pairs: expected a whole number in [1, 68719476736], got '"),
            UsageError);
    }
    try {
        (void)parse_whole<std::uint64_t>("--max-pairs", std::string(5000, '7') + "\x1b", 1, 10);
        FAIL("no error");
    } catch (const UsageError& error) {
        CHECK(std::string(error.what()).size() < 200);
        CHECK(std::string(error.what()).find('\x1b') == std::string::npos);
    }
}

TEST_CASE("flag table: rows parse in their modes, and name the mode elsewhere") {
    Target target;
    const std::string_view good[] = {"--count=3", "--name", "f.txt"};
    const auto given = parse_rows<Target>(rows(), good, first, "the first mode", target);
    CHECK(target.count == 3);
    CHECK(target.name == "f.txt");
    CHECK(given.size() == 2);
    CHECK(error_of({"--fast"}) == "--fast: does not apply to the first mode (see --help)");
    CHECK(error_of({"--slow"}) == "unknown flag '--slow' (see --help)");
    CHECK(error_of({"count"}) == "unexpected argument 'count' (flags start with --; see --help)");
    CHECK(error_of({"--count", "1", "--count", "2"}) == "--count: given more than once");
    CHECK(error_of({"--count"}) == "--count: needs a value N");
    CHECK(error_of({"--fast=1"}, second) == "--fast: takes no value");
    CHECK(error_of({"--count", "0"}) == "--count: expected a whole number in [1, 10], got '0'");
}

TEST_CASE("flag table: help lines list the rows of one mode") {
    const std::string one = help_lines<Target>(rows(), first);
    CHECK(one == "  --count N           how many\n  --name FILE         a file\n");
    const std::string two = help_lines<Target>(rows(), second);
    CHECK(two == "  --count N           how many\n  --fast              go fast\n");
}

}  // namespace aabb::cli
