// Reading a step's goal conditions and its question ("predict, then reveal"): a multiple-choice
// question names its right choice and gives each choice the conditions that make it right; a
// number question gives the answer, the tolerance a response may miss it by, and the readout
// that holds the answer. See lesson_step_reader.cpp for the rest of a step.

#include <algorithm>
#include <array>

#include "core/lesson/lesson_file.hpp"
#include "core/lesson/lesson_names.hpp"
#include "core/lesson/reader/lesson_reader_parts.hpp"
#include "core/lesson/readouts/readout_catalog.hpp"
#include "core/text/input_excerpt.hpp"

namespace aabb::lesson::detail {

namespace {

constexpr std::array<std::string_view, 4> condition_keys{"readout", "op", "value", "tol"};
constexpr std::array<std::string_view, 9> question_keys{
    "text", "text_zh", "choices", "answer", "tol", "readout", "at", "explain", "explain_zh"};
constexpr std::array<std::string_view, 4> choice_keys{"text", "text_zh", "when", "at"};

Condition read_condition(const JsonValueReader& reader, const Json& value, const std::string& path,
                         const Lesson& lesson) {
    reader.expect_object(value, path, condition_keys);
    const auto at = [&](std::string_view key) { return field_path(path, key); };
    Condition condition;
    const Json* readout = JsonValueReader::find(value, "readout");
    reader.require(readout != nullptr, at("readout"), "is required");
    condition.readout =
        require_readout(reader, lesson, reader.read_string(*readout, at("readout")), at("readout"));
    if (const Json* op = JsonValueReader::find(value, "op")) {
        const std::string text = reader.read_string(*op, at("op"));
        bool known = false;
        for (const auto& [entry, name] : compare_op_names) {
            if (name == text) {
                condition.op = entry;
                known = true;
            }
        }
        reader.require(known, at("op"), "must be one of ==, !=, <, <=, >, >=");
    }
    const Json* want = JsonValueReader::find(value, "value");
    reader.require(want != nullptr, at("value"), "is required");
    condition.value = read_scalar(reader, *want, at("value"));
    require_type(reader, lesson, condition.readout, condition.value, at("value"));
    if (const Json* tol = JsonValueReader::find(value, "tol")) {
        condition.tolerance = read_number(reader, *tol, at("tol"));
        reader.require(condition.tolerance >= 0.0, at("tol"), "must not be negative");
    }
    return condition;
}

// The type of the readout `name`'s output.
ValueType output_type(const Lesson& lesson, const std::string& name) {
    const Readout* readout = find_readout(lesson, name);
    const ReadoutKind* kind = find_readout_kind(readout->kind);
    return kind->outputs[static_cast<std::size_t>(output_index(*kind, readout->output))].type;
}

QuestionChoice read_choice(const JsonValueReader& reader, const Json& value,
                           const std::string& path, const Lesson& lesson) {
    reader.expect_object(value, path, choice_keys);
    const auto at = [&](std::string_view key) { return field_path(path, key); };
    const auto find = [&](std::string_view key) { return JsonValueReader::find(value, key); };
    QuestionChoice choice;
    reader.require(find("text") != nullptr, at("text"), "is required");
    choice.text = read_text(reader, *find("text"), at("text"));
    reader.require(!choice.text.empty(), at("text"), "must not be empty");
    if (const Json* text = find("text_zh"))
        choice.text_zh = read_text(reader, *text, at("text_zh"));
    // Every choice says when it is right, so --check-lessons can check the stored answer.
    reader.require(find("when") != nullptr, at("when"),
                   "is required: the conditions under which this choice is right");
    choice.when = read_conditions(reader, *find("when"), at("when"), lesson);
    if (const Json* state = find("at"))
        choice.at = read_handle_values(reader, *state, at("at"), lesson);
    return choice;
}

void read_choices(const JsonValueReader& reader, const Json& value, const std::string& path,
                  const Lesson& lesson, Question& question) {
    require_array(reader, value, path, LessonLimits::question_choices);
    reader.require(value.size() >= 2, path, "must hold at least 2 choices");
    for (std::size_t i = 0; i < value.size(); ++i) {
        const std::string where = index_path(path, i);
        QuestionChoice choice = read_choice(reader, value[i], where, lesson);
        for (const QuestionChoice& earlier : question.choices) {
            if (earlier.text == choice.text)
                reader.fail(field_path(where, "text"), std::string("\"")
                                                           .append(input_excerpt(choice.text))
                                                           .append("\" is already a choice"));
        }
        question.choices.push_back(std::move(choice));
    }
}

}  // namespace

std::vector<Condition> read_conditions(const JsonValueReader& reader, const Json& value,
                                       const std::string& path, const Lesson& lesson) {
    std::vector<Condition> conditions;
    if (!value.is_array()) {
        reader.require(value.is_object(), path,
                       "must be a condition {\"readout\", \"op\", \"value\", \"tol\"} or an array "
                       "of them");
        conditions.push_back(read_condition(reader, value, path, lesson));
        return conditions;
    }
    require_array(reader, value, path, LessonLimits::per_step);
    reader.require(!value.empty(), path, "must hold at least one condition");
    for (std::size_t i = 0; i < value.size(); ++i)
        conditions.push_back(read_condition(reader, value[i], index_path(path, i), lesson));
    return conditions;
}

Question read_question(const JsonValueReader& reader, const Json& value, const std::string& path,
                       const Lesson& lesson) {
    reader.expect_object(value, path, question_keys);
    const auto at = [&](std::string_view key) { return field_path(path, key); };
    const auto find = [&](std::string_view key) { return JsonValueReader::find(value, key); };
    Question question;
    reader.require(find("text") != nullptr, at("text"), "is required");
    question.text = read_text(reader, *find("text"), at("text"));
    if (const Json* text = find("text_zh"))
        question.text_zh = read_text(reader, *text, at("text_zh"));
    if (const Json* text = find("explain"))
        question.explain = read_text(reader, *text, at("explain"));
    if (const Json* text = find("explain_zh"))
        question.explain_zh = read_text(reader, *text, at("explain_zh"));
    if (const Json* state = find("at"))
        question.at = read_handle_values(reader, *state, at("at"), lesson);
    const Json* answer = find("answer");
    reader.require(answer != nullptr, at("answer"), "is required");
    if (const Json* choices = find("choices")) {
        read_choices(reader, *choices, at("choices"), lesson, question);
        reader.require(find("readout") == nullptr, at("readout"),
                       "is for a number question; each choice's \"when\" says when it is right");
        reader.require(find("tol") == nullptr, at("tol"), "is for a number question");
        const std::string right = reader.read_string(*answer, at("answer"));
        const auto found =
            std::find_if(question.choices.begin(), question.choices.end(),
                         [&](const QuestionChoice& choice) { return choice.text == right; });
        if (found == question.choices.end()) {
            std::string message = "\"";
            message.append(input_excerpt(right)).append("\" is not one of the choices (");
            for (std::size_t i = 0; i < question.choices.size(); ++i)
                message.append(i == 0 ? "\"" : ", \"")
                    .append(input_excerpt(question.choices[i].text))
                    .append("\"");
            reader.fail(at("answer"), message + ")");
        }
        question.answer_choice = static_cast<std::size_t>(found - question.choices.begin());
        return question;
    }
    reader.require(answer->is_number(), at("answer"),
                   "must be a number (or the text of the right choice, with \"choices\")");
    question.answer = read_number(reader, *answer, at("answer"));
    const Json* readout = find("readout");
    reader.require(
        readout != nullptr, at("readout"),
        "is required: the readout whose value is the answer (--check-lessons checks it)");
    question.readout =
        require_readout(reader, lesson, reader.read_string(*readout, at("readout")), at("readout"));
    reader.require(output_type(lesson, question.readout) == ValueType::number, at("readout"),
                   "readout '" + question.readout + "' does not give a number");
    if (const Json* tol = find("tol")) {
        question.tolerance = read_number(reader, *tol, at("tol"));
        reader.require(question.tolerance >= 0.0, at("tol"), "must not be negative");
    }
    return question;
}

}  // namespace aabb::lesson::detail
