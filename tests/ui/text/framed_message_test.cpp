// A framed message joins its frame in the language asked for with the detail as given.

#include "ui/text/framed_message.hpp"

#include <doctest/doctest.h>

#include <stdexcept>

namespace aabb::ui {

TEST_CASE("a framed message is its frame in either language around the untranslated detail") {
    FramedMessage message;
    CHECK(message.empty());
    CHECK(message.text(Language::en).empty());
    message.set(TextKey::scenes_open_error, std::runtime_error("x.json: bodies[3].size: bad"));
    CHECK(message.text(Language::en) == "Could not open the scene: x.json: bodies[3].size: bad");
    CHECK(message.text(Language::zh) == "无法打开场景：x.json: bodies[3].size: bad");
    message.clear();
    CHECK(message.empty());
}

}  // namespace aabb::ui
