#include "ui/lesson/gadgets/gadget_readouts.hpp"

#include <string>

#include "core/lesson/readouts/readout_catalog.hpp"

namespace aabb::ui {

CatalogQuery::CatalogQuery(const GadgetContext& context, std::string_view kind)
    : context_(context) {
    readout_.kind = std::string(kind);
}

CatalogQuery& CatalogQuery::argument(std::string_view argument, lesson::ReadoutArgument value) {
    readout_.args.emplace_back(std::string(argument), std::move(value));
    outputs_.reset();
    return *this;
}

CatalogQuery& CatalogQuery::object(std::string_view argument, std::string_view role) {
    for (const auto& [name, object_name] : context_.gadget.objects) {
        if (name != role) continue;
        lesson::ReadoutArgument value;
        value.source = lesson::ReadoutArgument::Source::object;
        value.text = object_name;
        return this->argument(argument, std::move(value));
    }
    return *this;
}

CatalogQuery& CatalogQuery::option(std::string_view argument, std::string_view name) {
    lesson::ReadoutArgument value;
    value.source = lesson::ReadoutArgument::Source::option;
    value.text = std::string(name);
    return this->argument(argument, std::move(value));
}

CatalogQuery& CatalogQuery::number(std::string_view argument, double number) {
    lesson::ReadoutArgument value;
    value.source = lesson::ReadoutArgument::Source::number;
    value.number = number;
    return this->argument(argument, std::move(value));
}

lesson::ReadoutValue CatalogQuery::value(std::string_view output) const {
    const lesson::ReadoutKind* kind = lesson::find_readout_kind(readout_.kind);
    const int index = kind != nullptr ? lesson::output_index(*kind, output) : -1;
    if (index < 0) return lesson::ReadoutValue::none();
    if (!outputs_) {
        outputs_ =
            lesson::evaluate_readout_outputs(readout_, context_.runtime.objects(), &context_.world);
    }
    return outputs_->at(static_cast<std::size_t>(index));
}

double CatalogQuery::number_or(std::string_view output, double fallback) const {
    const lesson::ReadoutValue result = value(output);
    return result.type == lesson::ValueType::number ? result.number : fallback;
}

bool CatalogQuery::flag(std::string_view output) const {
    const lesson::ReadoutValue result = value(output);
    return result.type == lesson::ValueType::boolean && result.flag;
}

std::string CatalogQuery::text(std::string_view output) const {
    const lesson::ReadoutValue result = value(output);
    return result.type == lesson::ValueType::text ? result.text : std::string{};
}

std::string format_number(double value, std::string_view format) {
    return lesson::format_value(lesson::ReadoutValue::of_number(value), format);
}

}  // namespace aabb::ui
