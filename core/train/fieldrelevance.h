#pragma once

#include "runfields.h"

#include <string>
#include <vector>

namespace gatefold::train {

// The values a setting accepts when it is a choice (gate.kind: none, cde,
// deep-embed; data.name: the data sets), taken from its own parser so the
// list can never drift from what is accepted; empty for free values.
std::vector<std::string> fieldChoices(const RunField &field);

// Whether `key` means anything for `config` (a form shows only those): the
// gate's settings with a gate, top-k only for soft top-k assignment, joining
// settings with parallel branches, data.path for file formats, the
// RandAugment magnitude with RandAugment on, …
bool fieldApplies(const RunConfig &config, const std::string &key);

} // namespace gatefold::train
