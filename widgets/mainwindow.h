#pragma once

#include <QMainWindow>

#include <memory>
#include <vector>

class QComboBox;
class QHBoxLayout;
class QLabel;
class QMenu;
class QPlainTextEdit;
class QStackedWidget;
class QTabWidget;
class QTableView;
class QToolBar;

namespace gatefold::store {
struct MetricPoint;
}
namespace gatefold::train {
struct SweepPlan;
}

namespace gatefold::widgets {

struct AshaSettings;
class CompareView;
class InspectPanel;
class GroupView;
class CurvePlot;
class CurvesWorkspace;
class SeriesCache;
class SweepView;
class RunController;
class RunFormPanel;
class RunFilterBar;
class RunFilterProxy;
class RunTableModel;
class Toast;
class WelcomePage;

// The workbench: the run form (left dock), the runs of the store (centre,
// sortable and filterable) above the curves of the selected runs, and the
// engines' messages (bottom dock). Actions act on the selected runs through
// the RunController; the window itself never trains.
class MainWindow : public QMainWindow
{
    Q_OBJECT
public:
    explicit MainWindow(RunController *controller, QWidget *parent = nullptr);
    ~MainWindow() override;

    RunFormPanel *formPanel() const { return m_form; }
    RunTableModel *runModel() const { return m_model; }
    CurvePlot *curves() const;  // the first panel's plot
    CurvesWorkspace *curvesWorkspace() const { return m_workspace; }
    QList<qint64> selectedRuns() const;
    void setMetric(const QString &key);  // of the first panel
    SeriesCache *seriesCache() const { return m_cache.get(); }
    CompareView *compareView() const { return m_compare; }
    InspectPanel *inspectPanel() const { return m_inspect; }
    SweepView *sweepView() const { return m_sweep; }
    // Shows the Inspect tab on `view` (attention, distance, codebook, branches, cka) and computes it
    // for the selected run; false when no run is selected.
    bool inspect(const QString &view = QString());
    // Selects the run alone; when the browser's filter hides it, a toast says so and offers to show it.
    void selectRun(qint64 runId);
    Toast *toast() const { return m_toast; }
    void selectRuns(const QList<qint64> &runIds);
    // At start: offers the runs nobody runs any more (queued by a window or queue that is gone,
    // crashed with their engine) for taking up; nothing happens to them without the user's choice.
    void offerStrandedRuns();
    // While the store has no runs the centre says what to do (queue the demo, open a store, import
    // MLflow runs) instead of showing an empty plot.
    bool showsWelcome() const;
    WelcomePage *welcomePage() const { return m_welcome; }
    // File → Open store…: a store file chosen and opened once to see it is one; storeChosen follows.
    void openStore();

Q_SIGNALS:
    // The user chose another run store: the application starts again on it (app/gui/main.cpp).
    void storeChosen(const QString &path);

protected:
    void closeEvent(QCloseEvent *event) override;

private:
    // The constructor's steps, in order.
    void setUpRunTable();
    QWidget *buildCentre();
    QWidget *withWelcome(QWidget *centre);  // mainwindowstart.cpp
    void showWelcomeWhenEmpty();
    QWidget *buildRunTabs();
    QWidget *buildCurvePanel();
    void buildDocks();
    void buildActions();
    void connectSelection();
    void followEngines();
    void followSlurm();  // mainwindowruns.cpp
    void buildStatusBar();
    void restoreWindow();
    // The engines' metrics as they come (drawn if shown), and how a run ended, in the log.
    void appendMetrics(qint64 runId, const std::vector<store::MetricPoint> &points);
    void logFinished(qint64 runId, const QString &status, const QString &message);
    // The menus and toolbar (mainwindowactions.cpp), and what their actions open.
    void addFileActions(QMenu *fileMenu);
    QList<QAction *> addLaunchActions(QMenu *runMenu);
    void addResultActions(QMenu *runMenu);
    void fillRunsToolbar(QToolBar *toolbar, const QList<QAction *> &launching);
    // Sweeps (mainwindowsweeps.cpp): the Sweep dialog, a sweep with early stopping run by a
    // controller child, a sweep whose controller is gone carried on, what the controllers say.
    void openSweepBuilder();
    void startControlledSweep(const train::SweepPlan &plan, const QByteArray &gridJson, const AshaSettings &asha);
    void continueSweeps();
    void followSweepJobs();
    void duplicateIntoForm();
    void showEngineLogs();
    void openTableBuilder();
    void exportModel();

    void showCurves();
    void refreshRuns();
    void showWaiting();     // runs queued for resume, here or in a background queue
    void followSelected();  // the selected runs' curves, comparison and checkpoints, as the store grows
    void showQueueState();  // "N running, M queued — store …", always in the status bar
    void fitColumns();
    void fitStatusColumn();  // wide enough for every status, and for the scheduler's words beside it
    // Quitting with runs: keep them training in the background, stop them at a checkpoint, or stay
    // (false). mainwindowruns.cpp.
    bool settleRuns();
    void waitForStops(bool engines);
    void appendLog(qint64 runId, const QString &text);
    void about();
    void exportCurves();
    void headerMenu(const QPoint &pos);
    void saveColumns() const;
    void restoreColumns();
    QString storeKey() const;  // settings remembered per store
    QList<int> keptEpochs(qint64 runId) const;  // epoch checkpoints the run keeps, ascending

    RunController *m_controller;
    RunFormPanel *m_form;
    RunTableModel *m_model;
    RunFilterProxy *m_proxy;
    QTableView *m_table;
    RunFilterBar *m_filter = nullptr;
    Toast *m_toast = nullptr;
    QStackedWidget *m_centreStack = nullptr;
    WelcomePage *m_welcome = nullptr;
    CurvesWorkspace *m_workspace = nullptr;
    QPlainTextEdit *m_log;
    CompareView *m_compare;
    InspectPanel *m_inspect;
    QTabWidget *m_lowerTabs;
    SweepView *m_sweep = nullptr;
    QLabel *m_queueState;
    QString m_followed;  // the selected runs' ids, statuses, names and last steps, at the last look
    GroupView *m_groups;
    std::unique_ptr<SeriesCache> m_cache;
};

} // namespace gatefold::widgets
