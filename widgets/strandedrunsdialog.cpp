#include "strandedrunsdialog.h"

#include "statusicon.h"

#include <QDateTime>
#include <QDialogButtonBox>
#include <QHeaderView>
#include <QLabel>
#include <QPushButton>
#include <QTreeWidget>
#include <QVBoxLayout>

namespace gatefold::widgets {

StrandedRunsDialog::StrandedRunsDialog(const std::vector<store::RunRecord> &runs, QWidget *parent)
    : QDialog(parent)
    , m_list(new QTreeWidget(this))
{
    setWindowTitle(tr("Runs left behind"));
    setObjectName(QStringLiteral("strandedRunsDialog"));
    auto *intro = new QLabel(tr("%n run(s) of this store wait for an engine that is gone: queued by a window or "
                                "queue that ended, or training when their engine died. Tick the ones to take up.",
                                nullptr, int(runs.size())),
                             this);
    intro->setWordWrap(true);
    m_list->setRootIsDecorated(false);
    m_list->setHeaderLabels({tr("ID"), tr("Name"), tr("Status"), tr("Since"), tr("Taking it up")});
    for (const auto &run : runs) {
        auto *item = new QTreeWidgetItem(m_list);
        item->setData(0, Qt::UserRole, run.id);
        item->setText(0, QString::number(run.id));
        item->setCheckState(0, Qt::Checked);
        item->setText(1, run.name);
        item->setIcon(2, statusIcon(run.status));
        item->setText(2, statusText(run.status));
        const double since = run.status == store::RunStatus::Queued ? run.created : std::max(run.heartbeat, run.started);
        item->setText(3, since > 0 ? QDateTime::fromSecsSinceEpoch(qint64(since)).toString(QStringLiteral("yyyy-MM-dd HH:mm"))
                                   : QString());
        item->setText(4, run.status == store::RunStatus::Queued ? tr("queue it again")
                                                                 : tr("resume it from its last checkpoint"));
        item->setToolTip(4, run.message);
    }
    m_list->header()->setSectionResizeMode(QHeaderView::ResizeToContents);
    auto *buttons = new QDialogButtonBox(this);
    auto *takeUp = buttons->addButton(tr("&Take up the ticked runs"), QDialogButtonBox::AcceptRole);
    takeUp->setObjectName(QStringLiteral("takeUp"));
    auto *cancel = buttons->addButton(tr("&Cancel the ticked queued runs"), QDialogButtonBox::DestructiveRole);
    cancel->setObjectName(QStringLiteral("cancelQueued"));
    cancel->setToolTip(tr("They end as cancelled and are not offered again; crashed runs stay as they are"));
    auto *leave = buttons->addButton(tr("&Not now"), QDialogButtonBox::RejectRole);
    leave->setObjectName(QStringLiteral("leave"));
    leave->setToolTip(tr("Nothing changes; they are offered again at the next start"));
    takeUp->setDefault(true);
    connect(takeUp, &QPushButton::clicked, this, [this] { m_choice = Choice::TakeUp; accept(); });
    connect(cancel, &QPushButton::clicked, this, [this] { m_choice = Choice::CancelQueued; accept(); });
    connect(leave, &QPushButton::clicked, this, [this] { m_choice = Choice::Leave; reject(); });
    auto *layout = new QVBoxLayout(this);
    layout->addWidget(intro);
    layout->addWidget(m_list, 1);
    layout->addWidget(buttons);
    resize(720, 360);
}

QList<qint64> StrandedRunsDialog::checkedRuns() const
{
    QList<qint64> ids;
    for (int i = 0; i < m_list->topLevelItemCount(); ++i)
        if (m_list->topLevelItem(i)->checkState(0) == Qt::Checked)
            ids << m_list->topLevelItem(i)->data(0, Qt::UserRole).toLongLong();
    return ids;
}

} // namespace gatefold::widgets
