#include "checkpointname.h"

namespace gatefold::store {
namespace {

const QString kKindPrefix = QStringLiteral("checkpoint/");

// "N" of at most 9 digits (no sign, no spaces) as a number; -1 otherwise.
int wholeNumber(const QString &text)
{
    if (text.isEmpty() || text.size() > 9)
        return -1;
    for (QChar c : text)
        if (c < QLatin1Char('0') || c > QLatin1Char('9'))
            return -1;
    return text.toInt();
}

// The stem's checkpoint: "last", "best", "epoch-N".
std::optional<CheckpointName> fromStem(const QString &stem)
{
    if (stem == QLatin1String("last"))
        return CheckpointName::last();
    if (stem == QLatin1String("best"))
        return CheckpointName::best();
    if (stem.startsWith(QLatin1String("epoch-"))) {
        const int n = wholeNumber(stem.mid(6));
        if (n >= 0)
            return CheckpointName::epoch(n);
    }
    return std::nullopt;
}

} // namespace

CheckpointName CheckpointName::last() { return {Role::Last, -1}; }
CheckpointName CheckpointName::best() { return {Role::Best, -1}; }
CheckpointName CheckpointName::epoch(int n) { return {Role::Epoch, n < 0 ? 0 : n}; }

std::optional<CheckpointName> CheckpointName::parse(const QString &asked)
{
    if (asked.startsWith(QLatin1String("epoch:"))) {
        const int n = wholeNumber(asked.mid(6));
        return n >= 0 ? std::optional<CheckpointName>(epoch(n)) : std::nullopt;
    }
    if (asked == QLatin1String("last") || asked == QLatin1String("best"))
        return fromStem(asked);
    return std::nullopt;
}

std::optional<CheckpointName> CheckpointName::fromKind(const QString &kind)
{
    if (!kind.startsWith(kKindPrefix))
        return std::nullopt;
    return fromStem(kind.mid(kKindPrefix.size()));
}

QString CheckpointName::asked() const
{
    return isEpoch() ? QStringLiteral("epoch:%1").arg(m_epoch) : stem();
}

QString CheckpointName::kind() const
{
    return kKindPrefix + stem();
}

QString CheckpointName::stem() const
{
    switch (m_role) {
    case Role::Last: return QStringLiteral("last");
    case Role::Best: return QStringLiteral("best");
    case Role::Epoch: break;
    }
    return QStringLiteral("epoch-%1").arg(m_epoch);
}

} // namespace gatefold::store
