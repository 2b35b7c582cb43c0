#include "costmeasure.h"
#include "clitext.h"

#include "clicommon.h"
#include "runoptions.h"

#include "json/usertext.h"
#include "tables/timingline.h"
#include "timing/forwardtiming.h"

#include <QCommandLineParser>

namespace gatefold::cli {
namespace {

// One config file timed as asked.
tables::TimingLine measureOne(int index, const QString &file, bool deployed, bool latency, bool throughput)
{
    tables::TimingLine line;
    line.index = index;
    line.config = file;
    line.deployed = deployed;
    QString error;
    const auto json = json::readUserText(file, &error);
    if (!json) {
        line.error = error;
        return line;
    }
    if (latency)
        line.latencyMs = timing::runLatencyMs(*json, deployed, &error);
    if (error.isEmpty() && throughput)
        line.throughput = timing::runThroughput(*json, deployed, &error);
    if (!error.isEmpty()) {
        line.error = error;
        line.latencyMs.reset();
        line.throughput.reset();
    }
    return line;
}

void printLine(const tables::TimingLine &line, bool json)
{
    if (json) {
        printOut(QString::fromUtf8(tables::timingLineJson(line)));
        return;
    }
    if (!line.error.isEmpty()) {
        printOut(tr("%1: cannot be timed: %2").arg(line.config, line.error));
        return;
    }
    QStringList parts;
    if (line.latencyMs)
        parts << tr("latency %1 ms").arg(*line.latencyMs, 0, 'f', 3);
    if (line.throughput)
        parts << tr("throughput %1 images/s").arg(*line.throughput, 0, 'f', 1);
    printOut(QStringLiteral("%1: %2").arg(line.config, parts.join(QStringLiteral(", "))));
}

} // namespace

void addMeasureOptions(QCommandLineParser &parser)
{
    parser.addOption({"measure", tr("Time the models of the run config files given: latency (ms of one image, one "
                                    "thread), throughput (images/s of a batch of 32), or both comma-separated."),
                      tr("list")});
    parser.addOption({"as-trained", tr("With --measure: time a joining run as trained, not in its folded deploy form.")});
    parser.addOption({"json", tr("With --measure: one JSON object per config, as each is timed.")});
    parser.addPositionalArgument(QStringLiteral("CONFIG"), tr("With --measure: run config files (as train --config "
                                                              "reads them; - for standard input)."),
                                 QStringLiteral("[CONFIG…]"));
}

int runMeasure(const QCommandLineParser &parser)
{
    QStringList problems;
    const QStringList measures = parser.value("measure").split(QLatin1Char(','), Qt::SkipEmptyParts);
    for (const QString &m : measures)
        if (m != QLatin1String("latency") && m != QLatin1String("throughput"))
            problems << tr("--measure: '%1' is not a measure; use latency, throughput or both").arg(m);
    if (measures.isEmpty())
        problems << tr("--measure: name latency, throughput or both");
    const QStringList files = parser.positionalArguments();
    if (files.isEmpty())
        problems << tr("--measure: give the run config files to time (gatefold-cli config --json writes one)");
    if (files.count(QStringLiteral("-")) > 1)
        problems << tr("standard input (-) can be read once");
    if (!problems.isEmpty()) {
        printErrors(tr("cannot measure:"), problems);
        return ExitUsage;
    }
    const bool deployed = !parser.isSet("as-trained");
    bool all = true;
    for (int i = 0; i < files.size(); ++i) {
        const auto line = measureOne(i, files[i], deployed, measures.contains(QStringLiteral("latency")),
                                     measures.contains(QStringLiteral("throughput")));
        all = all && line.error.isEmpty();
        printLine(line, parser.isSet("json"));
    }
    return all ? ExitOk : ExitFailure;
}

} // namespace gatefold::cli
