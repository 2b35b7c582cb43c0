#pragma once

#include <torch/types.h>

#include <string>
#include <vector>

namespace gatefold::analysis {

// Raw numbers as CSV (RFC 4180, "\n" line ends): a 2-D tensor row by row, a
// 1-D tensor as one column. Every value is written in the shortest form that
// reads back to the same double (std::to_chars), so nothing is rounded away;
// NaN and infinities as "nan", "inf", "-inf". Optional labels: a header row
// (`columns`, preceded by `corner` when there are row labels) and a first
// column (`rows`); text is quoted where it needs to be.
struct CsvLabels {
    std::vector<std::string> columns;
    std::vector<std::string> rows;
    std::string corner;
};

std::string matrixToCsv(const torch::Tensor &values, const CsvLabels &labels = {});

// Writes matrixToCsv to `path`; false with the reason in `error` when the
// tensor is not 1-D/2-D, the labels do not fit it, or the file cannot be
// written.
bool writeMatrixCsv(const std::string &path, const torch::Tensor &values, const CsvLabels &labels = {},
                    std::string *error = nullptr);

} // namespace gatefold::analysis
