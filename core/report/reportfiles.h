#pragma once

#include <QByteArray>
#include <QString>
#include <QStringList>

namespace gatefold::report {

// The files of one report in one folder, each written whole (QSaveFile) or
// not at all; remembers what it wrote, relative to the folder, and the first
// reason a file could not be written.
class ReportFiles
{
public:
    explicit ReportFiles(QString dir);

    bool write(const QString &relative, const QByteArray &bytes);
    // Records why a file could not be made (e.g. a picture that cannot be encoded); returns false.
    bool fail(const QString &error);
    const QStringList &written() const { return m_written; }
    QString error() const { return m_error; }
    QString path(const QString &relative) const;

private:
    QString m_dir;
    QStringList m_written;
    QString m_error;
};

} // namespace gatefold::report
