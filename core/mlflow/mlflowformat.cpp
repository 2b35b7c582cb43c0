#include "mlflowformat.h"

#include <QRegularExpression>

#include <cmath>

namespace gatefold::mlflow {

MlflowStatus toMlflow(store::RunStatus status)
{
    switch (status) {
    case store::RunStatus::Queued: return MlflowStatus::Scheduled;
    case store::RunStatus::Running: return MlflowStatus::Running;
    case store::RunStatus::Finished: return MlflowStatus::Finished;
    case store::RunStatus::Failed:
    case store::RunStatus::Crashed: return MlflowStatus::Failed;
    case store::RunStatus::Cancelled:
    case store::RunStatus::Stopped: return MlflowStatus::Killed;  // ended early by its sweep's early stopping
    }
    return MlflowStatus::Failed;
}

store::RunStatus fromMlflow(MlflowStatus status)
{
    switch (status) {
    case MlflowStatus::Scheduled: return store::RunStatus::Queued;
    case MlflowStatus::Running: return store::RunStatus::Crashed;
    case MlflowStatus::Finished: return store::RunStatus::Finished;
    case MlflowStatus::Failed: return store::RunStatus::Failed;
    case MlflowStatus::Killed: return store::RunStatus::Cancelled;
    }
    return store::RunStatus::Failed;
}

std::optional<MlflowStatus> mlflowStatusFromInt(int value)
{
    if (value < 1 || value > 5)
        return std::nullopt;
    return MlflowStatus(value);
}

bool isValidMlflowKey(const QString &key)
{
    static const QRegularExpression valid(QStringLiteral("^[A-Za-z0-9_\\-. /]+$"));
    return valid.match(key).hasMatch() && !key.startsWith(QLatin1Char('/')) && !key.endsWith(QLatin1Char('/'))
           && !key.contains(QLatin1String("..")) && !key.contains(QLatin1String("//")) && key.size() <= 250;
}

std::optional<qint64> toMillis(double unixSeconds)
{
    const double millis = unixSeconds * 1000.0;
    if (!std::isfinite(millis) || std::abs(millis) >= 9.2e18)  // 2^63 ≈ 9.22e18
        return std::nullopt;
    return qint64(std::llround(millis));
}

double fromMillis(qint64 millis)
{
    return double(millis) / 1000.0;
}

} // namespace gatefold::mlflow
