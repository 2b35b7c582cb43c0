#pragma once

#include <QList>
#include <QStringList>
#include <QWidget>

#include <memory>
#include <vector>

class QComboBox;
class QDoubleSpinBox;
class QHBoxLayout;
class QLabel;
class QPushButton;
class QSlider;
class QSpinBox;
class QTabWidget;

namespace gatefold::report {
struct InspectReport;
}

namespace gatefold::widgets {

class AnalyzeJob;
class AttentionDistanceView;
class AttentionView;
class BranchSimilarityView;
class CkaView;
class CodebookView;
class EmbeddingFiltersView;
class InspectView;
class PositionSimilarityView;

// "See inside" (issue #7) for the selected run: choose a checkpoint, the
// images (the first ones of the validation or training split, or files), the
// rollout's head fusion and discard ratio, and for CKA the run to compare
// with; Compute has the engine compute them (an AnalyzeJob: a
// `gatefold-cli analyze` child — the window never runs LibTorch and stays
// responsive) and hands the report to the views: attention and rollout,
// mean attention distance, codebook, branch similarity, CKA, and the ViT
// paper's Fig. 7: the patch-embedding filters' principal components and the
// position embeddings' similarity. A newer Compute
// or another selected run stops the computation under way and drops its
// answer, so no view ever shows one run's report under another run's
// number. Each view exports its picture (PNG/SVG/PDF) and its raw numbers (CSV).
class InspectPanel : public QWidget
{
    Q_OBJECT
public:
    // `enginePath`: the gatefold-cli to run; `storePath`: the run store it reads.
    InspectPanel(QString enginePath, QString storePath, QWidget *parent = nullptr);
    ~InspectPanel() override;

    // The runs selected in the browser: the first is inspected, the second is offered for CKA. Another
    // first run stops a computation under way and clears the views; returns whether it did (what was
    // shown or being computed was about another run).
    bool setRuns(const QList<qint64> &runIds);
    // Starts the computation as the Compute button does (stopping one under way); false (and the
    // reason shown) when it cannot start.
    bool compute();
    bool isComputing() const;
    // The computation's engine process id while it runs (0 otherwise), for tests.
    qint64 engineProcessId() const;
    std::shared_ptr<const report::InspectReport> report() const { return m_report; }
    QString statusText() const;
    void setImageFiles(const QStringList &files);
    // The epochs whose checkpoints the first run keeps besides best and last (train.keep_every).
    void setCheckpointEpochs(const QList<int> &epochs);
    void setCheckpoint(const QString &name);  // "best", "last", "epoch:N"
    void setCurrentView(const QString &view);  // attention, distance, codebook, branches, cka, filters, positions
    bool exportPicture(const QString &path, QString *error);
    // The current page's CSV tables into the folder `dir` (InspectView::exportCsv()).
    bool exportCsv(const QString &dir, QString *error, QStringList *written = nullptr);

    // The view of a page (a report::pageNames() entry), nullptr for another name.
    InspectView *view(const QString &page) const;
    AttentionView *attentionView() const;
    CodebookView *codebookView() const;
    BranchSimilarityView *branchView() const;
    CkaView *ckaView() const;
    AttentionDistanceView *distanceView() const;
    EmbeddingFiltersView *filtersView() const;
    PositionSimilarityView *positionsView() const;
    // The branch tab's training slider: 0 … evaluations − 1 a recorded evaluation, evaluations the checkpoint.
    void setBranchStep(int position);
    int branchSteps() const;

Q_SIGNALS:
    void computed(bool ok);

private:
    void setUpChoices();
    QHBoxLayout *buildChoiceBar();
    QTabWidget *buildTabs();
    QWidget *buildBranchPage();
    void finish(std::shared_ptr<const report::InspectReport> report, const QString &error);
    void showReport(std::shared_ptr<const report::InspectReport> report);
    QString summary(const report::InspectReport &report) const;
    void showBranchStep(int position);
    void setStatus(const QString &text, bool error = false);
    void chooseFiles();
    InspectView *currentView() const;
    // Asks where to save the current view's picture, saves it there and says how that went.
    void askExportPicture();
    // Asks for a folder, asks before replacing the tables already in it, writes the current
    // page's CSV tables there and says how that went.
    void askExportCsv();

    QString m_enginePath;
    QString m_csvDir;  // where the last CSV tables went: the folder dialog starts there
    QString m_storePath;
    QList<qint64> m_runs;
    std::shared_ptr<const report::InspectReport> m_report;
    QLabel *m_run;
    QComboBox *m_checkpoint;
    QSpinBox *m_images;
    QComboBox *m_source;
    QComboBox *m_fusion;
    QDoubleSpinBox *m_discard;
    QComboBox *m_ckaWith;
    QPushButton *m_compute;
    QLabel *m_status;
    QTabWidget *m_tabs;
    QList<InspectView *> m_views;  // in report::pageNames()'s order, as the tabs
    QSlider *m_branchSlider;
    QLabel *m_branchStep;
    QStringList m_files;
    std::unique_ptr<AnalyzeJob> m_job;  // the computation under way, if any
};

} // namespace gatefold::widgets
