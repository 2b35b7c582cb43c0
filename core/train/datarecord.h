#pragma once

#include "datacheck.h"
#include "config/trainconfig.h"
#include "trainevents.h"

#include "store/runstore.h"

#include <QString>

#include <memory>
#include <optional>

namespace gatefold::train {

// The data set a run was created for, recorded with the run as an artifact
// of this kind (path: data.path; info: name, classes, channels, images per
// split and per class). A resume, and the start of a queued run, compare the
// data set they find with it, so that a run never continues on other data
// than it began with.
inline constexpr char dataSetArtifactKind[] = "data/set";

// The record of `facts` (the data set of `config`) for run `runId`; nullopt
// for a data set read from no files (the built-in one: a function of the
// config, it cannot change).
std::optional<store::Artifact> dataSetArtifact(qint64 runId, const DataFacts &facts, const RunConfig &config);

// The data set recorded for run `runId` (the newest record), if any.
std::optional<DataFacts> recordedDataSet(store::RunStore &store, qint64 runId);

// How the data set found now differs from the one recorded — its classes (by
// name, in label order), its channels, its images per split and per class —
// as a sentence ("it now has the classes a, zz; the run was created with a, b");
// empty when they agree.
QString dataSetChange(const DataFacts &recorded, const DataFacts &now);

// A resume's data set, opened before the run is touched: it must open, fit
// the run's config and be the one recorded with the run; else nullptr and
// `refusal` says why and what to do (the run stays as it was). A config that
// cannot be read or is invalid gives nullptr and no refusal: training the
// run fails it for that, as before.
std::unique_ptr<data::Dataset> openResumeData(store::RunStore &store, const store::RunRecord &record,
                                              QString *refusal);

// After the run's trainer opened `data`: records it with the run the first
// time the run trains (a message through `events` if the store refuses);
// later, false with `error` when it is not the recorded one.
bool noteDataSet(store::RunStore &store, qint64 runId, const RunConfig &config, const data::Dataset &data,
                 TrainEvents *events, QString *error);

} // namespace gatefold::train
