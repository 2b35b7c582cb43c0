#include "reportwriter.h"

#include "reportfiles.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QSaveFile>

#include <opencv2/imgcodecs.hpp>

#include <vector>

namespace gatefold::inspect {
namespace {

// Removes the files the report.json already in `dir` lists (only relative paths inside it).
void removePreviousReport(const QDir &dir)
{
    QFile file(dir.filePath(QStringLiteral("report.json")));
    if (!file.open(QIODevice::ReadOnly))
        return;
    const auto json = QJsonDocument::fromJson(file.readAll()).object();
    if (json.value(QLatin1String("format")).toString() != QLatin1String(kReportFormat))
        return;
    for (const auto &value : json.value(QLatin1String("files")).toArray()) {
        const QString relative = value.toString();
        if (relative.isEmpty() || QFileInfo(relative).isAbsolute() || relative.contains(QLatin1String("..")))
            continue;
        QFile::remove(dir.filePath(relative));
    }
    for (const char *sub : {"images", "attention", "rollout", "codebook"})
        dir.rmdir(QLatin1String(sub));  // only when left empty
}

} // namespace

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
    if (!QDir().mkpath(QFileInfo(target).absolutePath())) {
        m_error = QStringLiteral("cannot create the folder %1").arg(QFileInfo(target).absolutePath());
        return false;
    }
    QSaveFile file(target);
    if (!file.open(QIODevice::WriteOnly) || file.write(bytes) != bytes.size() || !file.commit()) {
        m_error = QStringLiteral("cannot write %1: %2").arg(target, file.errorString());
        return false;
    }
    m_written << relative;
    return true;
}

bool ReportFiles::writePng(const QString &relative, const cv::Mat &bgr)
{
    std::vector<uchar> bytes;
    try {
        if (!cv::imencode(".png", bgr, bytes)) {
            m_error = QStringLiteral("cannot encode %1 as PNG").arg(path(relative));
            return false;
        }
    } catch (const cv::Exception &e) {
        m_error = QStringLiteral("cannot encode %1 as PNG: %2").arg(path(relative), QString::fromStdString(e.msg));
        return false;
    }
    return write(relative, QByteArray(reinterpret_cast<const char *>(bytes.data()), qsizetype(bytes.size())));
}

bool writeReport(const InspectReport &report, const QString &dir, QString *error, QStringList *written)
{
    QString dummy;
    if (!error)
        error = &dummy;
    if (!QDir().mkpath(dir)) {
        *error = QStringLiteral("cannot create the folder %1; give another with --out").arg(dir);
        return false;
    }
    const QDir folder(dir);
    removePreviousReport(folder);
    ReportFiles files(folder.absolutePath());
    bool ok = false;
    try {
        ok = writeCsvTables(report, files) && writePictures(report, files);
    } catch (const std::exception &e) {
        *error = QStringLiteral("cannot draw the report's pictures: %1").arg(QString::fromLocal8Bit(e.what()));
        return false;
    }
    QStringList listed = files.written();
    listed << QStringLiteral("report.json");
    ok = ok && files.write(QStringLiteral("report.json"), reportJson(report, listed));
    if (!ok) {
        *error = files.error();
        return false;
    }
    if (written) {
        written->clear();
        for (const QString &relative : files.written())
            *written << files.path(relative);
    }
    return true;
}

} // namespace gatefold::inspect
