#include "core/lesson/readouts/readout_catalog.hpp"

#include <cmath>
#include <stdexcept>
#include <string>

#include "core/lesson/readouts/readout_families.hpp"

namespace aabb::lesson {

ReadoutInputs::ReadoutInputs(const ReadoutKind& kind, const Readout& readout,
                             const std::vector<LessonObject>& objects, const World* world)
    : kind_(kind), readout_(readout), objects_(objects), world_(world) {}

const ReadoutArgument* ReadoutInputs::find(std::string_view role) const {
    for (const auto& [name, argument] : readout_.args) {
        if (name == role) return &argument;
    }
    return nullptr;
}

const ArgSpec& ReadoutInputs::spec(std::string_view role) const {
    for (const ArgSpec& arg : kind_.args) {
        if (arg.role == role) return arg;
    }
    throw std::logic_error("readout kind " + std::string(kind_.name) + " has no argument " +
                           std::string(role));
}

const LessonObject* ReadoutInputs::object(std::string_view role) const {
    const ReadoutArgument* argument = find(role);
    if (argument == nullptr || argument->source != ReadoutArgument::Source::object) return nullptr;
    for (const LessonObject& candidate : objects_) {
        if (candidate.name == argument->text) return &candidate;
    }
    return nullptr;
}

bool ReadoutInputs::has(std::string_view role) const {
    return find(role) != nullptr;
}

Box2 ReadoutInputs::box(std::string_view role) const {
    (void)spec(role);
    if (const LessonObject* named = object(role)) return named->box;
    if (const ReadoutArgument* argument = find(role)) return argument->box;
    return Box2{};
}

glm::vec2 ReadoutInputs::point(std::string_view role) const {
    const ArgSpec& arg = spec(role);
    if (const LessonObject* named = object(role)) {
        return named->kind == ObjectKind::box ? named->box.center() : named->vector;
    }
    if (const ReadoutArgument* argument = find(role)) return argument->vector;
    return glm::vec2(static_cast<float>(arg.default_number));
}

double ReadoutInputs::number(std::string_view role) const {
    const ArgSpec& arg = spec(role);
    if (const LessonObject* named = object(role)) return named->number;
    if (const ReadoutArgument* argument = find(role)) return argument->number;
    return arg.default_number;
}

std::string_view ReadoutInputs::option(std::string_view role) const {
    const ArgSpec& arg = spec(role);
    if (const ReadoutArgument* argument = find(role)) {
        for (const std::string_view name : arg.options) {
            if (name == argument->text) return name;
        }
    }
    return arg.options.empty() ? std::string_view{} : arg.options.front();
}

std::span<const glm::vec2> ReadoutInputs::points(std::string_view role) const {
    (void)spec(role);
    const LessonObject* named = object(role);
    if (named == nullptr) return {};
    return std::span<const glm::vec2>(named->points).first(named->count);
}

std::span<const Box2> ReadoutInputs::boxes(std::string_view role) const {
    (void)spec(role);
    const LessonObject* named = object(role);
    if (named == nullptr) return {};
    return std::span<const Box2>(named->boxes).first(named->count);
}

ViewWedge ReadoutInputs::wedge(std::string_view role) const {
    (void)spec(role);
    const LessonObject* named = object(role);
    return named == nullptr ? ViewWedge{} : named->wedge;
}

ReadoutOutputs::ReadoutOutputs(const ReadoutKind& kind)
    : kind_(kind), values_(kind.outputs.size()) {}

std::size_t ReadoutOutputs::index_of(std::string_view name) const {
    const int index = output_index(kind_, name);
    if (index < 0) {
        throw std::logic_error("readout kind " + std::string(kind_.name) + " has no output " +
                               std::string(name));
    }
    return static_cast<std::size_t>(index);
}

void ReadoutOutputs::set(std::string_view name, double value) {
    values_[index_of(name)] = ReadoutValue::of_number(value);
}

void ReadoutOutputs::set_bool(std::string_view name, bool value) {
    values_[index_of(name)] = ReadoutValue::of_bool(value);
}

void ReadoutOutputs::set_text(std::string_view name, std::string value) {
    values_[index_of(name)] = ReadoutValue::of_text(std::move(value));
}

void ReadoutOutputs::set_null(std::string_view name, double reason) {
    ReadoutValue value;
    value.number = reason;
    values_[index_of(name)] = value;
}

std::span<const ReadoutKind> readout_kinds() {
    static const std::vector<ReadoutKind> catalog = [] {
        std::vector<ReadoutKind> all;
        for (const auto family : {interval_readout_kinds, build_readout_kinds, motion_readout_kinds,
                                  ray_readout_kinds, box_op_readout_kinds, culling_readout_kinds,
                                  structure_readout_kinds, world_readout_kinds}) {
            const std::span<const ReadoutKind> kinds = family();
            all.insert(all.end(), kinds.begin(), kinds.end());
        }
        return all;
    }();
    return catalog;
}

const ReadoutKind* find_readout_kind(std::string_view name) {
    for (const ReadoutKind& kind : readout_kinds()) {
        if (kind.name == name) return &kind;
    }
    return nullptr;
}

int output_index(const ReadoutKind& kind, std::string_view name) {
    for (std::size_t i = 0; i < kind.outputs.size(); ++i) {
        if (kind.outputs[i].name == name) return static_cast<int>(i);
    }
    return -1;
}

std::vector<ReadoutValue> evaluate_readout_outputs(const Readout& readout,
                                                   const std::vector<LessonObject>& objects,
                                                   const World* world) {
    const ReadoutKind* kind = find_readout_kind(readout.kind);
    if (kind == nullptr) return {};
    std::vector<ReadoutValue> values(kind->outputs.size(), ReadoutValue::none());
    if (kind->uses_world && world == nullptr) return values;
    ReadoutOutputs outputs(*kind);
    try {
        kind->compute(ReadoutInputs(*kind, readout, objects, world), outputs);
    } catch (const std::invalid_argument&) {
        // A value the geometry rejects (a sweep of a box dragged inside out): no value.
        return values;
    }
    for (std::size_t i = 0; i < values.size(); ++i)
        values[i] = outputs.at(i);
    return values;
}

ReadoutValue evaluate_readout(const Readout& readout, const std::vector<LessonObject>& objects,
                              const World* world) {
    const ReadoutKind* kind = find_readout_kind(readout.kind);
    if (kind == nullptr) return ReadoutValue::none();
    const int index = readout.output.empty() ? 0 : output_index(*kind, readout.output);
    if (index < 0) return ReadoutValue::none();
    return evaluate_readout_outputs(readout, objects, world).at(static_cast<std::size_t>(index));
}

}  // namespace aabb::lesson
