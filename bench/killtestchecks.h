#pragma once

// What the kill test demands of a store after a kill and after the runs are
// brought to their end, as named problems ("category: detail"). The
// categories are the summary's columns.

#include "killtestcheckpoint.h"
#include "killteststore.h"

#include <QStringList>

#include <map>

namespace gatefold::killtest {

// An uninterrupted run of the same config: what every killed one must end as.
struct RunReference {
    std::map<std::pair<QString, qint64>, double> metrics;
    CheckpointFacts last;
    CheckpointFacts best;
    std::int64_t bestStep = -1;
};

// Metrics whose values are timings (they differ between any two runs): only their presence is compared.
bool isTimingMetric(const QString &key);

// The step of the best val/top1 (the first one if tied), as the trainer keeps it.
std::int64_t bestStepOf(const RunRow &run);

RunReference referenceOf(const QString &storeFile, const RunRow &run, QString *error);

class Problems
{
public:
    void add(const QString &category, const QString &detail);
    bool empty() const { return m_items.isEmpty(); }
    const QStringList &items() const { return m_items; }
    QStringList categories() const;

private:
    QStringList m_items;
};

// Right after a kill: the store opens and is whole, its summaries agree.
void checkAfterKill(const StoreState &state, Problems *problems);

// Every point committed before the kill is still there with its value.
void checkCommittedKept(const RunRow &beforeTouch, const RunRow &final, Problems *problems);

// The finished run equals its reference: metrics, last and best checkpoints,
// and the best/last records agree with their files and with the run.
void checkFinishedRun(const QString &storeFile, const RunRow &run, const RunReference &reference, Problems *problems);

} // namespace gatefold::killtest
