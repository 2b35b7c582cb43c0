#pragma once

// report.json: every number of an InspectReport as one JSON object, the
// contract between the engine (`gatefold-cli analyze` writes it) and the
// window (reads it with reportreader.h). README.md, "Analysis reports",
// documents the keys.

#include "inspectreport.h"

#include <QByteArray>
#include <QStringList>

namespace gatefold::report {

// The layout's name and version, report.json's "format" key. /2 added each
// image's pixels (`rgb`) and the recorded `history`; /3 the ViT paper's
// `embedding_filters` and `position_similarity` (issue #19), so that an older
// reader names the version rather than an unknown key. A reader refuses any other.
inline constexpr const char *kReportFormat = "gatefold-inspect/3";

// `report` as report.json; `files` are the report's files relative to its
// folder (report.json included). Doubles are written in their shortest exact
// form, NaN as null, ±infinity and −0 as the texts "inf", "-inf" and "-0";
// pixels as base64 of their RGB bytes.
QByteArray reportJson(const InspectReport &report, const QStringList &files);

} // namespace gatefold::report
