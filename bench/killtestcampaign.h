#pragma once

// The kill campaign: reference runs, then trials. Each trial starts a real
// gatefold-cli (train, resume, sweep or export) on its own store, SIGKILLs it
// at a random moment or in the window after a durable write it sees happen
// (inotify on the store's folder and the run directories), then checks the
// store, touches it with the CLI, brings every run to its end and compares
// everything with an uninterrupted run of the same config.

#include "killtestchecks.h"

#include <QString>
#include <QStringList>

#include <functional>
#include <map>
#include <random>
#include <vector>

namespace gatefold::killtest {

struct CampaignOptions {
    QString cli;
    QString workDir;
    int repeat = 1;              // trials per scenario
    std::uint64_t seed = 1;
    QStringList only;            // scenario names (empty: all)
    double secondKill = 0.35;    // chance that the resume after a kill is killed too
    bool keepAll = false;        // keep every trial's folder (else only those with problems)
    int processes = 1;           // data-parallel ranks of every run (compute.processes); the kills hit rank 0
};

struct TrialResult {
    QString scenario;
    int trial = 0;
    int kills = 0;    // SIGKILLs that interrupted a process
    int missed = 0;   // the process had ended before its kill came
    QStringList aims; // what each kill was aimed at
    Problems problems;
};

class Campaign
{
public:
    explicit Campaign(CampaignOptions options);

    QStringList scenarioNames() const;
    bool prepare(QString *error);
    void run();
    // A plain-text table per scenario and the totals; true when nothing was lost.
    bool report() const;

private:
    struct Scenario;

    std::vector<Scenario> scenarios() const;
    QStringList trainArguments(const QString &store) const;
    bool makeReference(const QString &name, const QStringList &arguments, QString *error);

    CampaignOptions m_options;
    std::mt19937_64 m_random;
    QStringList m_baseSettings;
    std::map<QString, RunReference> m_references;  // by run name
    QString m_referenceStore;   // a finished run (export trials start from a copy)
    QString m_stoppedStore;     // a run stopped mid-way (resume trials start from a copy)
    QString m_gridFile;
    std::map<QString, QString> m_exportedSha;  // file name → sha256 of an uninterrupted export
    double m_trainSeconds = 10;  // how long an uninterrupted train takes (random kill moments)
    double m_sweepSeconds = 20;
    double m_exportSeconds = 5;
    std::vector<TrialResult> m_results;
};

} // namespace gatefold::killtest
