#pragma once

#include "train/datacheck.h"
#include "config/trainconfig.h"

#include <QJsonObject>
#include <QStringList>

#include <vector>

namespace gatefold::cli {

// What `gatefold-cli train`, `sweep` (every point) and `config --check` find
// before a run is created (contract C3): the data set against the config
// (train::checkData) and the resources the model needs (the engine's
// train::checkResources, where it is built in).
struct PreRunCheck {
    std::vector<train::CheckItem> problems;
    std::vector<train::CheckItem> warnings;
    train::DataFacts data;
    qint64 parameters = 0;
    qint64 activationBytes = 0;
    qint64 checkpointBytes = 0;
    qint64 memoryLimitBytes = 0;
};

// The checks of a config that is valid on its own (validateRunConfig); with
// `resources` false only those of its data set (a config with other problems:
// the estimate may assume a valid model).
PreRunCheck checkBeforeCreating(const train::RunConfig &config, train::DataCheckCache *cache = nullptr,
                                bool resources = true);

// For train: prints each warning to stderr ("warning: key: message") and
// returns the problems as "key: message" lines; `facts` (when given) receives
// what the data set holds, to be recorded with the run.
QStringList preRunProblems(const train::RunConfig &config, train::DataCheckCache *cache = nullptr,
                           train::DataFacts *facts = nullptr);

// Values valid but unlikely to be meant (config/plausibility.h: optim.lr = 2), as "key: message"
// items: train and sweep print them as warnings, config --check lists them; none stops a run.
std::vector<train::CheckItem> plausibilityItems(const train::RunConfig &config);

// The "data" and "resources" members of config --check --json.
QJsonObject dataJson(const train::DataFacts &data);
QJsonObject resourcesJson(const PreRunCheck &check);

} // namespace gatefold::cli
