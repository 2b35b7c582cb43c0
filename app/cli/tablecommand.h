#pragma once

#include <QStringList>

namespace gatefold::cli {

// gatefold-cli table: a LaTeX or CSV table over runs of the store (core/tables).
int runTable(const QStringList &arguments);

} // namespace gatefold::cli
