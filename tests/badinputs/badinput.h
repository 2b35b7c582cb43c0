#pragma once

// The catalogue of bad inputs (tests/tst_badinputs.cpp): what nobody should
// hand gatefold-cli, for every reader and command. Each file of
// tests/badinputs/ adds its cases with GATEFOLD_BAD_INPUTS(function) — a new
// file there is compiled into tst_badinputs without further ado
// (tests/CMakeLists.txt globs the folder).
//
// A case writes its files into a folder of its own, runs the real
// gatefold-cli as a child process — as an unprivileged user when the test runs
// as root, so that a file without read permission is one — and expects:
//  - an exit status (2: refused before anything was created; 1: failed), never a signal;
//  - every text of `mentions` in the output (the file, the key, the line, what to do),
//    and none of `absent` (a way out that is itself broken, advice that does not apply);
//  - no C++ exception text, assertion, backtrace or anonymous decoder warning;
//  - the case's folder unchanged, byte for byte (nothing created or modified),
//    unless `mayWrite` (a run that was created and then failed).

#include <QByteArray>
#include <QString>
#include <QStringList>

#include <functional>
#include <vector>

namespace gatefold::test {

// The folder of one case: every path is relative to it. What a case needs
// beyond bytes (folders, links, fifos, permissions) is here too.
class CaseFolder
{
public:
    explicit CaseFolder(QString root) : m_root(std::move(root)) {}
    const QString &root() const { return m_root; }
    QString path(const QString &relative) const;
    void write(const QString &relative, const QByteArray &bytes) const;  // creates the folders on its way
    void mkdir(const QString &relative) const;
    void symlink(const QString &target, const QString &relative) const;  // target as written (may be relative)
    void fifo(const QString &relative) const;
    void chmod(const QString &relative, unsigned mode) const;
    void remove(const QString &relative) const;  // a file or a whole folder
    // A copy of the store tst_badinputs made once, at `relative`: run 1, finished after two epochs,
    // epoch 1 in runs/1/step-2.pt, epoch 2 and last in runs/1/step-4.pt (best is one of them).
    void copyStore(const QString &relative) const;

private:
    QString m_root;
};

struct BadInput {
    QString name;                                // "config/duplicate key": unique, a QTest row name
    std::function<void(const CaseFolder &)> setup;  // writes the case's files; may be empty
    QStringList arguments;                       // gatefold-cli's; "{dir}" stands for the case's folder
    int exitCode = 2;
    QStringList mentions;                        // "{dir}" as above; case-sensitive
    QByteArray input;                            // standard input
    bool mayWrite = false;                       // the command may change the case's folder (exit 1 after a start)
    QStringList absent;                          // "{dir}" as above: texts the output must not hold (a wrong hint)
    QStringList environment;                     // "NAME=value" added to the child's environment
};

std::vector<BadInput> &badInputs();

struct RegisterBadInputs {
    explicit RegisterBadInputs(void (*add)(std::vector<BadInput> &)) { add(badInputs()); }
};

} // namespace gatefold::test

#define GATEFOLD_BAD_INPUTS(function) \
    static const gatefold::test::RegisterBadInputs gatefold_bad_inputs_##function(function)
