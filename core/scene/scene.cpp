#include "core/scene/scene.hpp"
