// The catalog itself: names unique, every kind has outputs, every output name a kind sets is
// listed (ReadoutOutputs::set throws otherwise), and no kind throws on degenerate input.

#include <doctest/doctest.h>

#include <set>
#include <string>
#include <utility>
#include <vector>

#include "tests/core/lesson/readouts/readout_probe.hpp"

namespace aabb::lesson {

TEST_CASE("the catalog: unique kinds, arguments and outputs") {
    std::set<std::string> kinds;
    for (const ReadoutKind& kind : readout_kinds()) {
        CAPTURE(kind.name);
        CHECK(kinds.insert(std::string(kind.name)).second);
        CHECK(!kind.outputs.empty());
        CHECK(!kind.description.empty());
        std::set<std::string> names;
        for (const OutputSpec& output : kind.outputs)
            CHECK(names.insert(std::string(output.name)).second);
        std::set<std::string> roles;
        for (const ArgSpec& arg : kind.args) {
            CHECK(roles.insert(std::string(arg.role)).second);
            CHECK((arg.type != ArgType::option || !arg.options.empty()));
        }
        CHECK(find_readout_kind(kind.name) == &kind);
    }
    CHECK(find_readout_kind("no_such_kind") == nullptr);
}

TEST_CASE("every kind computes every output on degenerate objects without throwing") {
    // Zero-size and inverted boxes, zero vectors and numbers, empty lists: each output is a
    // value or null, never an exception (a bug would throw std::logic_error from set()).
    testing::ReadoutProbe probe;
    probe.box("box", {{1, 1}, {1, 1}})
        .box("inverted", {{2, 2}, {1, 1}})
        .point("p", {0, 0})
        .point("v", {0, 0}, ObjectKind::vector)
        .number("x", 0)
        .points("set", {})
        .boxes("list", {})
        .wedge("w", ViewWedge{});
    World world;
    for (const ReadoutKind& kind : readout_kinds()) {
        for (const char* box : {"box", "inverted"}) {
            Readout readout;
            readout.name = "r";
            readout.kind = std::string(kind.name);
            for (const ArgSpec& arg : kind.args) {
                ReadoutArgument argument;
                argument.source = ReadoutArgument::Source::object;
                switch (arg.type) {
                    case ArgType::box:
                        argument.text = box;
                        break;
                    case ArgType::point:
                        argument.text = "p";
                        break;
                    case ArgType::vector:
                        argument.text = "v";
                        break;
                    case ArgType::number:
                        argument.text = "x";
                        break;
                    case ArgType::point_set:
                        argument.text = "set";
                        break;
                    case ArgType::box_list:
                        argument.text = "list";
                        break;
                    case ArgType::wedge:
                        argument.text = "w";
                        break;
                    case ArgType::option:
                        argument.source = ReadoutArgument::Source::option;
                        argument.text = std::string(arg.options.back());
                        break;
                }
                readout.args.emplace_back(std::string(arg.role), argument);
            }
            for (const OutputSpec& output : kind.outputs) {
                readout.output = std::string(output.name);
                CAPTURE(kind.name);
                CAPTURE(output.name);
                CHECK_NOTHROW((void)evaluate_readout(readout, probe.objects, &world));
            }
        }
    }
}

TEST_CASE("evaluate_readout_outputs gives every output of the kind, as evaluate_readout does") {
    testing::ReadoutProbe probe;
    probe.box("bar", {{-1, -0.05f}, {1, 0.05f}})
        .box("T", {{-0.1f, 0.5f}, {0.1f, 0.7f}})
        .number("phi", 180);
    Readout readout;
    readout.name = "r";
    readout.kind = "rotation_union";
    for (const auto& [role, object] :
         {std::pair{"box", "bar"}, std::pair{"angle_deg", "phi"}, std::pair{"target", "T"}}) {
        ReadoutArgument argument;
        argument.source = ReadoutArgument::Source::object;
        argument.text = std::string(object);
        readout.args.emplace_back(role, argument);
    }
    const std::vector<ReadoutValue> all = evaluate_readout_outputs(readout, probe.objects, nullptr);
    const ReadoutKind& kind = *find_readout_kind("rotation_union");
    REQUIRE(all.size() == kind.outputs.size());
    for (std::size_t i = 0; i < all.size(); ++i) {
        readout.output = std::string(kind.outputs[i].name);
        CAPTURE(readout.output);
        CHECK(all[i] == evaluate_readout(readout, probe.objects, nullptr));
    }
    readout.kind = "no_such_kind";
    CHECK(evaluate_readout_outputs(readout, probe.objects, nullptr).empty());
    // A world readout without a world: every output null.
    readout.kind = "world_stat";
    readout.args.clear();
    for (const ReadoutValue& value : evaluate_readout_outputs(readout, probe.objects, nullptr))
        CHECK(value.type == ValueType::null);
}

}  // namespace aabb::lesson
