#include "statusicon.h"

#include <QCoreApplication>
#include <QPainter>
#include <QPixmap>

#include <map>

namespace gatefold::widgets {

QIcon statusIcon(store::RunStatus status)
{
    static std::map<store::RunStatus, QIcon> cache;
    if (const auto it = cache.find(status); it != cache.end())
        return it->second;
    QColor colour;
    switch (status) {
    case store::RunStatus::Queued: colour = QColor(0x9e, 0x9e, 0x9e); break;
    case store::RunStatus::Running: colour = QColor(0x1e, 0x88, 0xe5); break;
    case store::RunStatus::Finished: colour = QColor(0x43, 0xa0, 0x47); break;
    case store::RunStatus::Failed: colour = QColor(0xe5, 0x39, 0x35); break;
    case store::RunStatus::Cancelled: colour = QColor(0xfb, 0x8c, 0x00); break;
    case store::RunStatus::Crashed: colour = QColor(0x8e, 0x24, 0xaa); break;
    case store::RunStatus::Stopped: colour = QColor(0x00, 0x89, 0x7b); break;  // teal: paused at a rung, resumable
    }
    QIcon icon;
    for (int size : {16, 32, 48}) {  // crisp at any device pixel ratio
        QPixmap pixmap(size, size);
        pixmap.fill(Qt::transparent);
        QPainter p(&pixmap);
        p.setRenderHint(QPainter::Antialiasing);
        p.setPen(Qt::NoPen);
        p.setBrush(colour);
        p.drawEllipse(QRectF(size * 0.2, size * 0.2, size * 0.6, size * 0.6));
        icon.addPixmap(pixmap);
    }
    cache.emplace(status, icon);
    return icon;
}

QString statusText(store::RunStatus status)
{
    switch (status) {
    case store::RunStatus::Queued: return QCoreApplication::translate("RunStatus", "queued");
    case store::RunStatus::Running: return QCoreApplication::translate("RunStatus", "running");
    case store::RunStatus::Finished: return QCoreApplication::translate("RunStatus", "finished");
    case store::RunStatus::Failed: return QCoreApplication::translate("RunStatus", "failed");
    case store::RunStatus::Cancelled: return QCoreApplication::translate("RunStatus", "cancelled");
    case store::RunStatus::Crashed: return QCoreApplication::translate("RunStatus", "crashed");
    case store::RunStatus::Stopped: return QCoreApplication::translate("RunStatus", "stopped");
    }
    return {};
}

QString statusText(const store::RunRecord &run)
{
    // A record the store found damaged (a status no Gatefold writes, a value not of its type) is
    // never shown as the status it was read as.
    return run.damage.isEmpty() ? statusText(run.status) : QCoreApplication::translate("RunStatus", "damaged");
}

} // namespace gatefold::widgets
