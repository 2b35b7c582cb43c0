// The catalogue of bad inputs (tests/badinputs/badinput.h): every case runs
// the real gatefold-cli as a child process, as an unprivileged user when this
// test runs as root, and checks the refusal: its exit status (never a
// signal), that the message names the file, key or line and what to do, that
// no exception text or anonymous decoder warning reaches the user, and that
// nothing in the case's folder was created or changed.

#include <QtTest/QtTest>

#include "badinputs/badinput.h"
#include "export/safetensors.h"

#include <QCryptographicHash>
#include <QDirIterator>
#include <QProcess>
#include <QtEndian>

#include <grp.h>
#include <pwd.h>
#include <sys/stat.h>
#include <unistd.h>

using gatefold::test::BadInput;
using gatefold::test::CaseFolder;

namespace gatefold::test {

std::vector<BadInput> &badInputs()
{
    static std::vector<BadInput> cases;
    return cases;
}

namespace {

QString g_storeTemplate;  // a folder holding runs.sqlite (one finished run) and its runs/

bool copyTree(const QString &from, const QString &to)
{
    QDir().mkpath(to);
    QDirIterator it(from, QDir::AllEntries | QDir::Hidden | QDir::NoDotAndDotDot, QDirIterator::Subdirectories);
    while (it.hasNext()) {
        const QString source = it.next();
        const QString target = to + '/' + QDir(from).relativeFilePath(source);
        if (it.fileInfo().isDir() ? !QDir().mkpath(target) : !QFile::copy(source, target))
            return false;
    }
    return true;
}

} // namespace

QString CaseFolder::path(const QString &relative) const
{
    return relative.isEmpty() ? m_root : m_root + '/' + relative;
}

void CaseFolder::write(const QString &relative, const QByteArray &bytes) const
{
    QDir().mkpath(QFileInfo(path(relative)).absolutePath());
    QFile file(path(relative));
    if (!file.open(QIODevice::WriteOnly) || file.write(bytes) != bytes.size())
        qFatal("cannot write %s", qPrintable(path(relative)));
}

void CaseFolder::mkdir(const QString &relative) const
{
    QDir().mkpath(path(relative));
}

void CaseFolder::symlink(const QString &target, const QString &relative) const
{
    QDir().mkpath(QFileInfo(path(relative)).absolutePath());
    if (::symlink(QFile::encodeName(target).constData(), QFile::encodeName(path(relative)).constData()) != 0)
        qFatal("cannot link %s", qPrintable(path(relative)));
}

void CaseFolder::fifo(const QString &relative) const
{
    QDir().mkpath(QFileInfo(path(relative)).absolutePath());
    if (::mkfifo(QFile::encodeName(path(relative)).constData(), 0644) != 0)
        qFatal("cannot make the fifo %s", qPrintable(path(relative)));
}

void CaseFolder::chmod(const QString &relative, unsigned mode) const
{
    ::chmod(QFile::encodeName(path(relative)).constData(), mode_t(mode));
}

void CaseFolder::remove(const QString &relative) const
{
    const QFileInfo info(path(relative));
    if (info.isDir() && !info.isSymLink())
        QDir(path(relative)).removeRecursively();
    else
        QFile::remove(path(relative));
}

void CaseFolder::copyStore(const QString &relative) const
{
    if (g_storeTemplate.isEmpty() || !copyTree(g_storeTemplate, path(relative)))
        qFatal("no store to copy");
}

} // namespace gatefold::test

namespace {

// Everything about a folder that a command could change: each entry's type,
// mode, owner, size, link target and content hash.
QMap<QString, QString> snapshot(const QString &root)
{
    QMap<QString, QString> out;
    QDirIterator it(root, QDir::AllEntries | QDir::Hidden | QDir::System | QDir::NoDotAndDotDot,
                    QDirIterator::Subdirectories);
    while (it.hasNext()) {
        const QString path = it.next();
        struct stat st {};
        if (::lstat(QFile::encodeName(path).constData(), &st) != 0)
            continue;
        QString entry = QStringLiteral("mode %1 uid %2 size %3").arg(st.st_mode, 0, 8).arg(st.st_uid).arg(st.st_size);
        if (S_ISLNK(st.st_mode)) {
            entry += " -> " + QFile::symLinkTarget(path);
        } else if (S_ISREG(st.st_mode) && st.st_size > (qint64(16) << 20)) {
            // A "too large" case's sparse giant: its modification time (ns) says whether it was written.
            entry += QStringLiteral(" mtime %1.%2").arg(qint64(st.st_mtim.tv_sec)).arg(qint64(st.st_mtim.tv_nsec));
        } else if (S_ISREG(st.st_mode)) {
            QFile file(path);
            if (file.open(QIODevice::ReadOnly))
                entry += " sha256 " + QCryptographicHash::hash(file.readAll(), QCryptographicHash::Sha256).toHex();
        }
        out.insert(QDir(root).relativeFilePath(path), entry);
    }
    return out;
}

// Text that only a crash, an escaped exception or an anonymous library message prints.
const char *const kForbidden[] = {
    "terminate called", "what():", "std::", "c10::", "Exception", "exception", "Assertion", "assertion failed",
    "Traceback", "backtrace", "Segmentation", "Aborted", "Unknown error", "QIODevice::", "QFSFileEngine",
    "9223372036854775807"};
// Lines a decoder prints on its own, naming no file.
const char *const kAnonymousLines[] = {"Premature end of JPEG file", "Corrupt JPEG data", "libpng warning",
                                       "libpng error", "TIFFReadDirectory", "Invalid SOS parameters"};

struct User {
    uid_t uid = 0;
    gid_t gid = 0;
    QString name;
};

// Whom the cases run as: an unprivileged user when this test is root (root reads files without permission).
User unprivilegedUser()
{
    User u{::geteuid(), ::getegid(), QString()};
    if (u.uid != 0)
        return u;
    for (const char *name : {"cloudsdk", "nobody"}) {
        if (const passwd *pw = ::getpwnam(name)) {
            return {pw->pw_uid, pw->pw_gid, QString::fromLatin1(name)};
        }
    }
    return u;
}

void chownTree(const QString &root, const User &user)
{
    if (::geteuid() != 0 || user.uid == 0)
        return;
    ::lchown(QFile::encodeName(root).constData(), user.uid, user.gid);
    QDirIterator it(root, QDir::AllEntries | QDir::Hidden | QDir::System | QDir::NoDotAndDotDot,
                    QDirIterator::Subdirectories);
    while (it.hasNext())
        ::lchown(QFile::encodeName(it.next()).constData(), user.uid, user.gid);
}

// GATEFOLD_BAD_INPUTS_CLI runs the catalogue against another build (e.g. an older one, to measure it).
QString cliPath()
{
    const QString other = qEnvironmentVariable("GATEFOLD_BAD_INPUTS_CLI");
    return other.isEmpty() ? QStringLiteral(GATEFOLD_CLI_PATH) : other;
}

QString substitute(QString text, const QString &dir)
{
    return text.replace(QLatin1String("{dir}"), dir);
}

} // namespace

class TstBadInputs : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void initTestCase();
    void cleanupTestCase();
    void refusedCleanly_data();
    void refusedCleanly();
    // The safetensors reader (export's read-back) has no command of its own: its cases run in-process.
    void safetensorsRefused_data();
    void safetensorsRefused();

private:
    struct Outcome {
        bool finished = false;
        bool signalled = false;
        int exitCode = -1;
        QString output;
    };
    Outcome run(const QStringList &arguments, const QByteArray &input, const QString &workDir,
                const QStringList &environment = {});

    QTemporaryDir m_dir;
    User m_user;
    int m_cases = 0;
    int m_refused = 0;
};

TstBadInputs::Outcome TstBadInputs::run(const QStringList &arguments, const QByteArray &input, const QString &workDir,
                                        const QStringList &environment)
{
    QProcess process;
    QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
    const QString home = m_dir.filePath(QStringLiteral("home"));
    env.insert("HOME", home);
    env.insert("XDG_RUNTIME_DIR", home);
    env.insert("XDG_DATA_HOME", home + "/data");
    env.insert("OMP_NUM_THREADS", "1");
    for (const QString &kv : environment)
        env.insert(kv.section('=', 0, 0), kv.section('=', 1));
    process.setProcessEnvironment(env);
    process.setWorkingDirectory(workDir);
    if (m_user.uid != ::geteuid())
        process.start("setpriv", QStringList{QStringLiteral("--reuid=%1").arg(m_user.uid),
                                             QStringLiteral("--regid=%1").arg(m_user.gid), "--clear-groups", "--",
                                             cliPath()}
                                     + arguments);
    else
        process.start(cliPath(), arguments);
    Outcome outcome;
    if (!process.waitForStarted(10000))
        return outcome;
    process.write(input);
    process.closeWriteChannel();
    if (!process.waitForFinished(90000)) {  // a hang (a fifo read for ever, /dev/zero) is a failure
        process.kill();
        process.waitForFinished(5000);
        return outcome;
    }
    outcome.finished = true;
    outcome.signalled = process.exitStatus() != QProcess::NormalExit;
    outcome.exitCode = process.exitCode();
    outcome.output = QString::fromUtf8(process.readAllStandardOutput() + process.readAllStandardError());
    return outcome;
}

void TstBadInputs::initTestCase()
{
    QVERIFY(m_dir.isValid());
    m_user = unprivilegedUser();
    if (m_user.uid != ::geteuid())
        QVERIFY2(!QStandardPaths::findExecutable("setpriv").isEmpty(), "running as root needs setpriv (util-linux)");
    QFile(m_dir.path()).setPermissions(QFileDevice::ReadOwner | QFileDevice::WriteOwner | QFileDevice::ExeOwner
                                       | QFileDevice::ReadOther | QFileDevice::ExeOther | QFileDevice::ReadGroup
                                       | QFileDevice::ExeGroup);
    QDir().mkpath(m_dir.filePath("home"));
    QDir().mkpath(m_dir.filePath("store"));
    chownTree(m_dir.path(), m_user);
    // One finished run in a store, for the cases that must leave an existing store untouched and
    // those that spoil its checkpoints.
    QStringList train{"train", "--store", m_dir.filePath("store/runs.sqlite"), "--name", "kept"};
    // Two epochs of two steps, each kept: epoch 1 in runs/1/step-2.pt, epoch 2 and last in runs/1/step-4.pt.
    for (const char *kv : {"img_size=16", "patch_size=4", "embed_dim=16", "depth=1", "num_heads=2", "mlp_ratio=2",
                           "data.train_size=64", "data.val_size=16", "train.batch_size=32", "train.epochs=2",
                           "train.keep_every=1", "compute.threads=1"})
        train << "--set" << kv;
    const Outcome made = run(train, {}, m_dir.path());
    QVERIFY2(made.finished && made.exitCode == 0, qPrintable(made.output));
    gatefold::test::g_storeTemplate = m_dir.filePath("store");
    qInfo("%zu cases, run as %s (uid %u)", gatefold::test::badInputs().size(),
          m_user.name.isEmpty() ? "this user" : qPrintable(m_user.name), unsigned(m_user.uid));
}

void TstBadInputs::cleanupTestCase()
{
    qInfo("%d of %d bad inputs refused cleanly", m_refused, m_cases);
}

void TstBadInputs::refusedCleanly_data()
{
    QTest::addColumn<int>("index");
    QSet<QString> names;
    const auto &cases = gatefold::test::badInputs();
    for (size_t i = 0; i < cases.size(); ++i) {
        QVERIFY2(!names.contains(cases[i].name), qPrintable("two cases are called " + cases[i].name));
        names.insert(cases[i].name);
        QTest::newRow(qPrintable(cases[i].name)) << int(i);
    }
}

void TstBadInputs::refusedCleanly()
{
    QFETCH(int, index);
    const BadInput &c = gatefold::test::badInputs().at(size_t(index));
    ++m_cases;
    const QString dir = m_dir.filePath(QStringLiteral("case-%1").arg(index));
    QDir().mkpath(dir);
    const CaseFolder folder(dir);
    if (c.setup)
        c.setup(folder);
    chownTree(dir, m_user);
    const QMap<QString, QString> before = snapshot(dir);
    QStringList arguments;
    for (const QString &a : c.arguments)
        arguments << substitute(a, dir);
    QStringList environment;
    for (const QString &kv : c.environment)
        environment << substitute(kv, dir);
    const Outcome outcome = run(arguments, c.input, dir, environment);
    const QString shown = "gatefold-cli " + arguments.join(' ') + "\n" + outcome.output;
    QVERIFY2(outcome.finished, qPrintable("did not finish in time: " + shown));
    QVERIFY2(!outcome.signalled, qPrintable("killed by a signal: " + shown));
    QVERIFY2(outcome.exitCode == c.exitCode,
             qPrintable(QStringLiteral("exit status %1, expected %2: ").arg(outcome.exitCode).arg(c.exitCode) + shown));
    for (const QString &m : c.mentions)
        QVERIFY2(outcome.output.contains(substitute(m, dir)), qPrintable("does not mention '" + m + "': " + shown));
    for (const QString &a : c.absent)
        QVERIFY2(!outcome.output.contains(substitute(a, dir)), qPrintable("mentions '" + a + "': " + shown));
    for (const char *f : kForbidden)
        QVERIFY2(!outcome.output.contains(QLatin1String(f)), qPrintable(QStringLiteral("prints '%1': ").arg(f) + shown));
    for (const QString &line : outcome.output.split('\n'))
        for (const char *a : kAnonymousLines)
            QVERIFY2(!line.trimmed().startsWith(QLatin1String(a)), qPrintable("an anonymous decoder message: " + shown));
    if (!c.mayWrite) {
        const QMap<QString, QString> after = snapshot(dir);
        for (auto it = after.begin(); it != after.end(); ++it)
            QVERIFY2(before.value(it.key()) == it.value(),
                     qPrintable(QStringLiteral("%1 was %2: ").arg(it.key(), before.contains(it.key()) ? "changed" : "created")
                                + shown));
        QCOMPARE(after.size(), before.size());
    }
    ++m_refused;
}

namespace {

// A safetensors file with its header replaced by `header` and `data` after it.
QByteArray safetensorsWith(const QByteArray &header, const QByteArray &data)
{
    QByteArray out(8, '\0');
    qToLittleEndian<quint64>(quint64(header.size()), out.data());
    return out + header + data;
}

} // namespace

void TstBadInputs::safetensorsRefused_data()
{
    QTest::addColumn<QByteArray>("bytes");
    QTest::addColumn<QString>("mention");
    const auto row = [&](const char *name, const QByteArray &header, const QString &mention,
                         const QByteArray &data = QByteArray(8, '\1')) {
        QTest::newRow(name) << safetensorsWith(header, data) << mention;
    };
    QTest::newRow("empty") << QByteArray() << "shorter than the 8-byte";
    QTest::newRow("length past the end") << QByteArray("\xff\xff\xff\xff\xff\xff\xff\x7f{}", 10) << "runs past the end";
    QTest::newRow("length zero") << QByteArray(8, '\0') << "runs past the end";
    row("duplicate tensor", R"({"w": {"dtype": "F32", "shape": [1], "data_offsets": [0, 4]},
                                "w": {"dtype": "F32", "shape": [1], "data_offsets": [4, 8]}})",
        "\"w\" is given twice");
    row("not JSON", "{\"w\": ", "not valid JSON");
    row("list header", "[]", "not a JSON object");
    row("tensor not an object", R"({"w": 3})", "is the number 3, not an object");
    row("other dtype", R"({"w": {"dtype": "F16", "shape": [4], "data_offsets": [0, 8]}})", "only F32");
    row("dtype a number", R"({"w": {"dtype": 1, "shape": [2], "data_offsets": [0, 8]}})", "only F32");
    row("negative shape", R"({"w": {"dtype": "F32", "shape": [-2], "data_offsets": [0, 8]}})", "not a whole number >= 0");
    row("shape as text", R"({"w": {"dtype": "F32", "shape": ["2"], "data_offsets": [0, 8]}})", "not a whole number >= 0");
    row("shape overflowing", R"({"w": {"dtype": "F32", "shape": [4294967296, 4294967296, 4294967296], "data_offsets": [0, 8]}})",
        "needs more data than the file holds");
    row("no shape", R"({"w": {"dtype": "F32", "data_offsets": [0, 8]}})", "no shape list");
    row("offsets past the data", R"({"w": {"dtype": "F32", "shape": [4], "data_offsets": [0, 16]}})",
        "needs more data than the file holds");
    row("offsets reversed", R"({"w": {"dtype": "F32", "shape": [2], "data_offsets": [8, 0]}})", "bad data_offsets");
    row("offsets as text", R"({"w": {"dtype": "F32", "shape": [2], "data_offsets": ["0", "8"]}})", "bad data_offsets");
    row("overlapping tensors", R"({"a": {"dtype": "F32", "shape": [2], "data_offsets": [0, 8]},
                                   "b": {"dtype": "F32", "shape": [1], "data_offsets": [4, 8]}})",
        "overlap or leave a gap");
    row("a gap", R"({"a": {"dtype": "F32", "shape": [1], "data_offsets": [4, 8]}})", "overlap or leave a gap");
    row("bytes after the data", R"({"a": {"dtype": "F32", "shape": [1], "data_offsets": [0, 4]}})",
        "4 bytes after the last tensor");
    row("unknown entry", R"({"w": {"dtype": "F32", "shape": [2], "data_offsets": [0, 8], "extra": 1}})",
        "unknown entry \"extra\"");
    row("metadata not texts", R"({"__metadata__": {"a": 1}, "w": {"dtype": "F32", "shape": [2], "data_offsets": [0, 8]}})",
        "__metadata__ must be an object of texts");
    row("NaN in the header", R"({"w": {"dtype": "F32", "shape": [NaN], "data_offsets": [0, 8]}})", "NaN");
}

void TstBadInputs::safetensorsRefused()
{
    QFETCH(QByteArray, bytes);
    QFETCH(QString, mention);
    QString error;
    QVERIFY(!gatefold::exporting::decodeSafetensors(bytes, &error));
    QVERIFY2(error.contains(mention), qPrintable(error));
    // A sound file of the same kind reads.
    const std::vector<gatefold::exporting::NamedTensor> good{{"w", {2}, {1.5f, -2.0f}}};
    QVERIFY(gatefold::exporting::decodeSafetensors(gatefold::exporting::encodeSafetensors(good), &error));
}

QTEST_GUILESS_MAIN(TstBadInputs)
#include "tst_badinputs.moc"
