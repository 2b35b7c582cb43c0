#include "ashasettings.h"

#include <QCoreApplication>
#include <QJsonArray>
#include <QJsonDocument>

namespace gatefold::search {
namespace {

QString tr(const char *text)
{
    return QCoreApplication::translate("cli", text);
}

} // namespace

QJsonObject AshaSettings::toJson() const
{
    QJsonArray list;
    for (int r : rungs)
        list.append(r);
    return {{"kind", "asha"},
            {"metric", metric},
            {"mode", maximise ? "max" : "min"},
            {"rungs", list},
            {"eta", eta}};
}

std::optional<AshaSettings> AshaSettings::fromJson(const QJsonObject &object, QStringList *errors)
{
    const qsizetype before = errors->size();
    AshaSettings s;
    if (object.value("kind").toString() != QLatin1String("asha"))
        errors->append(tr("early stopping: kind must be \"asha\""));
    s.metric = object.value("metric").toString();
    const QString mode = object.value("mode").toString();
    if (mode != QLatin1String("max") && mode != QLatin1String("min"))
        errors->append(tr("early stopping: mode must be max or min, not '%1'").arg(mode));
    s.maximise = mode != QLatin1String("min");
    for (const QJsonValue &v : object.value("rungs").toArray()) {
        const qint64 r = v.isDouble() ? v.toInteger(-1) : -1;
        if (r < 1 || r > 1000000)
            errors->append(tr("early stopping: every rung is a whole number of epochs >= 1"));
        s.rungs.push_back(int(r));
    }
    s.eta = int(object.value("eta").toInteger(0));
    errors->append(s.problems(0));
    if (errors->size() != before)
        return std::nullopt;
    return s;
}

QStringList AshaSettings::problems(int shortestEpochs) const
{
    QStringList out;
    if (metric.trimmed().isEmpty())
        out << tr("--metric: name the metric the rungs rank by, e.g. val/top1");
    if (rungs.empty())
        out << tr("--rungs: give the rungs in epochs, e.g. 1,3,9");
    for (size_t i = 1; i < rungs.size(); ++i)
        if (rungs[i] <= rungs[i - 1]) {
            out << tr("--rungs: each rung must lie beyond the one before (%1 after %2)").arg(rungs[i]).arg(rungs[i - 1]);
            break;
        }
    if (eta < 2 || eta > 100)
        out << tr("--eta must lie between 2 and 100, not %1").arg(eta);
    if (shortestEpochs > 0 && !rungs.empty() && rungs.back() > shortestEpochs)
        out << tr("--rungs: rung %1 lies beyond the runs' end (a run of the sweep trains %2 epochs); lower the "
                  "rungs or raise train.epochs")
                   .arg(rungs.back())
                   .arg(shortestEpochs);
    return out;
}

std::optional<std::vector<int>> parseRungs(const QString &text, QString *error)
{
    std::vector<int> rungs;
    for (const QString &part : text.split(',')) {
        bool ok = false;
        const int r = part.trimmed().toInt(&ok);
        if (!ok || r < 1) {
            *error = tr("--rungs: '%1' is not a whole number of epochs >= 1 (e.g. --rungs 1,3,9)").arg(part.trimmed());
            return std::nullopt;
        }
        rungs.push_back(r);
    }
    return rungs;
}

std::optional<AshaSettings> ashaOfSearch(const QByteArray &searchJson)
{
    const QJsonObject early = QJsonDocument::fromJson(searchJson).object().value("early_stop").toObject();
    if (early.isEmpty())
        return std::nullopt;
    QStringList errors;
    return AshaSettings::fromJson(early, &errors);
}

} // namespace gatefold::search
