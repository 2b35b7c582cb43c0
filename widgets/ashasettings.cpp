#include "ashasettings.h"

#include <algorithm>

namespace gatefold::widgets {

QStringList AshaSettings::arguments() const
{
    QStringList rungTexts;
    for (int r : rungs)
        rungTexts << QString::number(r);
    return {QStringLiteral("--early-stop"), QStringLiteral("asha"),
            QStringLiteral("--metric"),     metric,
            QStringLiteral("--mode"),       higherIsBetter ? QStringLiteral("max") : QStringLiteral("min"),
            QStringLiteral("--rungs"),      rungTexts.join(QLatin1Char(',')),
            QStringLiteral("--eta"),        QString::number(eta)};
}

bool AshaSettings::parseRungs(const QString &text, int epochs, QList<int> *rungs, QString *error)
{
    rungs->clear();
    const QStringList parts = text.split(QLatin1Char(','), Qt::SkipEmptyParts);
    for (const QString &part : parts) {
        bool ok = false;
        const int epoch = part.trimmed().toInt(&ok);
        if (!ok || epoch < 1) {
            *error = tr("the rung \"%1\" is not a whole number of epochs from 1 on").arg(part.trimmed());
            return false;
        }
        if (!rungs->isEmpty() && epoch <= rungs->last()) {
            *error = tr("the rungs must increase (%1 comes after %2)").arg(epoch).arg(rungs->last());
            return false;
        }
        if (epoch > epochs) {
            *error = tr("the rung at epoch %1 is past the runs' last epoch (train.epochs is %2)").arg(epoch).arg(epochs);
            return false;
        }
        rungs->append(epoch);
    }
    if (rungs->isEmpty()) {
        *error = tr("name at least one rung: the epochs at which runs are compared, e.g. 1, 3, 9");
        return false;
    }
    return true;
}

QList<int> AshaSettings::defaultRungs(int epochs, int eta)
{
    QList<int> out;
    for (qint64 r = 1; r < epochs; r *= std::max(2, eta))
        out << int(r);
    if (out.isEmpty())
        out << std::max(1, epochs);
    return out;
}

} // namespace gatefold::widgets
