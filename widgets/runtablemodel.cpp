#include "runtablemodel.h"

#include "configdiff.h"
#include "statusicon.h"

#include "store/runstore.h"

#include <QDateTime>

#include <limits>

namespace gatefold::widgets {

RunTableModel::RunTableModel(store::RunStore *store, QObject *parent)
    : QAbstractTableModel(parent)
    , m_store(store)
{
    refresh();
}

void RunTableModel::refresh()
{
    // What the engines said about progress is not in the store: a run that ended keeps its last word
    // ("100 % · epoch 3.00") rather than falling back to a bare step count.
    std::map<qint64, Row> live;
    for (auto &row : m_rows)
        if (row.totalSteps > 0)
            live.emplace(row.run.id, std::move(row));
    beginResetModel();
    m_rows.clear();
    if (m_store) {
        m_store->markCrashedRuns();
        for (auto &run : m_store->runs()) {
            Row row;
            if (const auto it = live.find(run.id); it != live.end()) {
                row.step = it->second.step;
                row.totalSteps = it->second.totalSteps;
                row.epoch = it->second.epoch;
                row.imagesPerSecond = it->second.imagesPerSecond;
                row.etaSeconds = it->second.etaSeconds;
            }
            row.run = std::move(run);
            m_rows.push_back(std::move(row));
        }
    }
    endResetModel();
}

const RunTableModel::Row &RunTableModel::summarised(int r) const
{
    Row &row = m_rows[size_t(r)];
    if (!row.summarised && m_store) {
        row.summarised = true;
        row.top1 = m_store->metricSummary(row.run.id, QStringLiteral("val/top1"));
        if (row.step < 0)
            row.step = m_store->metricSummary(row.run.id, QStringLiteral("train/loss")).lastStep;
    }
    return row;
}

void RunTableModel::setProgress(qint64 runId, const launch::RunProgress &p)
{
    const int r = rowOf(runId);
    if (r < 0)
        return;
    summarised(r);
    Row &row = m_rows[size_t(r)];
    row.step = p.step;
    row.totalSteps = p.totalSteps;
    row.epoch = p.epoch;
    row.imagesPerSecond = p.imagesPerSecond;
    row.etaSeconds = p.etaSeconds;
    if (m_rows[size_t(r)].run.status == store::RunStatus::Queued)
        m_rows[size_t(r)].run.status = store::RunStatus::Running;
    Q_EMIT dataChanged(index(r, Status), index(r, Progress));
}

qint64 RunTableModel::runIdAt(int row) const
{
    return row >= 0 && row < int(m_rows.size()) ? m_rows[size_t(row)].run.id : 0;
}

int RunTableModel::rowOf(qint64 runId) const
{
    for (size_t i = 0; i < m_rows.size(); ++i)
        if (m_rows[i].run.id == runId)
            return int(i);
    return -1;
}

int RunTableModel::rowCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : int(m_rows.size());
}

int RunTableModel::columnCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : ColumnCount + int(m_extra.size());
}

void RunTableModel::setExtraColumns(const QStringList &columns)
{
    beginResetModel();
    m_extra.clear();
    for (const QString &c : columns)
        if ((c.startsWith(QLatin1String("config:")) && c.size() > 7)
            || (c.startsWith(QLatin1String("metric:")) && c.count(':') == 2 && !c.endsWith(':')))
            m_extra << c;
    endResetModel();
}

QString RunTableModel::describeExtra(const QString &column)
{
    if (column.startsWith(QLatin1String("config:")))
        return column.mid(7);
    const QStringList parts = column.split(':');
    if (parts.value(2).startsWith('@'))
        return QStringLiteral("%1 (%2)").arg(parts.value(1), tr("epoch %1").arg(parts.value(2).mid(1)));
    const QString which = parts.value(2) == QLatin1String("max") ? tr("best")
                        : parts.value(2) == QLatin1String("min") ? tr("lowest")
                                                                 : tr("last");
    return QStringLiteral("%1 (%2)").arg(parts.value(1), which);
}

QVariant RunTableModel::extraData(int r, int extra, bool sort) const
{
    Row &row = m_rows[size_t(r)];
    const QString &column = m_extra[extra];
    if (column.startsWith(QLatin1String("config:"))) {
        if (!row.configRead) {
            row.config = flattenConfig(row.run.configJson);
            row.configRead = true;
        }
        const QJsonValue v = row.config.value(column.mid(7));
        if (sort && v.isDouble())
            return v.toDouble();
        return valueText(v);
    }
    const QStringList parts = column.split(':');
    if (parts[2].startsWith('@')) {  // the value at a chosen epoch
        const auto at = m_store ? m_store->metricAtEpoch(row.run.id, parts[1], parts[2].mid(1).toDouble()) : std::nullopt;
        if (!at)
            return sort ? QVariant(-std::numeric_limits<double>::infinity()) : QVariant();
        return sort ? QVariant(*at) : QVariant(QString::number(*at, 'g', 5));
    }
    auto it = row.metrics.find(parts[1]);
    if (it == row.metrics.end())
        it = row.metrics.emplace(parts[1], m_store ? m_store->metricSummary(row.run.id, parts[1]) : store::MetricSummary{})
                 .first;
    const auto &m = it->second;
    if (m.count == 0)
        return sort ? QVariant(-std::numeric_limits<double>::infinity()) : QVariant();
    const double v = parts[2] == QLatin1String("max") ? m.max : parts[2] == QLatin1String("min") ? m.min : m.last;
    return sort ? QVariant(v) : QVariant(QString::number(v, 'g', 5));
}

QVariant RunTableModel::data(const QModelIndex &index, int role) const
{
    if (!index.isValid() || index.row() >= int(m_rows.size()))
        return {};
    const auto &run = m_rows[size_t(index.row())].run;
    if (role == RunIdRole)
        return run.id;
    if (role == Qt::DecorationRole && index.column() == Status)
        return statusIcon(run.status);
    if (role == Qt::ToolTipRole && !run.damage.isEmpty())
        return run.damage;
    if (role == Qt::ToolTipRole && !run.message.isEmpty())
        return run.message;
    if (role == FractionRole) {
        const Row &row = m_rows[size_t(index.row())];
        return row.totalSteps > 0 && run.status == store::RunStatus::Running ? double(row.step) / double(row.totalSteps)
                                                                              : -1.0;
    }
    const bool sort = role == SortRole;
    if (role != Qt::DisplayRole && role != Qt::EditRole && !sort)
        return {};
    if (index.column() >= ColumnCount)
        return extraData(index.row(), index.column() - ColumnCount, sort);
    const bool needsMetrics = index.column() == Progress || index.column() == Top1Last || index.column() == Top1Best;
    const Row &row = needsMetrics ? summarised(index.row()) : m_rows[size_t(index.row())];
    switch (Column(index.column())) {
    case Id:
        return run.id;
    case Name:
        return run.name;
    case Status:
        return sort ? QVariant(int(run.status)) : QVariant(statusText(run));
    case Progress:
        if (row.totalSteps > 0) {
            if (sort)
                return double(row.step) / double(row.totalSteps);
            QString text = QStringLiteral("%1 % · ").arg(100.0 * double(row.step) / double(row.totalSteps), 0, 'f', 0)
                         + tr("epoch %1").arg(row.epoch, 0, 'f', 2);
            if (row.imagesPerSecond > 0)
                text += QStringLiteral(" · ") + tr("%1 img/s").arg(row.imagesPerSecond, 0, 'f', 0);
            if (row.etaSeconds >= 0 && run.status == store::RunStatus::Running) {
                const qint64 eta = qint64(row.etaSeconds + 0.5);
                text += QStringLiteral(" · ") + tr("ETA %1").arg(eta >= 3600 ? QStringLiteral("%1:%2:%3").arg(eta / 3600).arg(eta / 60 % 60, 2, 10, QChar('0')).arg(eta % 60, 2, 10, QChar('0'))
                                                                              : QStringLiteral("%1:%2").arg(eta / 60).arg(eta % 60, 2, 10, QChar('0')));
            }
            return text;
        }
        return sort ? QVariant(double(row.step)) : QVariant(row.step >= 0 ? QString::number(row.step) : QString());
    case Top1Last:
        if (row.top1.count == 0)
            return sort ? QVariant(-1.0) : QVariant();
        return sort ? QVariant(row.top1.last) : QVariant(QStringLiteral("%1 %").arg(100.0 * row.top1.last, 0, 'f', 2));
    case Top1Best:
        if (row.top1.count == 0)
            return sort ? QVariant(-1.0) : QVariant();
        return sort ? QVariant(row.top1.max) : QVariant(QStringLiteral("%1 %").arg(100.0 * row.top1.max, 0, 'f', 2));
    case Device:
        return run.device;
    case Tags:
        return run.tags.join(QStringLiteral(", "));
    case Notes:
        return run.notes;
    case Created:
        return sort ? QVariant(run.created)
                    : QVariant(QDateTime::fromSecsSinceEpoch(qint64(run.created)).toString(QStringLiteral("yyyy-MM-dd HH:mm")));
    case ColumnCount:
        break;
    }
    return {};
}

QVariant RunTableModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole)
        return {};
    if (section >= ColumnCount && section - ColumnCount < int(m_extra.size()))
        return describeExtra(m_extra[section - ColumnCount]);
    switch (Column(section)) {
    case Id: return tr("ID");
    case Name: return tr("Name");
    case Status: return tr("Status");
    case Progress: return tr("Progress");
    case Top1Last: return tr("Val top-1");
    case Top1Best: return tr("Best top-1");
    case Device: return tr("Device");
    case Tags: return tr("Tags");
    case Notes: return tr("Notes");
    case Created: return tr("Created");
    case ColumnCount: break;
    }
    return {};
}

Qt::ItemFlags RunTableModel::flags(const QModelIndex &index) const
{
    auto f = QAbstractTableModel::flags(index);
    if (index.column() == Tags || index.column() == Notes || index.column() == Name)
        f |= Qt::ItemIsEditable;
    return f;
}

bool RunTableModel::setData(const QModelIndex &index, const QVariant &value, int role)
{
    if (role != Qt::EditRole || !index.isValid() || !m_store)
        return false;
    Row &row = m_rows[size_t(index.row())];
    bool ok = false;
    if (index.column() == Tags) {
        QStringList tags;
        for (const QString &t : value.toString().split(','))
            if (!t.trimmed().isEmpty())
                tags << t.trimmed();
        ok = m_store->setTags(row.run.id, tags);
        if (ok)
            row.run.tags = tags;
    } else if (index.column() == Notes) {
        ok = m_store->setNotes(row.run.id, value.toString());
        if (ok)
            row.run.notes = value.toString();
    } else if (index.column() == Name && !value.toString().trimmed().isEmpty()) {
        ok = m_store->setName(row.run.id, value.toString().trimmed());
        if (ok)
            row.run.name = value.toString().trimmed();
    }
    if (ok)
        Q_EMIT dataChanged(index, index);
    return ok;
}

} // namespace gatefold::widgets
