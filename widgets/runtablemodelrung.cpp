// RunTableModel: where early stopping left a run — the newest "asha" snapshot of a stopped run
// ({"rung": k (0-based), "epoch": E, …, "decision": "stopped"}) as its status, "stopped at rung 1
// (epoch 1)"; why, in the run's message (its tooltip).

#include "runtablemodel.h"

#include "statusicon.h"

#include "store/runstore.h"

#include <QJsonDocument>
#include <QJsonObject>

namespace gatefold::widgets {

QString RunTableModel::stoppedText(int r) const
{
    Row &row = m_rows[size_t(r)];
    if (row.run.status != store::RunStatus::Stopped)
        return {};
    if (!row.rungRead && m_store) {
        row.rungRead = true;
        row.rung.clear();
        const std::vector<store::Snapshot> decisions = m_store->snapshots(row.run.id, QStringLiteral("asha"));
        if (!decisions.empty()) {  // newest last
            const QJsonObject data = QJsonDocument::fromJson(decisions.back().dataJson).object();
            const QJsonValue rung = data.value(QStringLiteral("rung"));
            const QJsonValue epoch = data.value(QStringLiteral("epoch"));
            if (rung.isDouble() && epoch.isDouble())
                row.rung = tr("stopped at rung %1 (epoch %2)").arg(rung.toInt() + 1).arg(epoch.toDouble());
        }
    }
    return row.rung;
}

} // namespace gatefold::widgets
