#pragma once

#include <QStringList>

namespace gatefold::cli {

// `gatefold-cli config`: the run config a preset, --config file (or - for
// standard input) and --set overrides give, validated; --keys lists the
// settings; --check runs the checks train runs before it creates a run
// (prerunchecks.h), --json prints the config, or with --check one object
// {"ok", "problems", "warnings", "data", "resources"} (contract C3).
int runConfig(const QStringList &arguments);

} // namespace gatefold::cli
