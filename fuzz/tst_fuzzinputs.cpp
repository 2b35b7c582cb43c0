// The fuzz harnesses' two halves that run in every build: the seed corpus
// (real files in every harness's format, written here, each accepted by its
// harness's target — the fuzz preset starts from this folder) and the replay
// of every input that ever broke a harness (fuzz/regressions/<harness>/).

#include "fuzzharnesses.h"
#include "fuzzseeds.h"

#include <QDir>
#include <QDirIterator>
#include <QFile>
#include <QtTest/QtTest>

using namespace gatefold;

class TestFuzzInputs : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase();
    void everyHarnessHasSeeds();
    void seedsAreAccepted_data();
    void seedsAreAccepted();
    void regressionsStayFixed_data();
    void regressionsStayFixed();

private:
    static QByteArray readAll(const QString &path);
};

QByteArray TestFuzzInputs::readAll(const QString &path)
{
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly))
        qFatal("cannot read %s", qPrintable(path));
    return file.readAll();
}

void TestFuzzInputs::initTestCase()
{
    QDir(GATEFOLD_FUZZ_SEEDS_DIR).removeRecursively();
    QString error;
    QVERIFY2(fuzz::writeSeedCorpus(GATEFOLD_FUZZ_SEEDS_DIR, &error), qPrintable(error));
}

void TestFuzzInputs::everyHarnessHasSeeds()
{
    for (const auto &h : fuzz::harnesses()) {
        const QDir dir(QStringLiteral(GATEFOLD_FUZZ_SEEDS_DIR "/%1").arg(h.name));
        const auto files = dir.entryInfoList(QDir::Files);
        QVERIFY2(!files.isEmpty(), h.name);
        for (const QFileInfo &f : files)
            QVERIFY2(f.size() <= qint64(h.maxLength),
                     qPrintable(QStringLiteral("%1 (%2 bytes) is longer than fuzz_%3's -max_len %4")
                                    .arg(f.filePath()).arg(f.size()).arg(h.name).arg(h.maxLength)));
    }
}

void TestFuzzInputs::seedsAreAccepted_data()
{
    QTest::addColumn<QString>("harness");
    QTest::addColumn<QString>("path");
    for (const auto &h : fuzz::harnesses()) {
        QDirIterator it(QStringLiteral(GATEFOLD_FUZZ_SEEDS_DIR "/%1").arg(h.name), QDir::Files);
        while (it.hasNext()) {
            const QString path = it.next();
            QTest::newRow(qPrintable(QStringLiteral("%1/%2").arg(h.name, it.fileName()))) << QString(h.name) << path;
        }
    }
}

void TestFuzzInputs::seedsAreAccepted()
{
    QFETCH(QString, harness);
    QFETCH(QString, path);
    const auto *h = fuzz::findHarness(harness.toStdString());
    QVERIFY(h);
    const QByteArray bytes = readAll(path);
    QVERIFY2(h->run(reinterpret_cast<const std::uint8_t *>(bytes.constData()), size_t(bytes.size())),
             qPrintable(QStringLiteral("%1 refuses the valid file %2").arg(h->reads, path)));
}

void TestFuzzInputs::regressionsStayFixed_data()
{
    QTest::addColumn<QString>("harness");
    QTest::addColumn<QString>("path");
    int rows = 0;
    for (const auto &h : fuzz::harnesses()) {
        QDirIterator it(QStringLiteral(GATEFOLD_FUZZ_REGRESSIONS_DIR "/%1").arg(h.name), QDir::Files);
        while (it.hasNext()) {
            const QString path = it.next();
            if (it.fileName() == QLatin1String("README.md"))
                continue;
            QTest::newRow(qPrintable(QStringLiteral("%1/%2").arg(h.name, it.fileName()))) << QString(h.name) << path;
            ++rows;
        }
    }
    // Qt Test runs a data-driven function with an empty table once, rowless (QFETCH then aborts).
    if (rows == 0)
        QTest::newRow("none yet") << QString() << QString();
}

void TestFuzzInputs::regressionsStayFixed()
{
    // What once crashed, hung or broke a property: the target must come back
    // (accepting or refusing it, as the format says) — a crash ends this test.
    QFETCH(QString, harness);
    QFETCH(QString, path);
    if (harness.isEmpty())
        QSKIP("no input has broken a harness yet (fuzz/regressions/ holds none)");
    const auto *h = fuzz::findHarness(harness.toStdString());
    QVERIFY(h);
    const QByteArray bytes = readAll(path);
    h->run(reinterpret_cast<const std::uint8_t *>(bytes.constData()), size_t(bytes.size()));
}

QTEST_GUILESS_MAIN(TestFuzzInputs)
#include "tst_fuzzinputs.moc"
