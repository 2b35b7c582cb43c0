#include "inspectpanel.h"

#include "analyzejob.h"
#include "attentiondistanceview.h"
#include "attentionview.h"
#include "branchsimilarityview.h"
#include "ckaview.h"
#include "codebookview.h"
#include "embeddingfiltersview.h"
#include "filedialogs.h"
#include "positionsimilarityview.h"

#include "report/inspectreport.h"
#include "report/reportcsv.h"
#include "report/reportviews.h"

#include <QComboBox>
#include <QDoubleSpinBox>
#include <QDir>
#include <QFileInfo>
#include <QFormLayout>
#include <QHBoxLayout>
#include <QLabel>
#include <QMap>
#include <QMessageBox>
#include <QPushButton>
#include <QSlider>
#include <QSpinBox>
#include <QTabWidget>
#include <QVBoxLayout>

namespace gatefold::widgets {

InspectPanel::InspectPanel(QString enginePath, QString storePath, QWidget *parent)
    : QWidget(parent)
    , m_enginePath(std::move(enginePath))
    , m_storePath(std::move(storePath))
    , m_run(new QLabel(this))
    , m_checkpoint(new QComboBox(this))
    , m_images(new QSpinBox(this))
    , m_source(new QComboBox(this))
    , m_fusion(new QComboBox(this))
    , m_discard(new QDoubleSpinBox(this))
    , m_ckaWith(new QComboBox(this))
    , m_compute(new QPushButton(tr("Compute"), this))
    , m_status(new QLabel(this))
    , m_tabs(new QTabWidget(this))
    , m_views({new AttentionView, new AttentionDistanceView, new CodebookView, new BranchSimilarityView, new CkaView,
               new EmbeddingFiltersView, new PositionSimilarityView})
    , m_branchSlider(new QSlider(Qt::Horizontal))
    , m_branchStep(new QLabel)
{
    setUpChoices();
    auto *exportPicture = new QPushButton(tr("Export picture…"), this);
    auto *exportCsv = new QPushButton(tr("Export CSV…"), this);
    exportCsv->setToolTip(tr("Write this page's numbers as CSV tables into a folder: the files and columns "
                             "gatefold-cli analyze writes (README, \"Analysis reports\")"));

    auto *lower = new QHBoxLayout;
    lower->addWidget(m_status, 1);
    lower->addWidget(exportPicture);
    lower->addWidget(exportCsv);

    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addLayout(buildChoiceBar());
    layout->addWidget(buildTabs(), 1);
    layout->addLayout(lower);

    connect(m_compute, &QPushButton::clicked, this, &InspectPanel::compute);
    connect(exportPicture, &QPushButton::clicked, this, &InspectPanel::askExportPicture);
    connect(exportCsv, &QPushButton::clicked, this, &InspectPanel::askExportCsv);
    connect(m_source, &QComboBox::activated, this, [this](int index) {
        if (m_source->itemData(index).toString() == QLatin1String("files"))
            chooseFiles();
    });
    setRuns({});
}

// The checkpoint, images and rollout choices with their tool tips; the Compute button and the status.
void InspectPanel::setUpChoices()
{
    m_checkpoint->addItem(tr("best"), QStringLiteral("best"));
    m_checkpoint->addItem(tr("last"), QStringLiteral("last"));
    m_checkpoint->setToolTip(tr("Which checkpoint of the run: the best by validation top-1, the last, or an epoch's "
                                "(kept when the run sets train.keep_every)"));
    m_images->setRange(1, 64);
    m_images->setValue(8);
    m_images->setToolTip(tr("How many images (the first of the split, always the same ones)"));
    m_source->addItem(tr("validation images"), QStringLiteral("val"));
    m_source->addItem(tr("training images"), QStringLiteral("train"));
    m_source->addItem(tr("image files…"), QStringLiteral("files"));
    m_fusion->addItem(tr("mean"), QStringLiteral("mean"));
    m_fusion->addItem(tr("max"), QStringLiteral("max"));
    m_fusion->addItem(tr("min"), QStringLiteral("min"));
    m_fusion->setToolTip(tr("Rollout: how the heads of a layer are fused"));
    m_discard->setRange(0.0, 0.99);
    m_discard->setSingleStep(0.05);
    m_discard->setDecimals(2);
    m_discard->setToolTip(tr("Rollout: fraction of the lowest fused attention dropped per row (the class token's "
                             "column is kept)"));
    m_ckaWith->setToolTip(tr("CKA compares this run's blocks with another selected run's, or with themselves"));
    m_compute->setDefault(true);
    m_compute->setToolTip(tr("Compute every view for this checkpoint and these images"));
    m_status->setWordWrap(true);
    m_status->setTextInteractionFlags(Qt::TextSelectableByMouse);
}

QHBoxLayout *InspectPanel::buildChoiceBar()
{
    auto *bar = new QHBoxLayout;
    bar->addWidget(m_run);
    bar->addWidget(new QLabel(tr("Checkpoint:"), this));
    bar->addWidget(m_checkpoint);
    bar->addWidget(new QLabel(tr("Images:"), this));
    bar->addWidget(m_images);
    bar->addWidget(m_source);
    bar->addWidget(new QLabel(tr("Rollout:"), this));
    bar->addWidget(m_fusion);
    bar->addWidget(m_discard);
    bar->addWidget(new QLabel(tr("CKA with:"), this));
    bar->addWidget(m_ckaWith);
    bar->addStretch(1);
    bar->addWidget(m_compute);
    return bar;
}

// One tab per view.
QTabWidget *InspectPanel::buildTabs()
{
    m_tabs->addTab(attentionView(), tr("Attention"));
    m_tabs->addTab(distanceView(), tr("Attention distance"));
    m_tabs->addTab(codebookView(), tr("Codebook"));
    m_tabs->addTab(buildBranchPage(), tr("Branches"));
    m_tabs->addTab(ckaView(), tr("CKA"));
    m_tabs->addTab(filtersView(), tr("Embedding filters"));
    m_tabs->addTab(positionsView(), tr("Position similarity"));
    Q_ASSERT(m_tabs->count() == report::pageNames().size());  // the pages in report::pageNames()'s order
    return m_tabs;
}

// Branches: the checkpoint's similarity, or (slider) what the run recorded at each evaluation.
QWidget *InspectPanel::buildBranchPage()
{
    auto *branchPage = new QWidget;
    auto *branchBar = new QHBoxLayout;
    branchBar->addWidget(new QLabel(tr("Training:"), branchPage));
    branchBar->addWidget(m_branchSlider, 1);
    branchBar->addWidget(m_branchStep);
    m_branchSlider->setPageStep(1);
    m_branchSlider->setRange(0, 0);
    m_branchSlider->setEnabled(false);
    m_branchSlider->setToolTip(tr("Scrub through joining: the similarity at each evaluation during training (first "
                                  "validation batch); the right end is the checkpoint on the inspected images"));
    connect(m_branchSlider, &QSlider::valueChanged, this, &InspectPanel::showBranchStep);
    auto *branchLayout = new QVBoxLayout(branchPage);
    branchLayout->setContentsMargins(0, 0, 0, 0);
    branchLayout->addLayout(branchBar);
    branchLayout->addWidget(branchView(), 1);
    return branchPage;
}

// The job goes first (members in reverse): it kills its engine before the views go.
InspectPanel::~InspectPanel() = default;

bool InspectPanel::setRuns(const QList<qint64> &runIds)
{
    const qint64 before = m_runs.isEmpty() ? 0 : m_runs.first();
    m_runs = runIds;
    const bool cleared = (runIds.isEmpty() || runIds.first() != before) && (m_job || m_report);
    if (cleared) {
        // Another run: what is shown or computed is about the one before.
        m_job.reset();
        showReport(nullptr);
        setStatus(QString());
    }
    m_run->setText(runIds.isEmpty() ? tr("No run selected") : tr("Run %1").arg(runIds.first()));
    m_compute->setEnabled(!runIds.isEmpty());
    const qint64 other = m_ckaWith->currentData().toLongLong();
    m_ckaWith->clear();
    m_ckaWith->addItem(tr("itself"), qint64(0));
    for (qsizetype i = 1; i < runIds.size(); ++i)
        m_ckaWith->addItem(tr("run %1").arg(runIds[i]), runIds[i]);
    m_ckaWith->setCurrentIndex(std::max(0, m_ckaWith->findData(other)));
    if (runIds.size() > 1 && other == 0)
        m_ckaWith->setCurrentIndex(1);
    return cleared;
}

void InspectPanel::setCheckpointEpochs(const QList<int> &epochs)
{
    const QString current = m_checkpoint->currentData().toString();
    while (m_checkpoint->count() > 2)
        m_checkpoint->removeItem(2);
    for (int epoch : epochs)
        m_checkpoint->addItem(tr("epoch %1").arg(epoch), QStringLiteral("epoch:%1").arg(epoch));
    m_checkpoint->setCurrentIndex(std::max(0, m_checkpoint->findData(current)));
}

void InspectPanel::setCheckpoint(const QString &name)
{
    m_checkpoint->setCurrentIndex(std::max(0, m_checkpoint->findData(name)));
}

void InspectPanel::setImageFiles(const QStringList &files)
{
    m_files = files;
    const int index = m_source->findData(QStringLiteral("files"));
    m_source->setItemText(index, files.isEmpty() ? tr("image files…") : tr("%n file(s)", nullptr, int(files.size())));
    if (!files.isEmpty())
        m_source->setCurrentIndex(index);
}

void InspectPanel::chooseFiles()
{
    const QStringList files = filedialogs::openFiles(
        this, tr("Images to inspect"), m_files.isEmpty() ? QString() : QFileInfo(m_files.first()).absolutePath(),
        tr("Images (*.png *.jpg *.jpeg *.webp *.bmp *.tif *.tiff)"));
    if (files.isEmpty() && m_files.isEmpty())
        m_source->setCurrentIndex(0);
    else if (!files.isEmpty())
        setImageFiles(files);
}

InspectView *InspectPanel::view(const QString &page) const
{
    return m_views.value(report::pageNames().indexOf(page));
}

AttentionView *InspectPanel::attentionView() const
{
    return static_cast<AttentionView *>(view(QStringLiteral("attention")));
}

AttentionDistanceView *InspectPanel::distanceView() const
{
    return static_cast<AttentionDistanceView *>(view(QStringLiteral("distance")));
}

CodebookView *InspectPanel::codebookView() const
{
    return static_cast<CodebookView *>(view(QStringLiteral("codebook")));
}

BranchSimilarityView *InspectPanel::branchView() const
{
    return static_cast<BranchSimilarityView *>(view(QStringLiteral("branches")));
}

CkaView *InspectPanel::ckaView() const
{
    return static_cast<CkaView *>(view(QStringLiteral("cka")));
}

EmbeddingFiltersView *InspectPanel::filtersView() const
{
    return static_cast<EmbeddingFiltersView *>(view(QStringLiteral("filters")));
}

PositionSimilarityView *InspectPanel::positionsView() const
{
    return static_cast<PositionSimilarityView *>(view(QStringLiteral("positions")));
}

InspectView *InspectPanel::currentView() const
{
    return m_views.value(m_tabs->currentIndex());
}

void InspectPanel::setCurrentView(const QString &view)
{
    const int i = int(report::pageNames().indexOf(view));
    if (i >= 0)
        m_tabs->setCurrentIndex(i);
}

QString InspectPanel::statusText() const
{
    return m_status->text();
}

void InspectPanel::setStatus(const QString &text, bool error)
{
    m_status->setText(text);
    m_status->setStyleSheet(error ? QStringLiteral("color: #c0392b;") : QString());
}

bool InspectPanel::isComputing() const
{
    return m_job && m_job->isRunning();
}

qint64 InspectPanel::engineProcessId() const
{
    return m_job ? m_job->processId() : 0;
}

bool InspectPanel::compute()
{
    if (m_runs.isEmpty()) {
        setStatus(tr("Select a run in the table first."), true);
        return false;
    }
    AnalyzeJob::Request request;
    request.runId = m_runs.first();
    request.checkpoint = m_checkpoint->currentData().toString();
    request.images = m_images->value();
    const QString source = m_source->currentData().toString();
    if (source == QLatin1String("files")) {
        if (m_files.isEmpty()) {
            setStatus(tr("Choose image files first (Images → image files…)."), true);
            return false;
        }
        request.files = m_files;
    } else {
        request.split = source;
    }
    request.fusion = m_fusion->currentData().toString();
    request.discardRatio = m_discard->value();
    request.ckaRunId = m_ckaWith->currentData().toLongLong();
    // CKA's minibatch estimate on 64 images: about 1 s for a ViT-Ti at 224 px on a laptop CPU
    // (256, the CLI's default, takes ~5 s; bench/RESULTS.md "Inspect").
    request.ckaImages = 64;
    m_job.reset();  // a computation under way is stopped: its answer would be about an older request
    m_job = std::make_unique<AnalyzeJob>(m_enginePath, m_storePath, request);
    const QString computing = tr("Computing run %1 (%2 checkpoint)…").arg(request.runId).arg(m_checkpoint->currentText());
    connect(m_job.get(), &AnalyzeJob::stage, this, [this, computing](const QString &stage) {
        setStatus(tr("%1 %2").arg(computing, stage));
    });
    connect(m_job.get(), &AnalyzeJob::finished, this, &InspectPanel::finish);
    setStatus(computing);
    m_job->start();
    return true;
}

void InspectPanel::finish(std::shared_ptr<const report::InspectReport> report, const QString &error)
{
    // Only the current job speaks (a replaced one is destroyed first); it is done now.
    m_job.release()->deleteLater();  // still inside its signal
    if (!report) {
        setStatus(error, true);
        Q_EMIT computed(false);
        return;
    }
    showReport(report);
    setStatus(summary(*report));
    Q_EMIT computed(true);
}

void InspectPanel::showReport(std::shared_ptr<const report::InspectReport> report)
{
    m_report = report;
    for (InspectView *view : std::as_const(m_views))
        view->setReport(report);
    codebookView()->setHistory(report ? report->usageHistory : std::vector<report::UsageStep>{});
    const int steps = report ? int(report->branchHistory.size()) : 0;
    {
        const QSignalBlocker block(m_branchSlider);
        m_branchSlider->setRange(0, steps);
        m_branchSlider->setValue(steps);
    }
    m_branchSlider->setEnabled(steps > 0 && !report->branchLayers.empty());
    if (report)
        showBranchStep(steps);
}

QString InspectPanel::summary(const report::InspectReport &report) const
{
    QStringList notes;
    const QMap<QString, QString> viewTitles = {
        {QStringLiteral("attention"), tr("attention")},         {QStringLiteral("rollout"), tr("rollout")},
        {QStringLiteral("distance"), tr("attention distance")}, {QStringLiteral("codebook"), tr("codebook")},
        {QStringLiteral("branches"), tr("branch similarity")},  {QStringLiteral("weights"), tr("weight similarity")},
        {QStringLiteral("cka"), tr("CKA")},
        {QStringLiteral("filters"), tr("embedding filters")},   {QStringLiteral("positions"), tr("position similarity")}};
    for (const auto &[view, why] : report.skipped)
        notes << tr("%1: %2").arg(viewTitles.value(view, view), why);
    // The checkpoint as the combo box names it (translated), or as asked.
    const int asked = m_checkpoint->findData(report.checkpoint);
    const QString checkpoint = asked >= 0 ? m_checkpoint->itemText(asked) : report.checkpoint;
    return tr("Run %1 '%2', %3 checkpoint (epoch %4, step %5), %n image(s), on %6 in %7 s.", nullptr,
              int(report.images.size()))
               .arg(report.runId)
               .arg(report.runName, checkpoint)
               .arg(report.epoch, 0, 'f', 1)
               .arg(report.step)
               .arg(report.device)
               .arg(report.seconds, 0, 'f', 2)
        + (notes.isEmpty() ? QString() : QLatin1Char(' ') + tr("Not shown: %1.").arg(notes.join(QStringLiteral("; "))));
}

void InspectPanel::showBranchStep(int position)
{
    if (!m_report)
        return;
    const auto &steps = m_report->branchHistory;
    if (position >= int(steps.size())) {
        m_branchStep->setText(tr("checkpoint (step %1), inspected images").arg(m_report->step));
        if (branchView()->report() != m_report)
            branchView()->setReport(m_report);
        return;
    }
    const report::BranchStep &step = steps[size_t(position)];
    m_branchStep->setText(tr("evaluation at step %1 (epoch %2)").arg(step.step).arg(step.epoch, 0, 'f', 2));
    auto shown = std::make_shared<report::InspectReport>(*m_report);
    shown->branchLayers = step.layers;
    branchView()->setReport(shown);
}

int InspectPanel::branchSteps() const
{
    return m_report ? int(m_report->branchHistory.size()) : 0;
}

void InspectPanel::setBranchStep(int position)
{
    m_branchSlider->setValue(position);
}

bool InspectPanel::exportPicture(const QString &path, QString *error)
{
    return currentView()->exportPicture(path, error);
}

bool InspectPanel::exportCsv(const QString &dir, QString *error, QStringList *written)
{
    return currentView()->exportCsv(dir, error, written);
}

void InspectPanel::askExportPicture()
{
    if (QString why; !currentView()->exportable(&why)) {
        setStatus(why, true);
        return;
    }
    const QString base = report::pageNames().value(m_tabs->currentIndex());
    const QString path = filedialogs::saveFile(this, tr("Export picture"), base + QStringLiteral(".png"),
                                               tr("PNG image (*.png);;SVG drawing (*.svg);;PDF (*.pdf)"));
    if (path.isEmpty())
        return;
    QString error;
    if (currentView()->exportPicture(path, &error))
        setStatus(tr("Wrote %1").arg(path));
    else
        setStatus(error, true);
}

void InspectPanel::askExportCsv()
{
    if (QString why; !currentView()->exportable(&why)) {
        setStatus(why, true);
        return;
    }
    const QString dir = filedialogs::outputDirectory(this, tr("Export the CSV tables into a folder"), m_csvDir);
    if (dir.isEmpty())
        return;
    m_csvDir = dir;
    const std::vector<report::CsvTable> tables = currentView()->csvTables();  // made once, for both
    QStringList present;
    for (const report::CsvTable &table : tables)
        if (QFileInfo::exists(QDir(dir).filePath(table.file)))
            present << table.file;
    if (!present.isEmpty()
        && QMessageBox::question(this, tr("Replace the tables?"),
                                 tr("%1 already holds %2. Replace them?").arg(QDir::toNativeSeparators(dir),
                                                                              present.join(QStringLiteral(", "))))
               != QMessageBox::Yes)
        return;
    QString error;
    QStringList written;
    if (currentView()->writeCsv(dir, tables, &error, &written))
        setStatus(tr("Wrote %1 in %2").arg(written.join(QStringLiteral(", ")), QDir::toNativeSeparators(dir)));
    else
        setStatus(error, true);
}

} // namespace gatefold::widgets
