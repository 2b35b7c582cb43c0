#pragma once

// gatefold-cli as a child process, for the tests that use the engine from the
// outside (GATEFOLD_CLI_PATH, set per test in tests/CMakeLists.txt).

#include <QProcess>
#include <QString>
#include <QStringList>

namespace gatefold::test {

struct CliRun {
    int exitCode = -1;  // -1: it crashed or did not finish in time
    QString out;        // standard output (UTF-8)
    QString err;        // standard error
};

inline CliRun runCli(const QStringList &arguments, int timeoutMs = 120000)
{
    QProcess process;
    process.start(QStringLiteral(GATEFOLD_CLI_PATH), arguments);
    CliRun r;
    if (!process.waitForFinished(timeoutMs) || process.exitStatus() != QProcess::NormalExit)
        return r;
    r.exitCode = process.exitCode();
    r.out = QString::fromUtf8(process.readAllStandardOutput());
    r.err = QString::fromUtf8(process.readAllStandardError());
    return r;
}

} // namespace gatefold::test
