// The fixed name lists: gadget kinds with unique roles, overlays as the window's --show names,
// and the enum name tables complete.

#include "core/lesson/lesson_names.hpp"

#include <doctest/doctest.h>

#include <set>
#include <string>

namespace aabb::lesson {

TEST_CASE("gadget kinds: unique names and roles, each with a description") {
    std::set<std::string> names;
    for (const GadgetKind& kind : gadget_kinds()) {
        CAPTURE(kind.name);
        CHECK(names.insert(std::string(kind.name)).second);
        CHECK(!kind.description.empty());
        CHECK(!kind.roles.empty());
        std::set<std::string> roles;
        for (const GadgetRole& role : kind.roles)
            CHECK(roles.insert(std::string(role.role)).second);
        CHECK(find_gadget_kind(kind.name) == &kind);
    }
    CHECK(find_gadget_kind("hologram") == nullptr);
}

TEST_CASE("overlay names are the window's --show names — color roles and enum names are listed") {
    CHECK(is_listed(overlay_names, "contact-points"));
    CHECK(is_listed(overlay_names, "toi-ghosts"));
    CHECK_FALSE(is_listed(overlay_names, "TOI ghosts"));
    CHECK(is_listed(color_roles, "neutral"));
    CHECK(name_in(handle_kind_names, HandleKind::corner) == "corner");
    CHECK(name_in(object_kind_names, ObjectKind::box_list) == "box_list");
    CHECK(name_in(compare_op_names, CompareOp::greater_equal) == ">=");
}

}  // namespace aabb::lesson
