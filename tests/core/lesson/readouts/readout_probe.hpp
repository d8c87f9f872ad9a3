#pragma once
// Evaluating catalog readouts on objects built in the test, independently of any lesson file:
// the worked numbers of lessons.md are pinned here against the C++ catalog itself.

#include <doctest/doctest.h>

#include <initializer_list>
#include <string>
#include <utility>
#include <vector>

#include "core/lesson/readouts/readout_catalog.hpp"

namespace aabb::lesson::testing {

/// A new object named `name` of `kind`. The name is moved in: assigning a literal to an
/// element's string trips GCC 12's false -Wrestrict warning (GCC bug 105329).
[[nodiscard]] inline LessonObject named(std::string name, ObjectKind kind) {
    LessonObject object;
    object.name = std::move(name);
    object.kind = kind;
    return object;
}

/// Objects plus a way to evaluate any catalog kind's output on them.
struct ReadoutProbe {
    /// The objects readouts refer to by name.
    std::vector<LessonObject> objects;

    /// Adds a box object.
    ReadoutProbe& box(const std::string& name, Box2 value) {
        LessonObject object = named(name, ObjectKind::box);
        object.box = value;
        objects.push_back(object);
        return *this;
    }
    /// Adds a point (or, with `kind`, a vector) object.
    ReadoutProbe& point(const std::string& name, glm::vec2 value,
                        ObjectKind kind = ObjectKind::point) {
        LessonObject object = named(name, kind);
        object.vector = value;
        objects.push_back(object);
        return *this;
    }
    /// Adds a number object.
    ReadoutProbe& number(const std::string& name, double value) {
        LessonObject object = named(name, ObjectKind::number);
        object.number = value;
        objects.push_back(object);
        return *this;
    }
    /// Adds a point set with every point in use.
    ReadoutProbe& points(const std::string& name, std::vector<glm::vec2> value) {
        LessonObject object = named(name, ObjectKind::point_set);
        object.count = value.size();
        object.points = std::move(value);
        objects.push_back(object);
        return *this;
    }
    /// Adds a box list with every box in use.
    ReadoutProbe& boxes(const std::string& name, std::vector<Box2> value) {
        LessonObject object = named(name, ObjectKind::box_list);
        object.count = value.size();
        object.boxes = std::move(value);
        objects.push_back(object);
        return *this;
    }
    /// Adds a wedge object.
    ReadoutProbe& wedge(const std::string& name, ViewWedge value) {
        LessonObject object = named(name, ObjectKind::wedge);
        object.wedge = value;
        objects.push_back(object);
        return *this;
    }
    /// Sets a number object's value.
    ReadoutProbe& set(const std::string& name, double value) {
        for (LessonObject& object : objects) {
            if (object.name == name) object.number = value;
        }
        return *this;
    }

    /// The output `output` of kind `kind` with `args` (role → object or option name).
    [[nodiscard]] ReadoutValue value(
        const std::string& kind, const std::string& output,
        std::initializer_list<std::pair<std::string, std::string>> args,
        const World* world = nullptr) const {
        const ReadoutKind* found = find_readout_kind(kind);
        REQUIRE(found != nullptr);
        REQUIRE(output_index(*found, output) >= 0);
        Readout readout;
        readout.name = "probe";
        readout.kind = kind;
        readout.output = output;
        for (const auto& [role, text] : args) {
            ReadoutArgument argument;
            argument.text = text;
            for (const ArgSpec& spec : found->args) {
                if (spec.role == role)
                    argument.source = spec.type == ArgType::option
                                          ? ReadoutArgument::Source::option
                                          : ReadoutArgument::Source::object;
            }
            readout.args.emplace_back(role, argument);
        }
        return evaluate_readout(readout, objects, world);
    }

    /// A number output (fails the test when it is not a finite number).
    [[nodiscard]] double number_of(const std::string& kind, const std::string& output,
                                   std::initializer_list<std::pair<std::string, std::string>> args,
                                   const World* world = nullptr) const {
        const ReadoutValue result = value(kind, output, args, world);
        CAPTURE(kind);
        CAPTURE(output);
        REQUIRE(result.type == ValueType::number);
        return result.number;
    }

    /// A true/false output (fails the test when it is not one).
    [[nodiscard]] bool flag_of(const std::string& kind, const std::string& output,
                               std::initializer_list<std::pair<std::string, std::string>> args,
                               const World* world = nullptr) const {
        const ReadoutValue result = value(kind, output, args, world);
        CAPTURE(kind);
        CAPTURE(output);
        REQUIRE(result.type == ValueType::boolean);
        return result.flag;
    }
};

}  // namespace aabb::lesson::testing
