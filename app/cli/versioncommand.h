#pragma once

#include <QStringList>

namespace gatefold::cli {

// gatefold-cli --version [--json]: the engine's version; with --json also the
// LibTorch and Qt it runs on and its devices (launch/engineinfo.h), what the
// window's About box shows.
int runVersion(const QStringList &arguments);

} // namespace gatefold::cli
