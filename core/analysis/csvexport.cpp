#include "csvexport.h"

#include <torch/torch.h>

#include <charconv>
#include <cmath>
#include <fstream>

namespace gatefold::analysis {
namespace {

std::string number(double v)
{
    if (std::isnan(v))
        return "nan";
    if (std::isinf(v))
        return v > 0 ? "inf" : "-inf";
    char buffer[32];
    const auto result = std::to_chars(buffer, buffer + sizeof buffer, v);
    return std::string(buffer, result.ptr);
}

std::string quoted(const std::string &text)
{
    if (text.find_first_of(",\"\n\r") == std::string::npos)
        return text;
    std::string out = "\"";
    for (char c : text) {
        if (c == '"')
            out += '"';
        out += c;
    }
    return out + '"';
}

// The problem with `values` and `labels`, or an empty string.
std::string problemWith(const torch::Tensor &values, const CsvLabels &labels)
{
    if (!values.defined() || values.dim() < 1 || values.dim() > 2)
        return "only vectors and matrices can be written as CSV";
    const int64_t rows = values.size(0), cols = values.dim() == 2 ? values.size(1) : 1;
    if (!labels.columns.empty() && int64_t(labels.columns.size()) != cols)
        return "there are " + std::to_string(labels.columns.size()) + " column labels for " + std::to_string(cols)
            + " columns";
    if (!labels.rows.empty() && int64_t(labels.rows.size()) != rows)
        return "there are " + std::to_string(labels.rows.size()) + " row labels for " + std::to_string(rows)
            + " rows";
    return {};
}

} // namespace

std::string matrixToCsv(const torch::Tensor &values, const CsvLabels &labels)
{
    TORCH_CHECK(problemWith(values, labels).empty(), "matrixToCsv: ", problemWith(values, labels));
    const auto m = values.detach().to(torch::kCPU, torch::kFloat64).reshape({values.size(0), -1}).contiguous();
    const auto a = m.accessor<double, 2>();
    std::string out;
    const bool rowLabels = !labels.rows.empty();
    if (!labels.columns.empty()) {
        if (rowLabels)
            out += quoted(labels.corner) + ',';
        for (size_t c = 0; c < labels.columns.size(); ++c)
            out += (c ? "," : "") + quoted(labels.columns[c]);
        out += '\n';
    }
    for (int64_t r = 0; r < m.size(0); ++r) {
        if (rowLabels)
            out += quoted(labels.rows[size_t(r)]) + ',';
        for (int64_t c = 0; c < m.size(1); ++c)
            out += (c ? "," : "") + number(a[r][c]);
        out += '\n';
    }
    return out;
}

bool writeMatrixCsv(const std::string &path, const torch::Tensor &values, const CsvLabels &labels,
                    std::string *error)
{
    const std::string problem = problemWith(values, labels);
    if (!problem.empty()) {
        if (error)
            *error = "Cannot write " + path + ": " + problem + ".";
        return false;
    }
    std::ofstream file(path, std::ios::binary | std::ios::trunc);
    file << matrixToCsv(values, labels);
    file.close();
    if (!file) {
        if (error)
            *error = "Cannot write " + path + ": check that its folder exists and is writable.";
        return false;
    }
    return true;
}

} // namespace gatefold::analysis
