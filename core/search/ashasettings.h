#pragma once

// A sweep's early stopping (issue 21): asynchronous successive halving (ASHA, Li et al. 2018) over
// rungs in epochs, as recorded with the sweep (store::Sweep::searchJson, "early_stop").

#include <QByteArray>
#include <QJsonObject>
#include <QString>
#include <QStringList>

#include <optional>
#include <vector>

namespace gatefold::search {

struct AshaSettings {
    QString metric = QStringLiteral("val/top1");
    bool maximise = true;    // --mode max (min: lower is better)
    std::vector<int> rungs;  // epochs, increasing, >= 1
    int eta = 3;             // the top 1/eta of a rung go on

    QJsonObject toJson() const;  // {"kind": "asha", "metric", "mode", "rungs", "eta"}
    // From toJson()'s object; nullopt with every problem in `errors`.
    static std::optional<AshaSettings> fromJson(const QJsonObject &object, QStringList *errors);
    // Problems with the settings themselves and against runs of `shortestEpochs` epochs (every rung
    // must lie within every run), each a sentence saying what to do.
    QStringList problems(int shortestEpochs) const;
};

// Parses "1,3,9" (whole numbers); nullopt with `error`.
std::optional<std::vector<int>> parseRungs(const QString &text, QString *error);

// The early stopping a sweep's recorded search settings hold, if any (nullopt: none, or unreadable).
std::optional<AshaSettings> ashaOfSearch(const QByteArray &searchJson);

} // namespace gatefold::search
