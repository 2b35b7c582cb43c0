#include "reportfiles.h"

#include <QDir>
#include <QFileInfo>
#include <QSaveFile>

namespace gatefold::report {

ReportFiles::ReportFiles(QString dir)
    : m_dir(std::move(dir))
{
}

QString ReportFiles::path(const QString &relative) const
{
    return QDir(m_dir).filePath(relative);
}

bool ReportFiles::write(const QString &relative, const QByteArray &bytes)
{
    const QString target = path(relative);
    if (!QDir().mkpath(QFileInfo(target).absolutePath()))
        return fail(QStringLiteral("cannot create the folder %1").arg(QFileInfo(target).absolutePath()));
    QSaveFile file(target);
    if (!file.open(QIODevice::WriteOnly) || file.write(bytes) != bytes.size() || !file.commit())
        return fail(QStringLiteral("cannot write %1: %2").arg(target, file.errorString()));
    m_written << relative;
    return true;
}

bool ReportFiles::fail(const QString &error)
{
    if (m_error.isEmpty())
        m_error = error;
    return false;
}

} // namespace gatefold::report
