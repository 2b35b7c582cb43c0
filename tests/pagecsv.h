#pragma once

// What an Inspect view's "Export CSV…" wrote, checked against the CLI's tables:
// the same file names, byte for byte, as report::csvTables() (what `gatefold-cli
// analyze` writes), and exactly the tables of the view's page.

#include "report/reportcsv.h"

#include <QDir>
#include <QFile>
#include <QStringList>
#include <QtTest/QtTest>

namespace gatefold::test {

// Fails the calling test (QVERIFY inside) unless `written` in `dir` are `expected`, each as the CLI writes it.
inline void verifyCliTables(const QString &dir, const QStringList &written, const report::InspectReport &report,
                            const QStringList &expected)
{
    QCOMPARE(written, expected);
    QDir folder(dir);
    QStringList files = folder.entryList(QDir::Files, QDir::Name);
    QStringList sorted = expected;
    sorted.sort();
    QCOMPARE(files, sorted);  // nothing else was written
    for (const report::CsvTable &table : report::csvTables(report)) {
        if (!expected.contains(table.file))
            continue;
        QFile file(folder.filePath(table.file));
        QVERIFY2(file.open(QIODevice::ReadOnly), qPrintable(table.file));
        QVERIFY2(file.readAll() == table.bytes, qPrintable(table.file + QStringLiteral(" differs from the CLI's")));
    }
}

} // namespace gatefold::test
