#include "mainwindow.h"

#include "compareview.h"
#include "configdiff.h"
#include "curveplot.h"
#include "groupview.h"
#include "inspectpanel.h"
#include "runcontroller.h"
#include "progressdelegate.h"
#include "runformpanel.h"
#include "runtablemodel.h"
#include "seriescache.h"
#include "statusicon.h"
#include "sweepview.h"

#include "store/checkpointname.h"
#include "store/runstore.h"
#include "config/fieldtable.h"
#include "config/runvalidation.h"

#include <QCheckBox>
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
#include <QSlider>
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
    , m_proxy(new QSortFilterProxyModel(this))
    , m_table(new QTableView)
    , m_curves(new CurvePlot)
    , m_metric(new QComboBox)
    , m_log(new QPlainTextEdit)
    , m_xAxis(new QComboBox)
    , m_compare(new CompareView(controller->store()))
    , m_groups(new GroupView(controller->store()))
    , m_cache(std::make_unique<SeriesCache>(controller->store()))
{
    setWindowTitle(tr("Gatefold"));
    m_form->setEngine(m_controller->enginePath(), m_controller->store() ? m_controller->store()->path() : QString());
    setUpRunTable();
    setCentralWidget(buildCentre());
    buildDocks();
    buildActions();
    fitColumns();
    connectSelection();
    followEngines();
    buildStatusBar();
    restoreWindow();
}

void MainWindow::setUpRunTable()
{
    m_proxy->setSourceModel(m_model);
    m_proxy->setSortRole(RunTableModel::SortRole);
    m_proxy->setFilterCaseSensitivity(Qt::CaseInsensitive);
    m_proxy->setFilterKeyColumn(-1);
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
    auto *split = new QSplitter(Qt::Vertical);
    split->addWidget(runTabs);
    split->addWidget(m_lowerTabs);
    split->setStretchFactor(0, 2);
    split->setStretchFactor(1, 3);
    return split;
}

QWidget *MainWindow::buildRunTabs()
{
    auto *filter = new QLineEdit;
    filter->setPlaceholderText(tr("Filter runs (name, status, tags, notes…)"));
    filter->setClearButtonEnabled(true);
    connect(filter, &QLineEdit::textChanged, m_proxy, &QSortFilterProxyModel::setFilterFixedString);
    auto *runsPanel = new QWidget;
    auto *runsLayout = new QVBoxLayout(runsPanel);
    runsLayout->setContentsMargins(0, 0, 0, 0);
    runsLayout->addWidget(filter);
    runsLayout->addWidget(m_table, 1);
    // Runs one by one, or grouped by a setting with mean ± std (computed when the tab is shown).
    auto *runTabs = new QTabWidget;
    runTabs->addTab(runsPanel, tr("Runs"));
    runTabs->addTab(m_groups, tr("Groups"));
    connect(runTabs, &QTabWidget::currentChanged, this, [this](int tab) {
        if (tab == 1)
            m_groups->refresh();
    });
    return runTabs;
}

// The metric, what it is drawn against and how it is smoothed, above the plot.
QWidget *MainWindow::buildCurvePanel()
{
    for (const char *key : {"val/top1", "val/loss", "train/loss", "train/lr", "train/grad_norm", "train/images_per_s",
                            "val/top5", "val_ema/top1", "train/lambda_join", "train/tau", "data/wait_fraction", "dist/comm_wait_fraction"})
        m_metric->addItem(QString::fromLatin1(key));
    m_metric->setEditable(true);
    m_metric->setMinimumContentsLength(12);
    auto *curveBar = new QHBoxLayout;
    curveBar->addWidget(new QLabel(tr("Metric:")));
    curveBar->addWidget(m_metric, 1);
    m_xAxis->addItems({tr("step"), tr("epoch"), tr("wall time (min)")});
    curveBar->addWidget(new QLabel(tr("against")));
    curveBar->addWidget(m_xAxis);
    addSmoothingControls(curveBar);
    auto *curvePanel = new QWidget;
    auto *curveLayout = new QVBoxLayout(curvePanel);
    curveLayout->setContentsMargins(0, 0, 0, 0);
    curveLayout->addLayout(curveBar);
    curveLayout->addWidget(m_curves, 1);
    connect(m_metric, &QComboBox::currentTextChanged, this, &MainWindow::showCurves);
    connect(m_xAxis, &QComboBox::currentIndexChanged, this, &MainWindow::showCurves);
    return curvePanel;
}

void MainWindow::addSmoothingControls(QHBoxLayout *curveBar)
{
    auto *smoothing = new QSlider(Qt::Horizontal);
    smoothing->setRange(0, 99);
    smoothing->setValue(60);
    smoothing->setToolTip(tr("Smoothing: weight of the debiased exponential moving average"));
    smoothing->setMinimumWidth(90);
    m_curves->setSmoothing(0.6);
    auto *logScale = new QCheckBox(tr("Log scale"));
    curveBar->addWidget(new QLabel(tr("Smoothing:")));
    auto *smoothingMode = new QComboBox;
    smoothingMode->addItems({tr("EMA"), tr("moving average")});
    smoothingMode->setToolTip(tr("Debiased exponential moving average, or the mean of the last points (slider: window)"));
    curveBar->addWidget(smoothingMode);
    curveBar->addWidget(smoothing, 1);
    curveBar->addWidget(logScale);
    connect(smoothingMode, &QComboBox::currentIndexChanged, this, [this](int i) {
        m_curves->setSmoothingMode(i == 0 ? CurvePlot::SmoothingMode::Ema : CurvePlot::SmoothingMode::MovingAverage);
    });
    connect(smoothing, &QSlider::valueChanged, this, [this](int v) { m_curves->setSmoothing(v / 100.0); });
    connect(logScale, &QCheckBox::toggled, m_curves, &CurvePlot::setLogScale);
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
        m_compare->setRuns(selectedRuns());
        m_sweep->setRuns(selectedRuns());
        m_inspect->setRuns(selectedRuns());
        m_inspect->setCheckpointEpochs(selectedRuns().isEmpty() ? QList<int>{} : keptEpochs(selectedRuns().first()));
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
    const QString shown = m_metric->currentText();
    std::vector<double> xs, ys;  // the shown metric's new points, drawn in one go
    for (const auto &p : points) {
        const bool plotted = p.key == shown && m_curves->hasRun(id);  // then its series is loaded
        const size_t before = plotted ? m_cache->get(id, p.key).steps.size() : 0;
        m_cache->append(id, p.key, double(p.step), p.epoch, p.wall, p.value);  // ignored unless loaded
        if (plotted && m_cache->get(id, p.key).steps.size() > before) {
            const auto &s = m_cache->get(id, p.key);
            const double x = m_xAxis->currentIndex() == 0 ? double(p.step)
                           : m_xAxis->currentIndex() == 1 ? p.epoch
                                                          : (p.wall - s.walls.front()) / 60.0;
            xs.push_back(x);
            ys.push_back(p.value);
        }
    }
    m_curves->appendPoints(id, xs, ys);
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
    m_metric->setCurrentText(key);
}

void MainWindow::selectRun(qint64 runId)
{
    const int row = m_model->rowOf(runId);
    if (row < 0)
        return;
    const QModelIndex index = m_proxy->mapFromSource(m_model->index(row, 0));
    if (!index.isValid())  // hidden by the filter
        return;
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
    m_curves->clear();
    const QString key = m_metric->currentText();
    m_curves->setMetricLabel(key);
    m_curves->setXLabel(m_xAxis->currentText());
    m_curves->setMeasuredPoints(CurvePlot::isEvaluationMetric(key));
    const auto ids = selectedRuns();
    // The legend names what distinguishes the runs shown (their differing settings).
    std::vector<QJsonObject> configs;
    std::vector<QString> names;
    for (qint64 id : ids) {
        const auto run = m_controller->store()->run(id);
        configs.push_back(run ? flattenConfig(run->configJson) : QJsonObject());
        names.push_back(run ? run->name : QString());
    }
    const QStringList differing = differingKeys(configs);
    m_curves->beginUpdate();
    for (size_t i = 0; i < size_t(ids.size()); ++i) {
        const Series &s = m_cache->get(ids[int(i)], key);
        std::vector<double> x;
        if (m_xAxis->currentIndex() == 0)
            x = s.steps;
        else if (m_xAxis->currentIndex() == 1)
            x = s.epochs;
        else
            for (double w : s.walls)
                x.push_back((w - s.walls.front()) / 60.0);
        QString label = QStringLiteral("%1 %2").arg(ids[int(i)]).arg(names[i]);
        if (ids.size() > 1 && !differing.isEmpty())
            label += QStringLiteral(" (%1)").arg(describeKeys(configs[i], differing));
        m_curves->setRun(ids[int(i)], label, x, s.values);
    }
    // Runs that differ only by their seeds: their mean ± std as a band.
    const bool seedsOnly = ids.size() > 1 && !differing.isEmpty()
        && std::all_of(differing.begin(), differing.end(),
                       [](const QString &k) { return k == QLatin1String("train.seed") || k == QLatin1String("data.seed"); });
    if (seedsOnly && m_xAxis->currentIndex() < 2) {
        std::vector<std::vector<double>> xs, ys;
        for (qint64 id : ids) {
            const Series &s = m_cache->get(id, key);
            xs.push_back(m_xAxis->currentIndex() == 0 ? s.steps : s.epochs);
            ys.push_back(s.values);
        }
        m_curves->setSeedBand(tr("mean ± std over %n seed(s)", nullptr, int(ids.size())), xs, ys);
    }
    m_curves->endUpdate();
}

void MainWindow::refreshRuns()
{
    const auto keep = selectedRuns();
    const int rows = m_model->rowCount();
    m_model->refresh();
    showWaiting();
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
    const QString key = m_metric->currentText();
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
        const auto stored = store->metricSummary(id, key);
        if (stored.count > qint64(m_cache->get(id, key).values.size())) {
            m_cache->forget(id);
            grown = true;
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
    return !selectedRuns().isEmpty() && m_inspect->compute();
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
