// A full disk, for real: a store on a small tmpfs (mounted in a private mount
// namespace: `unshare -m` as root, `unshare -Urm` in a user namespace
// otherwise) is written until not one page fits. The writer is told "no space
// left on <device> while writing <file>" (not SQLite's "database or disk is
// full"), every point committed before is still there, the store is whole, and
// the run whose engine died on the full disk is marked crashed as soon as a
// byte is free (not left `running`).

#include <QtTest/QtTest>

#include "storeprocs.h"

#include <QTemporaryDir>

#include <unistd.h>

using namespace gatefold::test;

namespace {

// The lines of `out` after "== name" up to the next section.
QStringList section(const QString &out, const QString &name)
{
    QStringList lines;
    bool in = false;
    for (const QString &line : out.split(QLatin1Char('\n'))) {
        if (line.startsWith(QLatin1String("== ")))
            in = line == QStringLiteral("== ") + name;
        else if (in && !line.isEmpty())
            lines << line;
    }
    return lines;
}

QStringList privateMount()
{
    return ::geteuid() == 0 ? QStringList{QStringLiteral("unshare"), QStringLiteral("-m")}
                            : QStringList{QStringLiteral("unshare"), QStringLiteral("-Urm")};
}

} // namespace

class TstStoreDisk : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void fullDiskIsNamedAndLosesNothing();

private:
    QTemporaryDir m_dir;
};

void TstStoreDisk::fullDiskIsNamedAndLosesNothing()
{
    const QString mountPoint = m_dir.filePath(QStringLiteral("small"));
    QVERIFY(QDir().mkpath(mountPoint));
    // Everything happens inside the namespace (the tmpfs exists only there).
    const QString script = QStringLiteral(R"(
H="$1"; D="$2"
mount -t tmpfs -o size=320k none "$D" || { echo "== mount"; echo "cannot mount"; exit 90; }
S="$D/runs.sqlite"
"$H" create "$S" filled > /dev/null || exit 91
"$H" claim "$S" 1 || exit 92
head -c 65536 /dev/zero > "$D/ballast"
echo "== fill"; "$H" fill "$S" 1 64; echo "exit $?"
echo "== mark on the full disk"; "$H" mark "$S"; echo "exit $?"
rm -f "$D/ballast"
echo "== mark with room"; "$H" mark "$S"; echo "exit $?"
echo "== count"; "$H" count "$S" 1
echo "== read"; "$H" read "$S"
)");
    QProcess p;
    p.setProcessChannelMode(QProcess::MergedChannels);
    p.start(privateMount().first(), privateMount().mid(1) + QStringList{QStringLiteral("sh"), QStringLiteral("-c"), script,
                                                                         QStringLiteral("sh"), storeHelperPath(), mountPoint});
    QVERIFY(p.waitForFinished(120000));
    const QString out = QString::fromUtf8(p.readAll());
    if (p.exitCode() == 90 || (p.exitCode() != 0 && out.contains(QLatin1String("unshare"))))
        QSKIP(qPrintable(QStringLiteral("no private tmpfs can be mounted here (%1 %2: needs root or unprivileged user "
                                        "namespaces): %3")
                             .arg(privateMount().join(' '), QStringLiteral("mount -t tmpfs"), out.trimmed())));
    QCOMPARE(p.exitCode(), 0);

    const QStringList fill = section(out, QStringLiteral("fill"));
    QVERIFY2(fill.size() == 3 && fill.last() == QLatin1String("exit 2"), qPrintable(out));
    const QString said = fill.first();
    QVERIFY2(said.contains(QStringLiteral("no space left on tmpfs at ") + mountPoint)
                 && said.contains(QStringLiteral("while writing ") + mountPoint + QStringLiteral("/runs.sqlite"))
                 && said.contains(QStringLiteral("everything recorded before is kept"))
                 && !said.contains(QStringLiteral("database or disk is full")),
             qPrintable(said));
    const qint64 committed = fill.at(1).section(' ', 1).toLongLong();
    QVERIFY2(committed > 0, qPrintable(out));

    // The engine died on the full disk with its run `running`. The next touch marks it crashed:
    // at once if the log has room again (a checkpointed log is rewritten from its start), else it
    // says plainly why not, and does so once a byte is free.
    const QStringList full = section(out, QStringLiteral("mark on the full disk"));
    const QStringList room = section(out, QStringLiteral("mark with room"));
    const bool markedOnFull = full == QStringList{QStringLiteral("crashed 1"), QStringLiteral("exit 0")};
    QVERIFY2(markedOnFull
                 || (full.join('\n').contains(QStringLiteral("no space left on")) && full.last() == QLatin1String("exit 1")),
             qPrintable(out));
    const QStringList expectedRoom = markedOnFull ? QStringList{QStringLiteral("exit 0")}
                                                  : QStringList{QStringLiteral("crashed 1"), QStringLiteral("exit 0")};
    QCOMPARE(room, expectedRoom);
    QCOMPARE(section(out, QStringLiteral("count")), QStringList{QStringLiteral("points %1 integrity ok").arg(committed)});
    QCOMPARE(section(out, QStringLiteral("read")), QStringList{QStringLiteral("1 filled crashed")});
    qInfo("%lld points committed before the disk was full; all of them read back", committed);
}

QTEST_GUILESS_MAIN(TstStoreDisk)
#include "tst_storedisk.moc"
