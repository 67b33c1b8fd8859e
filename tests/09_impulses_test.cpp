#include <gtest/gtest.h>
TEST(Ch09Placeholder, Nothing) {}
