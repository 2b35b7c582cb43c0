#pragma once

// An InspectReport as files (the layout is in README.md, "Files it reads and
// writes" → "Analysis reports"):
//
//   report.json            every number of the report and the list of files
//   images.csv             one row per image: source, label, prediction
//   attention.csv          layer,head,branch,image,row,col,value
//   rollout.csv            image,row,col,value
//   mean_distance.csv      layer,head,distance_px
//   codebook_summary.csv   block,codes,perplexity,dead_codes,mean_entropy,mean_gate_norm
//   codebook_usage.csv     block,code,usage
//   code_maps.csv          block,image,row,col,code
//   codebook_top_images.csv block,code,rank,image,patches
//   branch_similarity.csv  block,module,i,j,value   (module: attention, mlp)
//   weight_similarity.csv  block,module,i,j,value   (module: qk, vo, fc1, fc2)
//   cka.csv                layer,other_layer,value
//   images/, attention/, rollout/, codebook/, *.png   pictures (OpenCV colour maps)
//
// CSV files are long ("tidy") tables, one value per row, RFC 4180, every
// double in the shortest form that reads back to the same value ("nan" for
// NaN). Only the files of the views the report holds are written.

#include "inspectreport.h"

#include <QString>
#include <QStringList>

namespace gatefold::inspect {

// The JSON layout's name and version, the "format" key of report.json.
inline constexpr const char *kReportFormat = "gatefold-inspect/1";

// Writes `report` into `dir` (created if missing); files a previous report
// wrote there (as its report.json lists them) are removed first, so the
// folder holds one report. Each file is written whole or not at all.
// `written` gets the absolute path of every file written, report.json last.
// false with the reason in `error` when a file cannot be written.
bool writeReport(const InspectReport &report, const QString &dir, QString *error, QStringList *written = nullptr);

} // namespace gatefold::inspect
