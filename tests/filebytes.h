#pragma once
// Whole-file reads and writes of files a test makes or damages itself.

#include <QByteArray>
#include <QFile>
#include <QString>
#include <QtTest/QtTest>

namespace gatefold::test {

// The file's bytes; empty where it cannot be read.
inline QByteArray readBytes(const QString &path)
{
    QFile f(path);
    return f.open(QIODevice::ReadOnly) ? f.readAll() : QByteArray();
}

// Replaces the file's bytes (a test failure where it cannot be opened).
inline void writeBytes(const QString &path, const QByteArray &bytes)
{
    QFile f(path);
    QVERIFY2(f.open(QIODevice::WriteOnly), qPrintable(path));
    QCOMPARE(f.write(bytes), qint64(bytes.size()));
}

} // namespace gatefold::test
