#include "mainwindow.h"

#include "compareview.h"
#include "curveplot.h"
#include "curvesworkspace.h"
#include "groupview.h"
#include "inspectpanel.h"
#include "runcontroller.h"
#include "progressdelegate.h"
#include "runfilterbar.h"
#include "runfilterproxy.h"
#include "runformpanel.h"
#include "runtablemodel.h"
#include "toast.h"
#include "seriescache.h"
#include "statusicon.h"
#include "sweepview.h"

#include "store/checkpointname.h"
#include "store/runstore.h"
#include "config/fieldtable.h"
#include "config/runvalidation.h"

#include <QCloseEvent>
#include <QComboBox>
#include <QDockWidget>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QLineEdit>
#include <QMessageBox>
#include <QPlainTextEdit>
#include <QScrollBar>
#include <QSettings>
#include <QSortFilterProxyModel>
#include <QSplitter>
#include <QStatusBar>
#include <QTabWidget>
#include <QTableView>
#include <QVBoxLayout>

#include <algorithm>

namespace gatefold::widgets {

MainWindow::MainWindow(RunController *controller, QWidget *parent)
    : QMainWindow(parent)
    , m_controller(controller)
    , m_form(new RunFormPanel)
    , m_model(new RunTableModel(controller->store(), this))
    , m_proxy(new RunFilterProxy(m_model, this))
    , m_table(new QTableView)
    , m_log(new QPlainTextEdit)
    , m_compare(new CompareView(controller->store()))
    , m_groups(new GroupView(controller->store()))
    , m_cache(std::make_unique<SeriesCache>(controller->store()))
{
    setWindowTitle(tr("Gatefold"));
    m_form->setEngine(m_controller->enginePath(), m_controller->store() ? m_controller->store()->path() : QString());
    setUpRunTable();
    setCentralWidget(withWelcome(buildCentre()));
    buildDocks();
    buildActions();
    fitColumns();
    connectSelection();
    followEngines();
    buildStatusBar();
    restoreWindow();
    showWelcomeWhenEmpty();
}

void MainWindow::setUpRunTable()
{
    m_table->setObjectName(QStringLiteral("runTable"));
    m_table->setModel(m_proxy);
    m_table->setItemDelegateForColumn(RunTableModel::Progress, new ProgressDelegate(m_table));
    m_table->setSortingEnabled(true);
    m_table->sortByColumn(RunTableModel::Id, Qt::DescendingOrder);
    m_table->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_table->verticalHeader()->hide();
    m_table->horizontalHeader()->setStretchLastSection(true);
    m_table->setEditTriggers(QAbstractItemView::DoubleClicked | QAbstractItemView::EditKeyPressed);
    m_table->horizontalHeader()->setContextMenuPolicy(Qt::CustomContextMenu);
    m_table->horizontalHeader()->setSectionsMovable(true);
    m_table->horizontalHeader()->moveSection(RunTableModel::Sweep, RunTableModel::Name + 1);  // shown beside the name
    connect(m_table->horizontalHeader(), &QHeaderView::customContextMenuRequested, this, &MainWindow::headerMenu);
}

// The runs (or their groups) above; below, their curves or what the first selected run's model
// does inside (issue #7).
QWidget *MainWindow::buildCentre()
{
    QWidget *runTabs = buildRunTabs();
    m_inspect = new InspectPanel(m_controller->enginePath(), m_controller->store()->path());
    m_lowerTabs = new QTabWidget;
    m_lowerTabs->addTab(buildCurvePanel(), tr("Curves"));
    m_lowerTabs->addTab(m_inspect, tr("Inspect"));
    m_sweep = new SweepView(m_controller->store());  // issue 20: the selected runs as a sweep
    m_lowerTabs->addTab(m_sweep, tr("Sweep"));
    connect(m_sweep, &SweepView::runActivated, this, &MainWindow::selectRun);
    // Inspect brought into view with a run selected and nothing shown: it computes, as Ctrl+I would
    // (a queued run has no checkpoint yet: left for Compute to say so).
    connect(m_lowerTabs, &QTabWidget::currentChanged, this, [this] {
        const QList<qint64> runs = selectedRuns();
        if (m_lowerTabs->currentWidget() != m_inspect || runs.isEmpty() || m_inspect->report() || m_inspect->isComputing())
            return;
        const auto run = m_controller->store()->run(runs.first());
        if (run && run->status != store::RunStatus::Queued)
            m_inspect->compute();
    });
    auto *split = new QSplitter(Qt::Vertical);
    split->addWidget(runTabs);
    split->addWidget(m_lowerTabs);
    split->setStretchFactor(0, 2);
    split->setStretchFactor(1, 3);
    return split;
}

QWidget *MainWindow::buildRunTabs()
{
    // Words or a query, a sweep, "Select best k…" (runfilterbar.h).
    m_filter = new RunFilterBar(m_model, m_proxy, m_table);
    auto *runsPanel = new QWidget;
    m_toast = new Toast(runsPanel);
    auto *runsLayout = new QVBoxLayout(runsPanel);
    runsLayout->setContentsMargins(0, 0, 0, 0);
    runsLayout->addWidget(m_filter);
    runsLayout->addWidget(m_table, 1);
    // Runs one by one, or grouped by a setting with mean ± std (computed when the tab is shown).
    auto *runTabs = new QTabWidget;
    runTabs->addTab(runsPanel, tr("Runs"));
    runTabs->addTab(m_groups, tr("Groups"));
    m_groups->restore(QStringLiteral("groups/%1").arg(storeKey()));  // the baseline, α, best or last: per store
    connect(runTabs, &QTabWidget::currentChanged, this, [this](int tab) {
        if (tab == 1)
            m_groups->refresh();
    });
    return runTabs;
}

// The curves workspace: panels of metrics (remembered per store), what they are drawn against, smoothed
// and grouped by.
QWidget *MainWindow::buildCurvePanel()
{
    m_workspace = new CurvesWorkspace(m_controller->store(), m_cache.get());
    m_workspace->restore(QStringLiteral("curves/%1/panels").arg(storeKey()));
    return m_workspace;
}

void MainWindow::buildDocks()
{
    auto *formDock = new QDockWidget(tr("Run"), this);
    formDock->setObjectName(QStringLiteral("runDock"));
    formDock->setWidget(m_form);
    addDockWidget(Qt::LeftDockWidgetArea, formDock);
    auto *logDock = new QDockWidget(tr("Engine messages"), this);
    logDock->setObjectName(QStringLiteral("logDock"));
    m_log->setReadOnly(true);
    m_log->setPlaceholderText(tr("What the engines say (a line per event, each naming its run) appears here while runs "
                                 "train, and why a run failed."));
    m_log->setMaximumBlockCount(5000);
    logDock->setWidget(m_log);
    addDockWidget(Qt::BottomDockWidgetArea, logDock);
    auto *compareDock = new QDockWidget(tr("Compare"), this);
    compareDock->setObjectName(QStringLiteral("compareDock"));
    compareDock->setWidget(m_compare);
    addDockWidget(Qt::RightDockWidgetArea, compareDock);
    m_form->setMinimumWidth(460);
    resizeDocks({logDock}, {120}, Qt::Vertical);
}

// The selected runs' curves, comparison and checkpoints; a run the form queues becomes the selection.
void MainWindow::connectSelection()
{
    connect(m_table->selectionModel(), &QItemSelectionModel::selectionChanged, this, &MainWindow::showCurves);
    connect(m_table->selectionModel(), &QItemSelectionModel::selectionChanged, this, [this] {
        const QList<qint64> runs = selectedRuns();
        m_compare->setRuns(runs);
        m_sweep->setRuns(runs);
        const bool cleared = m_inspect->setRuns(runs);
        m_inspect->setCheckpointEpochs(runs.isEmpty() ? QList<int>{} : keptEpochs(runs.first()));
        // Inspect in view, showing (or computing) another run: it recomputes for the one selected now.
        if (cleared && !runs.isEmpty() && m_lowerTabs->currentWidget() == m_inspect)
            m_inspect->compute();
    });
    connect(m_form, &RunFormPanel::launchRequested, this, [this](const train::RunConfig &config, const QString &name) {
        const qint64 id = m_controller->launch(config, name);
        if (id == 0) {
            QMessageBox::warning(this, tr("Queue run"), m_controller->error());
            return;
        }
        selectRun(id);
        m_form->showLaunchResult(m_controller->runsGoToSlurm() ? tr("Run %1 created; submitting it to Slurm…").arg(id)
                                                               : QString(),
                                 true);
    });
}

// What the store and the engines this window hears say while runs train.
void MainWindow::followEngines()
{
    auto *queue = m_controller->queue();
    connect(m_controller, &RunController::runsChanged, this, &MainWindow::refreshRuns);
    // While runs train: their val top-1 and metric columns, and which runs wait to be resumed.
    connect(m_controller, &RunController::looked, this, [this] {
        m_model->refreshMetrics();
        showWaiting();
        followSelected();
    });
    connect(m_model, &RunTableModel::editRefused, this, [this](const QString &why) {
        statusBar()->showMessage(why, 15000);
    });
    connect(queue, &launch::RunQueue::runProgressed, this, [this](qint64 id, const launch::RunProgress &p) {
        m_model->setProgress(id, p);
    });
    followSlurm();
    followSweepJobs();
    connect(queue, &launch::RunQueue::runStarted, this, [this](qint64 id, const launch::StartedEvent &start) {
        if (start.startStep > 0)
            m_cache->forget(id);  // resumed: metrics after its checkpoint are taken again
    });
    connect(queue, &launch::RunQueue::runMetrics, this, &MainWindow::appendMetrics);
    connect(queue, &launch::RunQueue::runMessage, this, &MainWindow::appendLog);
    connect(queue, &launch::RunQueue::runFinished, this, &MainWindow::logFinished);
}

void MainWindow::appendMetrics(qint64 id, const std::vector<store::MetricPoint> &points)
{
    m_workspace->appendMetrics(id, points);
}

void MainWindow::logFinished(qint64 id, const QString &status, const QString &message)
{
    const auto known = store::runStatusFromString(status);
    appendLog(id, tr("%1: %2").arg(known ? statusText(*known) : status, message));
    if (status == QLatin1String("failed") || status == QLatin1String("crashed"))
        if (const auto *p = m_controller->queue()->process(id))
            for (const QString &line : p->logTail())
                appendLog(id, QStringLiteral("  ") + line);
}

void MainWindow::buildStatusBar()
{
    // A permanent widget: a menu's status tip clears the status bar's message, never this.
    m_queueState = new QLabel(this);
    m_queueState->setObjectName(QStringLiteral("queueState"));
    statusBar()->addPermanentWidget(m_queueState);
    showQueueState();
    connect(m_controller->queue(), &launch::RunQueue::changed, this, [this] {
        showQueueState();
        showWaiting();
    });
    connect(m_controller, &RunController::notice, this, [this](qint64 id, const QString &text) {
        appendLog(id, text);
        statusBar()->showMessage(text.section(QLatin1Char('\n'), 0, 0), 20000);  // the whole of it: the log
    });
}

void MainWindow::restoreWindow()
{
    QSettings settings;
    restoreGeometry(settings.value(QStringLiteral("window/geometry")).toByteArray());
    restoreState(settings.value(QStringLiteral("window/state")).toByteArray());
    if (!settings.contains(QStringLiteral("window/geometry")))
        resize(1400, 860);
    restoreColumns();
    // The runs selected last time (per store), else the newest.
    const QString selectionKey = QStringLiteral("selection/") + storeKey();
    const QStringList last = settings.value(selectionKey).toStringList();
    for (const QString &id : last)
        if (const int row = m_model->rowOf(id.toLongLong()); row >= 0)
            m_table->selectionModel()->select(m_proxy->mapFromSource(m_model->index(row, 0)),
                                              QItemSelectionModel::Select | QItemSelectionModel::Rows);
    if (selectedRuns().isEmpty() && m_proxy->rowCount() > 0)
        m_table->selectRow(0);
}

MainWindow::~MainWindow() = default;

QList<qint64> MainWindow::selectedRuns() const
{
    QList<qint64> ids;
    for (const QModelIndex &index : m_table->selectionModel()->selectedRows())
        ids << index.data(RunTableModel::RunIdRole).toLongLong();
    return ids;
}

void MainWindow::setMetric(const QString &key)
{
    m_workspace->setMetric(0, key);
}

CurvePlot *MainWindow::curves() const
{
    return m_workspace->plot(0);
}

void MainWindow::selectRun(qint64 runId)
{
    const int row = m_model->rowOf(runId);
    if (row < 0)
        return;
    const QModelIndex index = m_proxy->mapFromSource(m_model->index(row, 0));
    if (!index.isValid()) {  // hidden by the filter: said, with the way to see it
        const QString name = m_model->index(row, RunTableModel::Name).data().toString();
        m_toast->showMessage(tr("Run %1 '%2' is hidden by the filter.").arg(runId).arg(name), tr("Show it"), [this, runId] {
            m_filter->clearFilters();
            selectRun(runId);
            m_table->scrollTo(m_table->currentIndex());
        });
        return;
    }
    // The run alone, whatever keys are held (QTableView::selectRow follows a held Ctrl or Shift: queueing
    // with Ctrl+Return added the new run to the selection while the button replaced it).
    m_table->selectionModel()->setCurrentIndex(index, QItemSelectionModel::ClearAndSelect | QItemSelectionModel::Rows);
}

void MainWindow::selectRuns(const QList<qint64> &runIds)
{
    m_table->clearSelection();
    for (qint64 id : runIds)
        if (const int row = m_model->rowOf(id); row >= 0)
            m_table->selectionModel()->select(m_proxy->mapFromSource(m_model->index(row, 0)),
                                              QItemSelectionModel::Select | QItemSelectionModel::Rows);
}

void MainWindow::showCurves()
{
    m_workspace->setRuns(selectedRuns());
}

void MainWindow::refreshRuns()
{
    const auto keep = selectedRuns();
    const int rows = m_model->rowCount();
    m_model->refresh();
    showWaiting();
    showWelcomeWhenEmpty();
    if (m_model->rowCount() != rows) {
        const int scrolled = m_table->horizontalScrollBar()->value();
        fitColumns();
        m_table->horizontalScrollBar()->setValue(scrolled);
    }
    for (qint64 id : keep) {
        const int row = m_model->rowOf(id);
        if (row >= 0)
            m_table->selectionModel()->select(m_proxy->mapFromSource(m_model->index(row, 0)),
                                              QItemSelectionModel::Select | QItemSelectionModel::Rows);
    }
}

// Selected runs that train in an engine this window does not hear (started from a terminal, by a
// background queue, or by another window; attached to, its events file stale) grow only in the store: their curves, the comparison,
// the checkpoints Inspect offers and the legend's names are re-read when the store has more.
void MainWindow::followSelected()
{
    const auto ids = selectedRuns();
    if (ids.isEmpty())
        return;
    store::RunStore *store = m_controller->store();
    const QStringList keys = m_workspace->metrics();
    QString now;
    bool grown = false;
    for (qint64 id : ids) {
        const auto run = store->run(id);
        if (!run)
            continue;
        now += QStringLiteral("%1:%2:%3;").arg(id).arg(int(run->status)).arg(run->name);
        if (run->status != store::RunStatus::Running)
            continue;
        // Points an engine reports live are in the cache already: only a store ahead of it reloads.
        for (const QString &key : keys)
            if (store->metricSummary(id, key).count > qint64(m_cache->get(id, key).values.size())) {
                m_cache->forget(id);
                grown = true;
                break;
            }
    }
    const QList<int> epochs = keptEpochs(ids.first());
    for (int e : epochs)
        now += QStringLiteral("e%1").arg(e);
    if (!grown && now == m_followed)
        return;
    if (now != m_followed)  // a run ended (its last points came with its end), or was renamed
        for (qint64 id : ids)
            m_cache->forget(id);
    m_followed = now;
    showCurves();
    m_compare->setRuns(ids);
    m_sweep->setRuns(ids);
    m_inspect->setCheckpointEpochs(epochs);
}

void MainWindow::showWaiting()
{
    const QList<qint64> queued = m_controller->queue()->queued();
    m_model->setWaitingToResume(QSet<qint64>(queued.begin(), queued.end()), m_controller->handedToBackground());
}

void MainWindow::showQueueState()
{
    m_queueState->setText(tr("%1 running, %2 queued — store %3")
                              .arg(m_controller->training())
                              .arg(m_controller->waiting())
                              .arg(m_controller->store()->displayName()));
}

void MainWindow::appendLog(qint64 runId, const QString &text)
{
    m_log->appendPlainText(QStringLiteral("[%1] %2").arg(runId).arg(text));
}

QList<int> MainWindow::keptEpochs(qint64 runId) const
{
    QList<int> epochs;  // the epoch checkpoints the run keeps (train.keep_every)
    for (const auto &a : m_controller->store()->artifacts(runId))
        if (const auto name = store::CheckpointName::fromKind(a.kind); name && name->isEpoch())
            epochs << name->epochNumber();
    std::sort(epochs.begin(), epochs.end());
    return epochs;
}

bool MainWindow::inspect(const QString &view)
{
    m_lowerTabs->setCurrentWidget(m_inspect);
    if (!view.isEmpty())
        m_inspect->setCurrentView(view);
    m_inspect->setRuns(selectedRuns());
    // Brought into view it may have started already (the tab's own rule): one engine, not two.
    return !selectedRuns().isEmpty() && (m_inspect->isComputing() || m_inspect->compute());
}

void MainWindow::closeEvent(QCloseEvent *event)
{
    if (!settleRuns()) {
        event->ignore();
        return;
    }
    QSettings settings;
    settings.setValue(QStringLiteral("window/geometry"), saveGeometry());
    settings.setValue(QStringLiteral("window/state"), saveState());
    QStringList ids;
    for (qint64 id : selectedRuns())
        ids << QString::number(id);
    settings.setValue(QStringLiteral("selection/") + storeKey(), ids);
    event->accept();
}

} // namespace gatefold::widgets
