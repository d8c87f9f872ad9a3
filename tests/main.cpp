// The doctest entry point of every unit test (core, ui, app, report).
#define DOCTEST_CONFIG_IMPLEMENT_WITH_MAIN
#include <doctest/doctest.h>
