// The main() of a test bundle (testmain.h): `BUNDLE TEST [Qt Test options]`
// runs one registered test as if it were its own executable; `BUNDLE` alone
// lists them. ctest registers each test under its own name (tests/CMakeLists.txt).
#include "testmain.h"

#include <QFileInfo>
#include <cstdio>
#include <map>
#include <string>
#include <vector>

#ifdef QT_WIDGETS_LIB
#include <QApplication>
using TestApplication = QApplication;
#else
using TestApplication = QCoreApplication;
#endif

namespace gatefold::test {

namespace {
std::map<std::string, TestEntry> &registry()
{
    static std::map<std::string, TestEntry> tests;
    return tests;
}
} // namespace

bool registerTest(const char *sourceFile, TestEntry entry)
{
    const std::string name = QFileInfo(QString::fromLocal8Bit(sourceFile)).completeBaseName().toStdString();
    return registry().emplace(name, entry).second;
}

} // namespace gatefold::test

int main(int argc, char **argv)
{
    const auto &tests = gatefold::test::registry();
    const auto found = argc >= 2 ? tests.find(argv[1]) : tests.end();
    if (found == tests.end()) {
        std::fprintf(stderr, "%s%s%s\nusage: %s TEST [Qt Test options]; the tests in this bundle:\n",
                     argc >= 2 ? "there is no test " : "", argc >= 2 ? argv[1] : "", argc >= 2 ? " in this bundle" : "",
                     argv[0]);
        for (const auto &[name, entry] : tests)
            std::fprintf(stderr, "  %s\n", name.c_str());
        return 2;
    }
    // The test sees argv[0] followed by its own options, as it would alone.
    std::vector<char *> args{argv[0]};
    for (int i = 2; i < argc; ++i)
        args.push_back(argv[i]);
    args.push_back(nullptr);
    int count = argc - 1;
    TestApplication app(count, args.data());
    app.setAttribute(Qt::AA_Use96Dpi, true);
    app.setApplicationName(QString::fromStdString(found->first));
    return found->second(count, args.data());
}
