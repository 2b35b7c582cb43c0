#include "reportwriter.h"

#include "reportpictures.h"

#include "report/reportcsv.h"
#include "report/reportfiles.h"
#include "report/reportjson.h"
#include "report/reportreader.h"

#include <QDir>
#include <QFile>

namespace gatefold::inspect {
namespace {

// Removes the files the report.json already in `dir` lists (only relative paths inside it).
void removePreviousReport(const QDir &dir)
{
    QFile file(dir.filePath(QStringLiteral("report.json")));
    if (!file.open(QIODevice::ReadOnly))
        return;
    for (const QString &relative : report::reportFileList(file.readAll()))
        QFile::remove(dir.filePath(relative));
    for (const char *sub : {"images", "attention", "rollout", "codebook"})
        dir.rmdir(QLatin1String(sub));  // only when left empty
}

bool writeTablesAndPictures(const InspectReport &report, report::ReportFiles &files, QString *error)
{
    for (const auto &table : report::csvTables(report))
        if (!files.write(table.file, table.bytes))
            return false;
    try {
        return writePictures(report, files);
    } catch (const std::exception &e) {
        *error = QStringLiteral("cannot draw the report's pictures: %1").arg(QString::fromLocal8Bit(e.what()));
        return false;
    }
}

} // namespace

bool writeReport(const InspectReport &report, const QString &dir, QString *error, QStringList *written,
                 ReportParts parts)
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
    report::ReportFiles files(folder.absolutePath());
    error->clear();
    if (parts == ReportParts::Everything && !writeTablesAndPictures(report, files, error)) {
        if (error->isEmpty())
            *error = files.error();
        return false;
    }
    QStringList listed = files.written();
    listed << QStringLiteral("report.json");
    if (!files.write(QStringLiteral("report.json"), report::reportJson(report, listed))) {
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
