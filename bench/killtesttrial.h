#pragma once

// One trial of the kill campaign (see killtestcampaign.h): its folder, its
// victim process, the kill and everything checked after it.

#include "killtestcampaign.h"
#include "killtestwatch.h"

#include <functional>
#include <memory>

namespace gatefold::killtest {

// Where and how to kill: after `delaySeconds` (a random moment), at the
// first file event `match` accepts, or — exactly between two durable writes —
// by the engine itself at a test kill point (GATEFOLD_TEST_KILL_AT=<point>#<n>,
// core/train/testkillpoint.h; a gatefold-cli without those points runs to its
// end and the trial counts as missed).
struct KillAim {
    QString what;
    double delaySeconds = -1;
    std::function<bool(const FileEvent &)> match;
    QString killPoint;        // <point>#<n>
    QStringList environment;  // more variables for the victim (e.g. GATEFOLD_TEST_SLEEP_AT to reach a window)
    bool leaderOnly = false;  // kill the sweep's own process and leave its engines running
};

enum class Victim { Train, Resume, Sweep, Export };

struct TrialSetup {
    Victim victim = Victim::Train;
    QString copyFrom;  // a store folder the trial starts from (resume, export)
    QStringList arguments;
    KillAim aim;
};

class TrialRunner
{
public:
    TrialRunner(const CampaignOptions &options, const std::map<QString, RunReference> &references,
                const std::map<QString, QString> &exportedSha, double trainSeconds, std::mt19937_64 &random);

    TrialResult run(const QString &scenario, int index, const QString &dir, const TrialSetup &setup);

private:
    // Starts the process, kills it as aimed; false when it had ended before.
    bool startAndKill(const QStringList &arguments, const KillAim &aim, const QString &log, TrialResult *result);
    // The checks right after a kill, then the CLI touch; the store as it was before the touch.
    StoreState afterKill(TrialResult *result);
    // Resumes or starts every run that is not finished (a resume may be killed once more).
    void bringRunsToEnd(TrialResult *result, StoreState *committed);
    void checkExport(const StoreState &state, bool final, TrialResult *result);
    QString logFile(const QString &what);

    const CampaignOptions &m_options;
    const std::map<QString, RunReference> &m_references;
    const std::map<QString, QString> &m_exportedSha;
    double m_trainSeconds;
    std::mt19937_64 &m_random;
    QString m_dir;
    QString m_store;
    int m_logs = 0;
    std::unique_ptr<FileEvents> m_events;
};

// Copies a folder tree (a store with its run directories).
bool copyTree(const QString &from, const QString &to);
QString exportFolder(const QString &storeDir);

} // namespace gatefold::killtest
