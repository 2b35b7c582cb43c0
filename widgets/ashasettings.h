#pragma once

#include <QCoreApplication>
#include <QList>
#include <QString>
#include <QStringList>

namespace gatefold::widgets {

// Early stopping of a sweep by asynchronous successive halving (ASHA), as the Sweep dialog sets it
// and `gatefold-cli sweep --early-stop asha` takes it: at each rung (an epoch) a run goes on only if
// it is in the top 1/η of the runs that reached that rung by `metric`.
struct AshaSettings {
    Q_DECLARE_TR_FUNCTIONS(AshaSettings)

public:
    QString metric = QStringLiteral("val/top1");
    bool higherIsBetter = true;  // --mode max; a loss: min
    QList<int> rungs;            // epochs, increasing
    int eta = 3;

    // --early-stop asha --metric M --mode max|min --rungs 1,3,9 --eta 3
    QStringList arguments() const;

    // Rungs as typed ("1, 3, 9"), read into `rungs`: whole numbers from 1 on, increasing, at most
    // `epochs` (the runs' train.epochs). False with what is wrong, in words, in `error`.
    static bool parseRungs(const QString &text, int epochs, QList<int> *rungs, QString *error);
    // The rungs offered by default: 1, η, η², … below `epochs` (a rung at the last epoch stops nothing).
    static QList<int> defaultRungs(int epochs, int eta);
};

} // namespace gatefold::widgets
