#include "earlystopoptions.h"
#include "clitext.h"

#include "tables/metricdirection.h"

#include <QCommandLineParser>

namespace gatefold::cli {

void addEarlyStopOptions(QCommandLineParser &parser)
{
    parser.addOption({"early-stop", tr("Stop runs early: asha (asynchronous successive halving). Runs pause at each "
                                       "rung; the best 1/eta of those that reached it go on, the others stay "
                                       "'stopped' (resumable). With --slurm each job (a new run to its first rung, a promoted one to "
                                       "its next) is its own Slurm job, --parallel of them in flight (default 1), "
                                       "decided on by this process (keep it running on the login node)."),
                      tr("kind")});
    parser.addOption({"metric", tr("With --early-stop: the metric the rungs rank by (default val/top1; one the "
                                   "runs evaluate every epoch: val/top1, val/top5, val/loss)."),
                      tr("key")});
    parser.addOption({"mode", tr("With --early-stop: max or min, which way the metric is better (default: by "
                                 "the metric, e.g. min for val/loss)."),
                      tr("max|min")});
    parser.addOption({"rungs", tr("With --early-stop: the rungs in epochs, e.g. 1,3,9 (each within every run's "
                                  "train.epochs)."),
                      tr("list")});
    parser.addOption({"eta", tr("With --early-stop: the best 1/eta of a rung go on (default 3)."), tr("n")});
    parser.addOption({"continue", tr("Go on with sweep ID after its controller stopped or died: its interrupted "
                                     "runs continue from their checkpoints, its decisions stand (early-stopping "
                                     "sweeps)."),
                      tr("id")});
}

std::optional<search::AshaSettings> earlyStopFromOptions(const QCommandLineParser &parser, int shortestEpochs,
                                                         QStringList *errors)
{
    const qsizetype before = errors->size();
    if (!parser.isSet("early-stop")) {
        for (const char *name : {"metric", "mode", "rungs", "eta"})
            if (parser.isSet(QString::fromLatin1(name)))
                errors->append(tr("--%1 belongs to --early-stop asha; add it, or leave --%1 out").arg(QLatin1String(name)));
        return std::nullopt;
    }
    if (parser.value("early-stop") != QLatin1String("asha"))
        errors->append(tr("--early-stop: '%1' is not a kind of early stopping; the kind is asha").arg(parser.value("early-stop")));
    search::AshaSettings s;
    if (parser.isSet("metric"))
        s.metric = parser.value("metric").trimmed();
    if (!s.metric.startsWith(QLatin1String("val/")))
        errors->append(tr("--metric: %1 is not evaluated at the end of every epoch; rank by val/top1, val/top5 or "
                          "val/loss")
                           .arg(s.metric));
    const QString mode = parser.isSet("mode") ? parser.value("mode") : QString();
    if (!mode.isEmpty() && mode != QLatin1String("max") && mode != QLatin1String("min"))
        errors->append(tr("--mode must be max or min, not '%1'").arg(mode));
    s.maximise = mode.isEmpty() ? tables::higherIsBetter(s.metric) : mode == QLatin1String("max");
    if (!parser.isSet("rungs")) {
        errors->append(tr("--early-stop asha needs --rungs, the epochs runs pause at, e.g. --rungs 1,3,9"));
    } else {
        QString why;
        if (const auto rungs = search::parseRungs(parser.value("rungs"), &why))
            s.rungs = *rungs;
        else
            errors->append(why);
    }
    if (parser.isSet("eta")) {
        bool ok = false;
        const int eta = parser.value("eta").trimmed().toInt(&ok);
        if (ok)
            s.eta = eta;
        else
            errors->append(tr("--eta must be a whole number from 2 to 100, not '%1'").arg(parser.value("eta")));
    }
    if (!s.rungs.empty())
        errors->append(s.problems(shortestEpochs));
    else if (s.eta < 2 || s.eta > 100)
        errors->append(tr("--eta must lie between 2 and 100, not %1").arg(s.eta));
    if (errors->size() != before)
        return std::nullopt;
    return s;
}

} // namespace gatefold::cli
