// docs/scene_format.md against the code: its broad-phase options table lists every option of
// every algorithm, once, with the factory's type, default and range, and the documented default
// algorithm is default_broad_phase.

#include <doctest/doctest.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <map>
#include <string>
#include <utility>
#include <vector>

#include "core/broadphase/broad_phase_factory.hpp"

namespace aabb {

namespace {

std::vector<std::string> doc_lines() {
    std::ifstream file(std::filesystem::path(AABB_SOURCE_DIR) / "docs/scene_format.md");
    REQUIRE(file);
    std::vector<std::string> lines;
    for (std::string line; std::getline(file, line);)
        lines.push_back(line);
    return lines;
}

// The cells of a Markdown table row "| a | `b` |", trimmed, without backticks.
std::vector<std::string> cells_of(const std::string& row) {
    std::vector<std::string> cells;
    std::string cell;
    for (std::size_t i = 1; i < row.size(); ++i) {
        if (row[i] != '|') {
            if (row[i] != '`') cell += row[i];
            continue;
        }
        const std::size_t first = cell.find_first_not_of(' ');
        const std::size_t last = cell.find_last_not_of(' ');
        cells.push_back(first == std::string::npos ? "" : cell.substr(first, last - first + 1));
        cell.clear();
    }
    return cells;
}

// The rows of the table whose header row starts with `header`, as cells.
std::vector<std::vector<std::string>> table_rows(const std::string& header) {
    const std::vector<std::string> lines = doc_lines();
    std::vector<std::vector<std::string>> rows;
    for (std::size_t i = 0; i < lines.size(); ++i) {
        if (lines[i].rfind(header, 0) != 0) continue;
        // Skip the header and the |---| line; the table ends at the first line not a row.
        for (std::size_t k = i + 2; k < lines.size() && lines[k].rfind("|", 0) == 0; ++k)
            rows.push_back(cells_of(lines[k]));
        break;
    }
    return rows;
}

// A number of the doc, e.g. "-1", "0.15", "1e6"; fails the test when it is not one.
double number(const std::string& text) {
    char* end = nullptr;
    const double value = std::strtod(text.c_str(), &end);
    CHECK_MESSAGE((!text.empty() && *end == '\0'), "not a number: '" << text << "'");
    return value;
}

/// One row of the broad-phase options table.
struct DocOption {
    std::string type;
    double default_value = 0.0;
    double minimum = 0.0;
    double maximum = 0.0;
};

// The table "| algorithm | option | type | default | range | meaning |" by (algorithm, option).
std::map<std::pair<std::string, std::string>, DocOption> documented_options() {
    std::map<std::pair<std::string, std::string>, DocOption> options;
    for (const auto& cells : table_rows("| algorithm | option | type | default | range |")) {
        REQUIRE(cells.size() == 6);
        const std::string& range = cells[4];
        const std::size_t comma = range.find(", ");
        REQUIRE_MESSAGE((range.front() == '[' && range.back() == ']' && comma != range.npos),
                        "range '" << range << "' is not [min, max]");
        const DocOption option{cells[2], number(cells[3]), number(range.substr(1, comma - 1)),
                               number(range.substr(comma + 2, range.size() - comma - 3))};
        const bool fresh = options.emplace(std::pair(cells[0], cells[1]), option).second;
        CHECK_MESSAGE(fresh, cells[0] << " " << cells[1] << " is listed twice");
    }
    return options;
}

}  // namespace

TEST_CASE("docs/scene_format.md lists every broad-phase option with its default and range") {
    auto documented = documented_options();
    CHECK(documented.size() >= 20);
    for (const std::string& algorithm : broad_phase_names()) {
        for (const BroadPhaseParameter& parameter : broad_phase_parameters(algorithm)) {
            CAPTURE(algorithm);
            CAPTURE(parameter.name);
            const auto found = documented.find({algorithm, std::string(parameter.name)});
            if (found == documented.end()) {
                FAIL_CHECK("missing from the doc");
                continue;
            }
            const DocOption& doc = found->second;
            CHECK(doc.type == (parameter.whole_number ? "integer" : "number"));
            // Non-integer options are floats: the doc's "0.1" is the float 0.1f.
            CHECK(float(doc.default_value) == float(parameter.default_value));
            if (parameter.whole_number) CHECK(doc.default_value == parameter.default_value);
            CHECK(doc.minimum == parameter.minimum);
            CHECK(doc.maximum == parameter.maximum);
            documented.erase(found);
        }
    }
    for (const auto& [key, option] : documented)
        FAIL_CHECK("the doc lists " << key.first << " option " << key.second << ", unknown");
}

TEST_CASE("docs/scene_format.md names default_broad_phase as broadphase.name's default") {
    int rows = 0;
    for (const std::string& line : doc_lines()) {
        // The `broadphase` table's row: | `name` | string | `"sort_and_sweep"` | ...
        if (line.rfind("| `name` |", 0) != 0) continue;
        ++rows;
        const std::vector<std::string> cells = cells_of(line);
        REQUIRE(cells.size() >= 3);
        const std::string& quoted = cells[2];
        REQUIRE((quoted.size() >= 2 && quoted.front() == '"' && quoted.back() == '"'));
        CHECK(quoted.substr(1, quoted.size() - 2) == default_broad_phase);
    }
    CHECK(rows == 1);
}

}  // namespace aabb
