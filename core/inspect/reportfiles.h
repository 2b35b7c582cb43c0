#pragma once

// The parts of writeReport(): one folder's files, the CSV tables, the
// pictures and report.json.

#include "inspectreport.h"

#include <QByteArray>
#include <QString>
#include <QStringList>

#include <opencv2/core/mat.hpp>

namespace gatefold::inspect {

// The files of one report in one folder, each written whole (QSaveFile) or
// not at all; remembers what it wrote, relative to the folder.
class ReportFiles
{
public:
    explicit ReportFiles(QString dir);

    bool write(const QString &relative, const QByteArray &bytes);
    bool writePng(const QString &relative, const cv::Mat &bgr);
    const QStringList &written() const { return m_written; }
    QString error() const { return m_error; }
    QString path(const QString &relative) const;

private:
    QString m_dir;
    QStringList m_written;
    QString m_error;
};

// The shortest text that reads back to the same double ("nan", "inf", "-inf").
QByteArray exactNumber(double value);

bool writeCsvTables(const InspectReport &report, ReportFiles &files);
bool writePictures(const InspectReport &report, ReportFiles &files);
// report.json: every number of the report; `files` relative to its folder.
QByteArray reportJson(const InspectReport &report, const QStringList &files);

} // namespace gatefold::inspect
