#pragma once

// The rows of a small CSV file a test's subject wrote (no quoted commas in it).

#include <QFile>
#include <QList>
#include <QStringList>

namespace gatefold::test {

inline QList<QStringList> readCsv(const QString &path)
{
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly))
        return {};
    QList<QStringList> rows;
    const QString text = QString::fromUtf8(file.readAll());
    for (const QString &line : text.split(QLatin1Char('\n'), Qt::SkipEmptyParts))
        rows << line.split(QLatin1Char(','));
    return rows;
}

} // namespace gatefold::test
