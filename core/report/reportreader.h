#pragma once

// The one reader of report.json (reportjson.h writes it): strict, so that a
// window never shows numbers it did not get whole. Refused, each with where
// and what: another format or version, a file that is not JSON (truncated,
// empty), a key missing, unknown or of the wrong type, and numbers the
// report's own shape rules out (a map of the wrong size, an image, class,
// code or block index out of range, a confidence outside [0, 1], pixels that
// are not width × height × 3 bytes).

#include "inspectreport.h"

#include <QByteArray>
#include <QString>
#include <QStringList>

#include <optional>

namespace gatefold::report {

// The report in `json`; `files` (if given) gets the report's own list of its
// files. nullopt with one sentence in `error` saying what is wrong and where.
std::optional<InspectReport> readReportJson(const QByteArray &json, QString *error, QStringList *files = nullptr);

// The same for a file; `error` names the file and says to compute the report
// again (`gatefold-cli analyze`).
std::optional<InspectReport> readReportFile(const QString &path, QString *error, QStringList *files = nullptr);

// Only the list of files a report.json of any gatefold-inspect version names
// (relative paths inside its folder; others dropped), for removing a previous
// report before a new one is written. Empty for anything else.
QStringList reportFileList(const QByteArray &json);

} // namespace gatefold::report
