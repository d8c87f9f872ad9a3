#pragma once
// Formula templates with live values (design §1.10, Tangle): "dx = min({A.max.x}, {B.max.x}) −
// max({A.min.x}, {B.min.x}) = {dx}". Each {…} names a readout, a handle or an object field; the
// runtime resolves a template into segments — literal text and value spans that carry what they
// describe — so the window can draw each value in the color of the thing it describes and make
// it scrubbable when a handle drives it. "{{" and "}}" are literal braces.

#include <string>
#include <string_view>
#include <vector>

namespace aabb::lesson {

/// What a value span of a formula refers to.
enum class FormulaRef : unsigned char {
    /// Literal text, not a value.
    text,
    /// A readout, by name.
    readout,
    /// A handle's value, by name.
    handle,
    /// An object field ("A.max.x"), by its target text.
    object_field,
};

/// One piece of a parsed template (before values are filled in).
struct FormulaPart {
    /// Literal text or which kind of reference.
    FormulaRef ref = FormulaRef::text;
    /// The literal text, or the name / field path inside the braces.
    std::string text;
};

/// Splits a template into literal text and {references}. Throws std::invalid_argument for an
/// unclosed '{', an empty or over-long reference, or a stray '}'. Every reference comes back as
/// FormulaRef::readout; the reader then decides (readout, handle or object field) and fails
/// for a name that is none of them.
[[nodiscard]] std::vector<FormulaPart> split_formula(std::string_view text);

/// One piece of a resolved formula, ready to draw.
struct FormulaSegment {
    /// Literal text or what the value describes.
    FormulaRef ref = FormulaRef::text;
    /// What to draw: the literal text, or the formatted value.
    std::string text;
    /// The readout, handle or object-field name (empty for literal text).
    std::string name;
    /// The color role of what the value describes (the readout's color; an object field's
    /// object's color; the color of the first object a handle drives); empty for literal text.
    std::string color;
    /// The handle that drives this value (so the window can make it scrubbable), or empty: the
    /// handle itself, or for an object field the first handle whose target is that field.
    std::string handle;
};

/// A resolved formula: its segments in order.
struct ResolvedFormula {
    /// Literal text and values, in order.
    std::vector<FormulaSegment> segments;
    /// The whole formula as plain text (what headless output and tests compare).
    [[nodiscard]] std::string plain_text() const;
};

}  // namespace aabb::lesson
