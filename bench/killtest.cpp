// kill -9 at scale (issue #16): SIGKILLs real gatefold-cli processes —
// training, resuming, sweeping, exporting — at random moments and in every
// window between two durable writes it can see (inotify on the store's
// folder, its -wal and the run directories), then checks that nothing
// committed was lost and that every run ends bit-for-bit as an uninterrupted
// one. See killtestcampaign.h; figures in bench/RESULTS.md.
//
//   build/ci/bench/killtest [--repeat N] [--seed S] [--only a,b] [--work DIR] [--keep] [--cli PATH]

#include "killtestcampaign.h"
#include "killtestprocess.h"

#include <QCommandLineParser>
#include <QCoreApplication>
#include <QDateTime>
#include <QDir>
#include <QElapsedTimer>
#include <QFileInfo>
#include <QTemporaryDir>

#include <algorithm>

#include <cstdio>

using namespace gatefold::killtest;

int main(int argc, char **argv)
{
    QCoreApplication app(argc, argv);
    QCommandLineParser parser;
    parser.setApplicationDescription(QStringLiteral("SIGKILL gatefold-cli at random moments and between durable writes; "
                                                    "check that nothing committed is lost."));
    parser.addHelpOption();
    parser.addOption({"repeat", "Trials per scenario (default 6).", "n", "6"});
    parser.addOption({"seed", "Random seed of the kill moments (default 1).", "n", "1"});
    parser.addOption({"only", "Comma-separated scenario names (default all).", "names"});
    parser.addOption({"work", "Folder for the stores (default: a temporary one, removed).", "dir"});
    parser.addOption({"keep", "Keep every trial's folder (default: only those with problems)."});
    parser.addOption({"second-kill", "Chance that the resume after a kill is killed too (default 0.35).", "p", "0.35"});
    parser.addOption({"cli", "The gatefold-cli to kill.", "path", QStringLiteral(GATEFOLD_CLI_PATH)});
    parser.addOption({"list", "List the scenarios and exit."});
    parser.addOption({"nproc", "Train every run with N data-parallel ranks (compute.processes; default 1); the "
                               "kills hit rank 0, whose ranks die with it.", "n", "1"});
    parser.process(app);

    CampaignOptions options;
    options.cli = parser.value("cli");
    options.repeat = parser.value("repeat").toInt();
    options.seed = parser.value("seed").toULongLong();
    options.only = parser.value("only").split(',', Qt::SkipEmptyParts);
    options.keepAll = parser.isSet("keep");
    options.secondKill = parser.value("second-kill").toDouble();
    options.processes = std::max(1, parser.value("nproc").toInt());
    QTemporaryDir temporary(QDir::tempPath() + "/gatefold-killtest-XXXXXX");
    options.workDir = parser.isSet("work") ? QDir(parser.value("work")).absolutePath() : temporary.path();
    if (!parser.isSet("work"))
        temporary.setAutoRemove(!options.keepAll);

    Campaign campaign(options);
    if (parser.isSet("list")) {
        for (const QString &name : campaign.scenarioNames())
            std::printf("%s\n", qPrintable(name));
        return 0;
    }
    if (!QFileInfo(options.cli).isExecutable()) {
        std::fprintf(stderr, "killtest: %s is not an executable gatefold-cli: build it (cmake --build --preset ci "
                             "--target gatefold-cli) or name one with --cli PATH\n", qPrintable(options.cli));
        return 2;
    }
    EngineProcess::becomeSubreaper();
    std::printf("killtest: %s, %d trial(s) per scenario, seed %llu, in %s\n", qPrintable(options.cli), options.repeat,
                static_cast<unsigned long long>(options.seed), qPrintable(options.workDir));
    QElapsedTimer clock;
    clock.start();
    QString error;
    if (!campaign.prepare(&error)) {
        std::fprintf(stderr, "killtest: %s\n", qPrintable(error));
        return 2;
    }
    campaign.run();
    const bool clean = campaign.report();
    std::printf("%s, %.0f s\n", qPrintable(QDateTime::currentDateTime().toString(Qt::ISODate)), clock.elapsed() / 1000.0);
    if (!clean && !parser.isSet("work"))
        temporary.setAutoRemove(false), std::printf("trial folders with problems kept in %s\n", qPrintable(options.workDir));
    return clean ? 0 : 1;
}
