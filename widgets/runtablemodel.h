#pragma once

#include "launch/runprocess.h"
#include "launch/slurmrunstates.h"
#include "store/runversions.h"
#include "store/storetypes.h"

#include <QAbstractTableModel>
#include <QJsonObject>
#include <QSet>
#include <QStringList>

#include <map>

#include <vector>

namespace gatefold::store {
class RunStore;
}

namespace gatefold::widgets {

// The runs of a store as a table: id, name, status (with an icon), progress,
// val top-1 last and best, device, processes (the world size the engine
// recorded, or in grey what a run not started yet asks for), tags and notes
// (editable in place, written to the store), created — then any extra columns. A run
// early stopping stopped says at which rung in its status; a run
// on Slurm adds where Slurm has it to its status: a config key's value
// ("config:optim.lr") or a metric's last, best (highest) or lowest value
// ("metric:val/loss:min"). refresh() re-reads the store and updates the rows
// in place (rows in and out, changed cells only): an editor open on a name,
// tags or notes and the view's scroll position outlive any run changing
// status. refreshMetrics() re-reads the metric columns of training runs; live
// progress of running runs comes through setProgress().
class RunTableModel : public QAbstractTableModel
{
    Q_OBJECT
public:
    enum Column { Id, Name, Status, Progress, Top1Last, Top1Best, Device, Processes, Tags, Notes, Created, Sweep, ColumnCount };
    static constexpr int SortRole = Qt::UserRole + 1;  // numbers as numbers
    static constexpr int RunIdRole = Qt::UserRole + 2;
    static constexpr int FractionRole = Qt::UserRole + 3;  // Progress: 0…1 while training, else −1

    explicit RunTableModel(store::RunStore *store, QObject *parent = nullptr);

    void refresh();
    // The metric columns (val top-1, best, added metric columns) of the runs that train, from the store.
    void refreshMetrics();
    // Runs queued for resume — here (`here`: they wait for a slot) or by a background queue a window
    // handed them to — show "waiting to resume" instead of the status they still have in the store.
    void setWaitingToResume(const QSet<qint64> &here, const QSet<qint64> &background);
    // Where Slurm has the runs submitted to it (SchedulerStates): "queued · Slurm pending" in the
    // status, the job and its script in the status's tooltip; `problem`: why Slurm could not be asked.
    void setSchedulerStates(const std::map<qint64, launch::SlurmStateLine> &states, const QString &problem);
    // Extra columns after the fixed ones, as "config:KEY" or "metric:KEY:last|max|min|@EPOCH".
    void setExtraColumns(const QStringList &columns);
    QStringList extraColumns() const { return m_extra; }
    static QString describeExtra(const QString &column);  // its header text
    // A column's name that outlives new columns (settings remember hidden columns by it): "status",
    // "processes", …, an extra column's own ("config:optim.lr"); and back (-1: none).
    QString columnKey(int column) const;
    int columnOf(const QString &key) const;
    void setProgress(qint64 runId, const launch::RunProgress &progress);
    qint64 runIdAt(int row) const;
    int rowOf(qint64 runId) const;
    // What the run browser's filters read of a row (runtablemodelsweeps.cpp): the record, its flat
    // settings, a metric's summary (read once, then kept fresh with the metric columns), and the
    // name of a sweep (its store name, "#id" if it has none; "" for 0).
    const store::RunRecord &runAt(int row) const { return m_rows[size_t(row)].run; }
    const QJsonObject &settingsAt(int row) const { return configOf(row); }
    store::MetricSummary metricAt(int row, const QString &key) const;
    QString sweepName(qint64 sweepId) const;
    // The sweeps the rows belong to, by id.
    std::map<qint64, QString> sweepsShown() const;

    int rowCount(const QModelIndex &parent = {}) const override;
    int columnCount(const QModelIndex &parent = {}) const override;
    QVariant data(const QModelIndex &index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;
    Qt::ItemFlags flags(const QModelIndex &index) const override;
    bool setData(const QModelIndex &index, const QVariant &value, int role = Qt::EditRole) override;

Q_SIGNALS:
    // An edit that was not written (an empty name, the store refused it), in words for the user.
    void editRefused(const QString &why);

private:
    struct Row {
        store::RunRecord run;
        store::MetricSummary top1;
        qint64 step = -1;
        qint64 totalSteps = 0;
        double epoch = 0, imagesPerSecond = 0, etaSeconds = -1;  // live, from the engine
        bool summarised = false;  // top1 and step read from the store (on first need: a row shown or sorted)
        QJsonObject config;       // flattened, read on first need
        bool configRead = false;
        store::RunVersions versions;  // read on first need
        bool versionsRead = false;
        std::map<QString, store::MetricSummary> metrics;  // extra metric columns, on first need
        QString rung;  // a stopped run: "stopped at rung 1 (epoch 1)", read on first need
        bool rungRead = false;
    };
    QVariant extraData(int row, int extra, bool sort) const;
    QVariant fixedData(int row, Column column, bool sort) const;
    QVariant progressData(const Row &row, bool sort) const;
    // The Processes cell: the world the engine recorded, else the run's compute.processes (grey).
    QVariant processesData(int row, int role) const;
    const QJsonObject &configOf(int row) const;
    const store::RunVersions &versionsOf(int row) const;
    const Row &summarised(int row) const;
    void resetTo(std::vector<store::RunRecord> runs);
    void update(int row, store::RunRecord run);
    bool rereadMetrics(Row &row);  // true when a value shown changed
    void metricsChanged(int row);
    QString waitingText(const store::RunRecord &run) const;  // "" unless it waits to be resumed
    // A run early stopping stopped: where (runtablemodelrung.cpp); "" for any other run, or no decision recorded.
    QString stoppedText(int row) const;
    QString schedulerText(qint64 runId) const;                 // " · Slurm pending", "" for a run not on Slurm
    QString schedulerTip(qint64 runId) const;

    store::RunStore *m_store;
    mutable std::vector<Row> m_rows;
    QStringList m_extra;
    QSet<qint64> m_resumeHere, m_resumeBackground;
    std::map<qint64, launch::SlurmStateLine> m_scheduler;
    QString m_schedulerProblem;
    mutable std::map<qint64, QString> m_sweepNames;  // a sweep's name never changes
};

} // namespace gatefold::widgets
