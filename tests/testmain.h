#pragma once
// main() for a Qt Test file. Alone (GATEFOLD_TEST_BUNDLE undefined) it is
// QTEST_MAIN. In a test bundle (one executable holding many test files, so
// that LibTorch's 700 MB precompiled header and the link are paid once, not
// once a file: tests/CMakeLists.txt) it registers the test under its file's
// name instead, and the bundle's main() (testbundlemain.cpp) runs the one its
// first argument names: `tst_torch tst_vit -functions`.
#include <QtTest/QtTest>

#ifdef GATEFOLD_TEST_BUNDLE

namespace gatefold::test {
using TestEntry = int (*)(int argc, char **argv);
// `sourceFile` is __FILE__: its base name ("tst_vit") is the test's name.
bool registerTest(const char *sourceFile, TestEntry entry);
} // namespace gatefold::test

#define GATEFOLD_TEST_MAIN(TestObject)                                                                        \
    [[maybe_unused]] static const bool gatefold_test_registered_##TestObject =                                 \
        ::gatefold::test::registerTest(__FILE__, [](int argc, char **argv) {                                  \
            TestObject tc;                                                                                     \
            QTEST_SET_MAIN_SOURCE_PATH                                                                         \
            return QTest::qExec(&tc, argc, argv);                                                              \
        });

#else

#define GATEFOLD_TEST_MAIN(TestObject) QTEST_MAIN(TestObject)

#endif
