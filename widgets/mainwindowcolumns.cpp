// MainWindow: the run table's columns — fitted, chosen from the header's menu, remembered per store.

#include "mainwindow.h"

#include "runcontroller.h"
#include "runtablemodel.h"
#include "statusicon.h"

#include "store/runstore.h"
#include "config/fieldtable.h"
#include "config/runvalidation.h"

#include <QAction>
#include <QHeaderView>
#include <QInputDialog>
#include <QMenu>
#include <QSettings>
#include <QStyle>
#include <QTableView>

#include <algorithm>

namespace gatefold::widgets {

void MainWindow::fitColumns()
{
    m_table->resizeColumnsToContents();
    fitStatusColumn();
    // Room for the live progress text (%, epoch, images/s, ETA) before the first report arrives.
    m_table->setColumnWidth(RunTableModel::Progress,
                            std::max(m_table->columnWidth(RunTableModel::Progress),
                                     m_table->fontMetrics().horizontalAdvance(QStringLiteral("100 % · epoch 10.00 · 9999 img/s · ETA 10:00")) + 16));
}

// Room for any status a run may come to (fitted to "queued", it showed "runni…" a moment later), and
// for what the scheduler says beside it; never narrower than it is.
void MainWindow::fitStatusColumn()
{
    const QFontMetrics metrics = m_table->fontMetrics();
    int status = 0;
    for (const auto s : {store::RunStatus::Queued, store::RunStatus::Running, store::RunStatus::Finished,
                         store::RunStatus::Failed, store::RunStatus::Cancelled, store::RunStatus::Crashed,
                         store::RunStatus::Stopped})
        status = std::max(status, metrics.horizontalAdvance(statusText(s)));
    for (int r = 0; r < m_model->rowCount(); ++r)
        status = std::max(status, metrics.horizontalAdvance(m_model->index(r, RunTableModel::Status).data().toString()));
    status += m_table->style()->pixelMetric(QStyle::PM_SmallIconSize) + 24;
    m_table->setColumnWidth(RunTableModel::Status, std::max(m_table->columnWidth(RunTableModel::Status), status));
}

QString MainWindow::storeKey() const
{
    return QString::fromLatin1(m_controller->store()->path().toUtf8().toHex());
}

void MainWindow::headerMenu(const QPoint &pos)
{
    QMenu menu(this);
    auto *header = m_table->horizontalHeader();
    const int clicked = header->logicalIndexAt(pos);
    for (int c = 0; c < m_model->columnCount(); ++c) {
        auto *a = menu.addAction(m_model->headerData(c, Qt::Horizontal).toString());
        a->setCheckable(true);
        a->setChecked(!header->isSectionHidden(c));
        connect(a, &QAction::toggled, this, [this, c](bool on) {
            m_table->horizontalHeader()->setSectionHidden(c, !on);
            saveColumns();
        });
    }
    menu.addSeparator();
    menu.addAction(tr("Add setting column…"), this, [this] {
        QStringList keys;
        for (const auto &f : config::fields())
            keys << QString::fromStdString(f.key);
        bool ok = false;
        const QString key = QInputDialog::getItem(this, tr("Add setting column"), tr("Setting:"), keys, 0, true, &ok);
        if (ok && !key.isEmpty()) {
            m_model->setExtraColumns(m_model->extraColumns() << QStringLiteral("config:") + key);
            saveColumns();
        }
    });
    menu.addAction(tr("Add metric column…"), this, [this] {
        bool ok = false;
        const QStringList metrics = {"val/top1", "val/top5", "val/loss", "val_ema/top1", "train/loss", "train/images_per_s",
                                     "data/wait_fraction", "dist/comm_wait_fraction"};
        const QString key = QInputDialog::getItem(this, tr("Add metric column"), tr("Metric:"), metrics, 0, true, &ok);
        if (!ok || key.isEmpty())
            return;
        const QStringList which = {tr("last"), tr("best (highest)"), tr("lowest"), tr("at an epoch…")};
        const QString w = QInputDialog::getItem(this, tr("Add metric column"), tr("Value:"), which, 0, false, &ok);
        if (!ok)
            return;
        QString suffix = w == which[1] ? QStringLiteral("max") : w == which[2] ? QStringLiteral("min") : QStringLiteral("last");
        if (w == which[3]) {
            const double epoch = QInputDialog::getDouble(this, tr("Add metric column"), tr("Epoch:"), 1.0, 0.0, 1e6, 2, &ok);
            if (!ok)
                return;
            suffix = QStringLiteral("@") + QString::number(epoch);
        }
        m_model->setExtraColumns(m_model->extraColumns() << QStringLiteral("metric:%1:%2").arg(key, suffix));
        saveColumns();
    });
    if (clicked >= RunTableModel::ColumnCount)
        menu.addAction(tr("Remove this column"), this, [this, clicked] {
            QStringList extra = m_model->extraColumns();
            extra.removeAt(clicked - RunTableModel::ColumnCount);
            m_model->setExtraColumns(extra);
            saveColumns();
        });
    menu.exec(m_table->horizontalHeader()->mapToGlobal(pos));
}

// Hidden columns by name (RunTableModel::columnKey): a column added later does not shift them.
void MainWindow::saveColumns() const
{
    QSettings settings;
    settings.setValue(QStringLiteral("columns/%1/extra").arg(storeKey()), m_model->extraColumns());
    QStringList hidden;
    for (int c = 0; c < m_model->columnCount(); ++c)
        if (m_table->horizontalHeader()->isSectionHidden(c))
            hidden << m_model->columnKey(c);
    settings.setValue(QStringLiteral("columns/%1/hiddenColumns").arg(storeKey()), hidden);
    settings.remove(QStringLiteral("columns/%1/hidden").arg(storeKey()));
}

void MainWindow::restoreColumns()
{
    QSettings settings;
    m_model->setExtraColumns(settings.value(QStringLiteral("columns/%1/extra").arg(storeKey())).toStringList());
    const QString byName = QStringLiteral("columns/%1/hiddenColumns").arg(storeKey());
    QList<int> hidden;
    if (settings.contains(byName)) {
        for (const QString &key : settings.value(byName).toStringList())
            hidden << m_model->columnOf(key);
    } else {
        // Saved by number before the Processes column came after Device: the later ones moved by one.
        for (const QString &c : settings.value(QStringLiteral("columns/%1/hidden").arg(storeKey())).toStringList())
            hidden << (c.toInt() > RunTableModel::Device ? c.toInt() + 1 : c.toInt());
    }
    for (int c : hidden)
        if (c >= 0)
            m_table->horizontalHeader()->setSectionHidden(c, true);
    fitColumns();
}

} // namespace gatefold::widgets
