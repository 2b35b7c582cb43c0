#pragma once

#include "config/trainconfig.h"
#include "train/datacheck.h"
#include "train/teacherref.h"

#include <optional>
#include <vector>

namespace gatefold::store {
class RunStore;
}

namespace gatefold::cli {

// distill.teacher checked before a run is created (contract C3): found in `store` (a finished run
// keeping that checkpoint; `store` may be null for a path) or on disk (a checkpoint file, a safetensors export), its file what was
// written (as init.from's), and its model fitting the student's (tokens, heads, layers, classes).
// The teacher, or nullopt with every problem (key: the setting) in `problems`.
std::optional<train::TeacherRef> checkedTeacher(store::RunStore *store, const train::RunConfig &config,
                                                std::vector<train::CheckItem> *problems);

// The same for config --check: the store at `storePath` opened only to read (problems when it
// cannot be). Nothing when the config does not distil.
std::vector<train::CheckItem> teacherProblems(const QString &storePath, const train::RunConfig &config);

} // namespace gatefold::cli
