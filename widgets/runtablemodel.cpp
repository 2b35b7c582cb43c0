#include "runtablemodel.h"

#include "configdiff.h"
#include "statusicon.h"

#include "store/runstore.h"

#include <QDateTime>

#include <algorithm>
#include <limits>
#include <set>

namespace gatefold::widgets {

RunTableModel::RunTableModel(store::RunStore *store, QObject *parent)
    : QAbstractTableModel(parent)
    , m_store(store)
{
    refresh();
}

void RunTableModel::refresh()
{
    if (!m_store)
        return;
    m_store->markCrashedRuns();
    std::vector<store::RunRecord> runs = m_store->runs();
    std::set<qint64> ids;
    for (const auto &run : runs)
        ids.insert(run.id);
    // Rows in and out, the rest updated in place: a reset closed an open editor (its text lost) and
    // scrolled the view back to its left edge whenever any run changed status.
    for (int r = int(m_rows.size()) - 1; r >= 0; --r)
        if (!ids.count(m_rows[size_t(r)].run.id)) {
            beginRemoveRows({}, r, r);
            m_rows.erase(m_rows.begin() + r);
            endRemoveRows();
        }
    for (size_t i = 0; i < runs.size(); ++i) {
        if (i < m_rows.size() && m_rows[i].run.id == runs[i].id) {
            update(int(i), std::move(runs[i]));
            continue;
        }
        if (rowOf(runs[i].id) >= 0) {  // the store's order changed (it does not): start afresh
            resetTo(std::move(runs));
            return;
        }
        beginInsertRows({}, int(i), int(i));
        Row row;
        row.run = std::move(runs[i]);
        m_rows.insert(m_rows.begin() + qsizetype(i), std::move(row));
        endInsertRows();
    }
}

void RunTableModel::resetTo(std::vector<store::RunRecord> runs)
{
    // What the engines said about progress is not in the store: a run that ended keeps its last word
    // ("100 % · epoch 3.00") rather than falling back to a bare step count.
    std::map<qint64, Row> live;
    for (auto &row : m_rows)
        if (row.totalSteps > 0)
            live.emplace(row.run.id, std::move(row));
    beginResetModel();
    m_rows.clear();
    for (auto &run : runs) {
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
    endResetModel();
}

// Only the cells that changed are announced: a view re-reads an open editor's text from the model
// on dataChanged over its cell, which would throw away what the user is typing.
void RunTableModel::update(int r, store::RunRecord run)
{
    Row &row = m_rows[size_t(r)];
    const store::RunRecord old = std::exchange(row.run, std::move(run));
    const auto &now = row.run;
    if (old.name != now.name)
        Q_EMIT dataChanged(index(r, Name), index(r, Name));
    if (old.tags != now.tags)
        Q_EMIT dataChanged(index(r, Tags), index(r, Tags));
    if (old.notes != now.notes)
        Q_EMIT dataChanged(index(r, Notes), index(r, Notes));
    if (old.configJson != now.configJson) {
        row.configRead = false;
        Q_EMIT dataChanged(index(r, Processes), index(r, Processes));
        if (!m_extra.isEmpty())
            Q_EMIT dataChanged(index(r, ColumnCount), index(r, columnCount() - 1));
    }
    if (old.versions != now.versions) {
        row.versionsRead = false;
        Q_EMIT dataChanged(index(r, Processes), index(r, Processes));
    }
    const bool statusChanged = old.status != now.status;
    if (statusChanged || old.message != now.message)
        row.rungRead = false;  // stopped again, at another rung
    if (statusChanged || old.message != now.message || old.damage != now.damage || old.device != now.device
        || old.created != now.created)
        Q_EMIT dataChanged(index(r, Status), index(r, Device));
    if (old.created != now.created)
        Q_EMIT dataChanged(index(r, Created), index(r, Created));
    // A run that trains, or has just stopped, has new metrics (a resume may also have dropped some).
    if ((statusChanged || now.status == store::RunStatus::Running) && rereadMetrics(row))
        metricsChanged(r);
}

void RunTableModel::refreshMetrics()
{
    for (size_t r = 0; r < m_rows.size(); ++r)
        if (m_rows[r].run.status == store::RunStatus::Running && rereadMetrics(m_rows[r]))
            metricsChanged(int(r));
}

bool RunTableModel::rereadMetrics(Row &row)
{
    if (!m_store)
        return false;
    const auto same = [](const store::MetricSummary &a, const store::MetricSummary &b) {
        return a.count == b.count && a.lastStep == b.lastStep && a.last == b.last && a.min == b.min && a.max == b.max;
    };
    bool changed = false;
    if (row.summarised) {  // else never shown yet: read when it is
        const auto top1 = m_store->metricSummary(row.run.id, QStringLiteral("val/top1"));
        changed = !same(top1, row.top1);
        row.top1 = top1;
        if (row.totalSteps <= 0) {  // no live progress from an engine: the store's last step
            const qint64 step = m_store->metricSummary(row.run.id, QStringLiteral("train/loss")).lastStep;
            changed = changed || step != row.step;
            row.step = step;
        }
    }
    for (auto &[key, summary] : row.metrics) {
        const auto now = m_store->metricSummary(row.run.id, key);
        changed = changed || !same(now, summary);
        summary = now;
    }
    // A metric at an epoch is read whenever it is shown: it may have changed too.
    return changed || std::any_of(m_extra.begin(), m_extra.end(), [](const QString &c) { return c.contains(QLatin1String(":@")); });
}

void RunTableModel::metricsChanged(int r)
{
    Q_EMIT dataChanged(index(r, Progress), index(r, Top1Best));
    if (!m_extra.isEmpty())
        Q_EMIT dataChanged(index(r, ColumnCount), index(r, columnCount() - 1));
}

void RunTableModel::setWaitingToResume(const QSet<qint64> &here, const QSet<qint64> &background)
{
    if (here == m_resumeHere && background == m_resumeBackground)
        return;
    const QSet<qint64> before = m_resumeHere + m_resumeBackground;
    m_resumeHere = here;
    m_resumeBackground = background;
    for (size_t r = 0; r < m_rows.size(); ++r)
        if (before.contains(m_rows[r].run.id) || here.contains(m_rows[r].run.id) || background.contains(m_rows[r].run.id))
            Q_EMIT dataChanged(index(int(r), Status), index(int(r), Progress));
}

QString RunTableModel::waitingText(const store::RunRecord &run) const
{
    if (!store::isResumable(run.status))
        return {};
    if (m_resumeHere.contains(run.id))
        return tr("waiting to resume");
    if (m_resumeBackground.contains(run.id))
        return tr("waiting to resume (background queue)");
    return {};
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
        const QJsonValue v = configOf(r).value(column.mid(7));
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
    if (index.column() == Processes && run.damage.isEmpty() && (role == Qt::ToolTipRole || role == Qt::ForegroundRole))
        return processesData(index.row(), role);
    const QString waiting = index.column() == Status || index.column() == Progress ? waitingText(run) : QString();
    if (role == Qt::DecorationRole && index.column() == Status)
        return statusIcon(waiting.isEmpty() ? run.status : store::RunStatus::Queued);
    if (role == Qt::ToolTipRole && !run.damage.isEmpty())
        return run.damage;
    if (role == Qt::ToolTipRole && !waiting.isEmpty())
        return tr("%1 (%2); queued for resume, it starts from its last checkpoint when a slot is free.")
                   .arg(statusText(run), run.message.isEmpty() ? tr("no message") : run.message);
    if (role == Qt::ToolTipRole && index.column() == Status && m_scheduler.count(run.id))
        return run.message.isEmpty() ? schedulerTip(run.id) : schedulerTip(run.id) + QLatin1Char('\n') + run.message;
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
    if (index.column() == Status && !waiting.isEmpty())
        return sort ? QVariant(int(store::RunStatus::Queued)) : QVariant(waiting);
    return fixedData(index.row(), Column(index.column()), sort);
}

QVariant RunTableModel::fixedData(int r, Column column, bool sort) const
{
    const bool needsMetrics = column == Progress || column == Top1Last || column == Top1Best;
    const Row &row = needsMetrics ? summarised(r) : m_rows[size_t(r)];
    const auto &run = row.run;
    switch (column) {
    case Id:
        return run.id;
    case Name:
        return run.name;
    case Status: {
        if (sort)
            return int(run.status);
        const QString stopped = run.damage.isEmpty() ? stoppedText(r) : QString();
        return (stopped.isEmpty() ? statusText(run) : stopped) + schedulerText(run.id);
    }
    case Progress:
        return progressData(row, sort);
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
    case Processes:
        return processesData(r, sort ? SortRole : Qt::DisplayRole);
    case Tags:
        return run.tags.join(QStringLiteral(", "));
    case Notes:
        return run.notes;
    case Created:
        return sort ? QVariant(run.created)
                    : QVariant(QDateTime::fromSecsSinceEpoch(qint64(run.created)).toString(QStringLiteral("yyyy-MM-dd HH:mm")));
    case Sweep:
        return sweepName(run.sweepId);
    case ColumnCount:
        break;
    }
    return {};
}

QVariant RunTableModel::progressData(const Row &row, bool sort) const
{
    if (row.totalSteps <= 0)
        return sort ? QVariant(double(row.step)) : QVariant(row.step >= 0 ? QString::number(row.step) : QString());
    if (sort)
        return double(row.step) / double(row.totalSteps);
    QString text = QStringLiteral("%1 % · ").arg(100.0 * double(row.step) / double(row.totalSteps), 0, 'f', 0)
                 + tr("epoch %1").arg(row.epoch, 0, 'f', 2);
    if (row.imagesPerSecond > 0)
        text += QStringLiteral(" · ") + tr("%1 img/s").arg(row.imagesPerSecond, 0, 'f', 0);
    if (row.etaSeconds >= 0 && row.run.status == store::RunStatus::Running) {
        const qint64 eta = qint64(row.etaSeconds + 0.5);
        const QString clock = eta >= 3600 ? QStringLiteral("%1:%2:%3")
                                                .arg(eta / 3600)
                                                .arg(eta / 60 % 60, 2, 10, QChar('0'))
                                                .arg(eta % 60, 2, 10, QChar('0'))
                                          : QStringLiteral("%1:%2").arg(eta / 60).arg(eta % 60, 2, 10, QChar('0'));
        text += QStringLiteral(" · ") + tr("ETA %1").arg(clock);
    }
    return text;
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
    case Processes: return tr("Processes");
    case Tags: return tr("Tags");
    case Notes: return tr("Notes");
    case Created: return tr("Created");
    case Sweep: return tr("Sweep");
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
        tags.removeDuplicates();  // "baseline, baseline" is one tag
        ok = m_store->setTags(row.run.id, tags);
        if (ok)
            row.run.tags = tags;
    } else if (index.column() == Notes) {
        ok = m_store->setNotes(row.run.id, value.toString());
        if (ok)
            row.run.notes = value.toString();
    } else if (index.column() == Name) {
        if (value.toString().trimmed().isEmpty()) {
            Q_EMIT editRefused(tr("Run %1 keeps its name '%2': a run needs a name (type one, or press Esc to "
                                  "leave it as it is).")
                                   .arg(row.run.id)
                                   .arg(row.run.name));
            return false;
        }
        ok = m_store->setName(row.run.id, value.toString().trimmed());
        if (ok)
            row.run.name = value.toString().trimmed();
    } else {
        return false;
    }
    if (ok)
        Q_EMIT dataChanged(index, index);
    else
        Q_EMIT editRefused(tr("Run %1 was not changed: %2").arg(row.run.id).arg(m_store->lastError()));
    return ok;
}

} // namespace gatefold::widgets
