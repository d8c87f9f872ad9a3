// The engine's path table (path_table.hpp) is the one list of its paths: docs/architecture.md
// shows it row for row (a failure prints the row the docs should have), every file and test it
// names exists, every option that turns a path off is one of the engine's options, and every
// path the frame report can name has a row.

#include "core/broadphase/banded/path_table.hpp"

#include <doctest/doctest.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <string>
#include <vector>

#include "core/broadphase/banded/banded_sort_and_sweep.hpp"

namespace aabb {

namespace {

const std::filesystem::path source_dir = AABB_SOURCE_DIR;

// The header of the table in docs/architecture.md.
constexpr std::string_view table_header =
    "| Path | Report | When taken | What ends it | File | Off with | Test | Pays on (measured) |";

// The names in `text`, separated by ", ".
std::vector<std::string> names_in(std::string_view text) {
    std::vector<std::string> names;
    for (std::size_t start = 0; start <= text.size();) {
        const std::size_t comma = std::min(text.find(", ", start), text.size());
        names.emplace_back(text.substr(start, comma - start));
        start = comma + 2;
    }
    return names;
}

// `row` as docs/architecture.md writes it.
std::string markdown_row(const banded::PathRow& row) {
    // Each name in backticks; "-" as it is.
    const auto code = [](std::string_view text) {
        if (text == "-") return std::string("-");
        std::string cell;
        for (const std::string& name : names_in(text))
            cell += (cell.empty() ? "`" : ", `") + name + "`";
        return cell;
    };
    std::string line = "| ";
    for (const std::string& cell : {std::string(row.name), std::string(row.report),
                                    std::string(row.entry), std::string(row.exit), code(row.file),
                                    code(row.off), code(row.test), std::string(row.pays)})
        line += cell + " | ";
    line.pop_back();
    return line;
}

// The rows of the table under table_header in docs/architecture.md, as written.
std::vector<std::string> doc_rows() {
    std::ifstream file(source_dir / "docs/architecture.md");
    REQUIRE(file);
    std::vector<std::string> rows;
    bool in_table = false;
    for (std::string line; std::getline(file, line);) {
        if (line == table_header) {
            in_table = true;
            std::getline(file, line);  // the |---| line
            continue;
        }
        if (!in_table) continue;
        if (line.rfind("|", 0) != 0) break;
        rows.push_back(line);
    }
    return rows;
}

}  // namespace

TEST_CASE("docs/architecture.md shows the engine's path table row for row") {
    const std::vector<std::string> rows = doc_rows();
    CHECK(rows.size() == banded::path_table.size());
    for (std::size_t index = 0; index < banded::path_table.size(); ++index) {
        const std::string expected = markdown_row(banded::path_table[index]);
        CAPTURE(expected);
        REQUIRE(index < rows.size());
        CHECK(rows[index] == expected);
    }
}

TEST_CASE("every file, test and option the path table names exists") {
    for (const banded::PathRow& row : banded::path_table) {
        CAPTURE(row.name);
        CHECK(row.name.find('|') == std::string_view::npos);
        CHECK(std::filesystem::exists(source_dir / "core/broadphase/banded" / row.file));
        for (const std::string& test : names_in(row.test))
            CHECK(std::filesystem::exists(source_dir / "tests/core/broadphase/banded" / test));
        if (row.off == "-") continue;
        const std::size_t equals = row.off.find('=');
        REQUIRE(equals != std::string_view::npos);
        const std::string_view name = row.off.substr(0, equals);
        const double value = std::stod(std::string(row.off.substr(equals + 1)));
        const auto& fields = banded_sort_and_sweep_option_fields;
        const auto field = std::find_if(fields.begin(), fields.end(),
                                        [&](const auto& option) { return option.name == name; });
        REQUIRE(field != fields.end());
        CHECK(value >= field->minimum);
        CHECK(value <= field->maximum);
        // Off differs from the default: the option turns the path off.
        CHECK(field->get(BandedSortAndSweepOptions{}) != value);
    }
}

TEST_CASE("every path the frame report names has a row of the path table") {
    for (const BandedPath path : {BandedPath::cached, BandedPath::kept, BandedPath::partial,
                                  BandedPath::full, BandedPath::one_band}) {
        CAPTURE(static_cast<int>(path));
        CHECK(std::any_of(banded::path_table.begin(), banded::path_table.end(),
                          [path](const banded::PathRow& row) { return row.path == path; }));
    }
}

}  // namespace aabb
