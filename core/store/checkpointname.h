#pragma once

#include <QString>

#include <optional>

namespace gatefold::store {

// A checkpoint a run keeps, in the one place that knows its three spellings:
//
//   asked for (CLI, GUI)   artifact kind (store)       stem (files, folders)
//   last                   checkpoint/last             last
//   best                   checkpoint/best             best
//   epoch:N                checkpoint/epoch-N          epoch-N
//
// The store records the other checkpoint artifacts under kinds of their own
// (kAcceptedModifiedKind, kDamagedKind): those are never checkpoints to load.
class CheckpointName
{
public:
    static CheckpointName last();
    static CheckpointName best();
    static CheckpointName epoch(int n);  // n >= 0

    // "last", "best", "epoch:N" (N a whole number < 10^9); nullopt for anything else.
    static std::optional<CheckpointName> parse(const QString &asked);
    // The kind of a kept checkpoint's artifact record; nullopt for any other kind.
    static std::optional<CheckpointName> fromKind(const QString &kind);

    QString asked() const;  // "epoch:3"
    QString kind() const;   // "checkpoint/epoch-3"
    QString stem() const;   // "epoch-3"
    bool isEpoch() const { return m_epoch >= 0; }
    int epochNumber() const { return m_epoch; }  // -1 for last and best

    bool operator==(const CheckpointName &other) const { return m_role == other.m_role && m_epoch == other.m_epoch; }

private:
    enum class Role { Last, Best, Epoch };
    CheckpointName(Role role, int epoch) : m_role(role), m_epoch(epoch) {}
    Role m_role;
    int m_epoch;
};

// Artifact kinds of checkpoint records that are not kept checkpoints.
inline const QString kAcceptedModifiedKind = QStringLiteral("checkpoint/accepted-modified");
inline const QString kDamagedKind = QStringLiteral("checkpoint/damaged");

} // namespace gatefold::store
