#include "tablebuilder.h"

#include "configdiff.h"
#include "enginecosttimer.h"
#include "filedialogs.h"
#include "tablecolumneditor.h"
#include "tablepreview.h"

#include "store/runstore.h"
#include "tables/tablepresets.h"
#include "tables/tablesignificance.h"
#include "tables/tablewriters.h"

#include <QComboBox>
#include <QDialogButtonBox>
#include <QDoubleSpinBox>
#include <QFile>
#include <QFormLayout>
#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QMessageBox>
#include <QPushButton>
#include <QSaveFile>
#include <QSplitter>
#include <QVBoxLayout>

#include <set>

namespace gatefold::widgets {
namespace {

bool writeText(const QString &path, const QByteArray &bytes, QString *error)
{
    if (!filedialogs::mayWrite(path, error))
        return false;
    QSaveFile file(path);
    if (!file.open(QIODevice::WriteOnly) || file.write(bytes) != bytes.size() || !file.commit()) {
        if (error)
            *error = QObject::tr("Cannot write %1: %2").arg(path, file.errorString());
        return false;
    }
    return true;
}

// The settings and metrics the selected runs have.
struct RunKeys {
    std::set<QString> settings, metrics;
};

RunKeys keysOf(store::RunStore *store, const std::vector<qint64> &runIds)
{
    RunKeys keys;
    if (!store)
        return keys;
    for (qint64 id : runIds) {
        if (const auto run = store->run(id)) {
            const QJsonObject flat = flattenConfig(run->configJson);
            for (auto it = flat.begin(); it != flat.end(); ++it)
                keys.settings.insert(it.key());
        }
        for (const QString &k : store->metricKeys(id))
            keys.metrics.insert(k);
    }
    return keys;
}

} // namespace

TableBuilder::TableBuilder(store::RunStore *store, const QList<qint64> &runIds, const QString &enginePath,
                           QWidget *parent)
    : QDialog(parent)
    , m_store(store)
    , m_runIds(runIds.begin(), runIds.end())
    , m_timer(std::make_unique<EngineCostTimer>(enginePath))
{
    setWindowTitle(tr("Table"));
    connect(m_timer.get(), &EngineCostTimer::measured, this, &TableBuilder::recompute);
    QStringList problems;
    m_spec.columns = *tables::columnsFromText(QStringLiteral("name,runs,metric:val/top1:max,metric:val/top1:last"), &problems);
    buildUi();
    m_columns->refresh();
    refreshSortChoices();
    selectColumn(0);
    recompute();
}

void TableBuilder::buildUi()
{
    const RunKeys keys = keysOf(m_store, m_runIds);
    QFormLayout *top = buildRowChoices(keys.settings);
    m_columns = new TableColumnEditor(&m_spec, keys.settings, keys.metrics);
    auto *left = new QWidget;
    auto *leftLayout = new QVBoxLayout(left);
    leftLayout->setContentsMargins(0, 0, 0, 0);
    leftLayout->addLayout(top);
    leftLayout->addWidget(m_columns, 1);

    m_preview = new TablePreview;
    auto *splitter = new QSplitter;
    splitter->addWidget(left);
    splitter->addWidget(m_preview);
    splitter->setStretchFactor(1, 1);

    QDialogButtonBox *buttons = buildButtons();
    auto *layout = new QVBoxLayout(this);
    layout->addWidget(new QLabel(tr("%n selected run(s); groups show their mean ± the spread chosen under Spread.", nullptr,
                                    int(m_runIds.size()))));
    layout->addWidget(splitter, 1);
    layout->addWidget(buttons);
    resize(1100, 640);
    connectEditors();
}

// The preset, how rows are grouped, the caption, label and row order.
QFormLayout *TableBuilder::buildRowChoices(const std::set<QString> &settings)
{
    m_preset = new QComboBox;
    m_preset->addItem(tr("Custom"), QString());
    for (const auto &p : tables::tablePresets())
        m_preset->addItem(QStringLiteral("%1 — %2").arg(p.name, p.description), p.name);
    m_grouping = new QComboBox;
    m_grouping->addItem(tr("Seeds of one config"), QStringLiteral("seed"));
    m_grouping->addItem(tr("Each run"), QStringLiteral("none"));
    m_grouping->addItem(tr("A setting"), QStringLiteral("key"));
    m_groupKey = new QComboBox;
    for (const QString &s : settings)
        m_groupKey->addItem(s);
    m_groupKey->setEnabled(false);
    m_preset->setObjectName(QStringLiteral("preset"));
    m_grouping->setObjectName(QStringLiteral("grouping"));
    m_groupKey->setObjectName(QStringLiteral("groupKey"));
    m_caption = new QLineEdit;
    m_label = new QLineEdit;
    m_sort = new QComboBox;

    auto *top = new QFormLayout;
    top->addRow(tr("Preset:"), m_preset);
    auto *groupRow = new QHBoxLayout;
    groupRow->addWidget(m_grouping);
    groupRow->addWidget(m_groupKey, 1);
    top->addRow(tr("Rows:"), groupRow);
    top->addRow(tr("Caption:"), m_caption);
    top->addRow(tr("Label:"), m_label);
    top->addRow(tr("Order rows by:"), m_sort);
    buildSignificanceChoices(top);
    return top;
}

// What "±" shows, the baseline row the others are tested against, and alpha.
void TableBuilder::buildSignificanceChoices(QFormLayout *form)
{
    m_spread = new QComboBox;
    m_spread->setObjectName(QStringLiteral("spread"));
    m_spread->addItem(tr("± standard deviation"), tables::spreadName(tables::Spread::Std));
    m_spread->addItem(tr("± 95 % confidence interval of the mean"), tables::spreadName(tables::Spread::Ci95));
    m_baseline = new QComboBox;
    m_baseline->setObjectName(QStringLiteral("baseline"));
    m_baseline->setToolTip(tr("Test every other row against this one: Welch's two-sided t-test, paired by seed where "
                              "both rows hold the same seeds. Significantly better or worse cells are marked ▲ / ▼."));
    m_alpha = new QDoubleSpinBox;
    m_alpha->setObjectName(QStringLiteral("alpha"));
    m_alpha->setRange(0.001, 0.5);
    m_alpha->setDecimals(3);
    m_alpha->setSingleStep(0.01);
    m_alpha->setValue(m_spec.alpha);
    m_alpha->setPrefix(QStringLiteral("α = "));
    m_alpha->setEnabled(false);
    auto *baselineRow = new QHBoxLayout;
    baselineRow->addWidget(m_baseline, 1);
    baselineRow->addWidget(m_alpha);
    form->addRow(tr("Spread:"), m_spread);
    form->addRow(tr("Baseline:"), baselineRow);
}

void TableBuilder::connectSignificance()
{
    connect(m_spread, &QComboBox::currentIndexChanged, this, [this] {
        if (m_updating)
            return;
        m_spec.spread = tables::spreadFromName(m_spread->currentData().toString()).value_or(tables::Spread::Std);
        recompute();
    });
    connect(m_baseline, &QComboBox::currentIndexChanged, this, [this] {
        if (m_updating)
            return;
        m_spec.baseline = m_baseline->currentData().toString();
        recompute();
    });
    connect(m_alpha, &QDoubleSpinBox::valueChanged, this, [this](double alpha) {
        if (m_updating)
            return;
        m_spec.alpha = alpha;
        recompute();
    });
}

void TableBuilder::refreshBaselineChoices(const tables::ComputedTable &table)
{
    m_updating = true;
    m_baseline->clear();
    m_baseline->addItem(tr("None"), QString());
    for (const QString &label : tables::rowLabels(table))
        m_baseline->addItem(label, label);
    // The spec's baseline may be part of a label (a saved spec, a preset): the row it names.
    QString why;
    const auto row = m_spec.baseline.isEmpty() ? std::nullopt : tables::findBaselineRow(table, m_spec.baseline, &why);
    int index = row ? *row + 1 : 0;
    if (!row && !m_spec.baseline.isEmpty()) {  // names no row now: shown as such, so "None" can still be picked
        m_baseline->addItem(tr("%1 (no such row)").arg(m_spec.baseline), m_spec.baseline);
        index = m_baseline->count() - 1;
    }
    m_baseline->setCurrentIndex(index);
    m_alpha->setEnabled(!m_spec.baseline.isEmpty());
    m_updating = false;
}

// Close, and loading and saving the spec, the LaTeX and the CSV, each through a file dialog.
QDialogButtonBox *TableBuilder::buildButtons()
{
    auto *buttons = new QDialogButtonBox(QDialogButtonBox::Close);
    auto *loadSpecButton = buttons->addButton(tr("Load spec…"), QDialogButtonBox::ActionRole);
    auto *saveSpecButton = buttons->addButton(tr("Save spec…"), QDialogButtonBox::ActionRole);
    auto *saveLatexButton = buttons->addButton(tr("Save LaTeX…"), QDialogButtonBox::ActionRole);
    auto *saveCsvButton = buttons->addButton(tr("Save CSV…"), QDialogButtonBox::ActionRole);
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);

    auto ask = [this](bool save, const QString &title, const QString &filter, auto action) {
        const QString path = save ? filedialogs::saveFile(this, title, QString(), filter)
                                  : filedialogs::openFile(this, title, QString(), filter);
        if (path.isEmpty())
            return;
        QString error;
        if (!action(path, &error))
            QMessageBox::warning(this, title, error);
    };
    connect(loadSpecButton, &QPushButton::clicked, this, [this, ask] {
        ask(false, tr("Load table spec"), tr("Table spec (*.json)"), [this](const QString &p, QString *e) { return loadSpec(p, e); });
    });
    connect(saveSpecButton, &QPushButton::clicked, this, [this, ask] {
        ask(true, tr("Save table spec"), tr("Table spec (*.json)"), [this](const QString &p, QString *e) { return saveSpec(p, e); });
    });
    connect(saveLatexButton, &QPushButton::clicked, this, [this, ask] {
        ask(true, tr("Save LaTeX"), tr("LaTeX (*.tex)"), [this](const QString &p, QString *e) { return saveLatex(p, e); });
    });
    connect(saveCsvButton, &QPushButton::clicked, this, [this, ask] {
        ask(true, tr("Save CSV"), tr("CSV (*.csv)"), [this](const QString &p, QString *e) { return saveCsv(p, e); });
    });
    return buttons;
}

// An edit of the preset, grouping, caption, label, row order or columns recomputes the preview.
void TableBuilder::connectEditors()
{
    connect(m_preset, &QComboBox::currentIndexChanged, this, [this] {
        if (!m_updating && !m_preset->currentData().toString().isEmpty())
            applyPreset(m_preset->currentData().toString());
    });
    connect(m_grouping, &QComboBox::currentIndexChanged, this, &TableBuilder::groupingEdited);
    connect(m_groupKey, &QComboBox::currentIndexChanged, this, &TableBuilder::groupingEdited);
    connect(m_caption, &QLineEdit::textEdited, this, [this](const QString &t) { m_spec.caption = t; recompute(); });
    connect(m_label, &QLineEdit::textEdited, this, [this](const QString &t) { m_spec.label = t; recompute(); });
    connect(m_sort, &QComboBox::currentIndexChanged, this, [this](int i) {
        if (m_updating)
            return;
        m_spec.sortColumn = i - 1;  // item 0: as selected
        recompute();
    });
    connect(m_columns, &TableColumnEditor::columnsChanged, this, [this] {
        refreshSortChoices();
        recompute();
    });
    connect(m_columns, &TableColumnEditor::columnEdited, this, &TableBuilder::recompute);
    connectSignificance();
}

void TableBuilder::setSpec(const tables::TableSpec &spec)
{
    m_spec = spec;
    m_updating = true;
    m_caption->setText(spec.caption);
    m_label->setText(spec.label);
    m_spread->setCurrentIndex(m_spread->findData(tables::spreadName(spec.spread)));
    m_alpha->setValue(spec.alpha);
    m_grouping->setCurrentIndex(spec.grouping == tables::TableSpec::Grouping::Seed   ? 0
                                : spec.grouping == tables::TableSpec::Grouping::None ? 1
                                                                                     : 2);
    m_groupKey->setEnabled(spec.grouping == tables::TableSpec::Grouping::Key && spec.rows.empty());
    m_grouping->setEnabled(spec.rows.empty());
    if (spec.grouping == tables::TableSpec::Grouping::Key) {
        if (m_groupKey->findText(spec.groupKey) < 0)
            m_groupKey->addItem(spec.groupKey);
        m_groupKey->setCurrentText(spec.groupKey);
    }
    m_updating = false;
    m_columns->refresh();
    refreshSortChoices();
    selectColumn(0);
    recompute();
}

bool TableBuilder::applyPreset(const QString &name)
{
    const auto preset = tables::tablePresetByName(name);
    if (!preset)
        return false;
    m_updating = true;
    m_preset->setCurrentIndex(m_preset->findData(name));
    m_updating = false;
    setSpec(preset->spec);
    return true;
}

void TableBuilder::addColumn(const tables::ColumnSpec &column)
{
    m_columns->addColumn(column);
}

void TableBuilder::moveColumn(int from, int to)
{
    m_columns->moveColumn(from, to);
}

void TableBuilder::selectColumn(int index)
{
    m_columns->selectColumn(index);
}

// The timer goes first (members in reverse): its engine is killed while the dialog still stands.
TableBuilder::~TableBuilder() = default;

bool TableBuilder::isMeasuring() const
{
    return m_timer->isMeasuring();
}

void TableBuilder::refreshSortChoices()
{
    m_updating = true;
    m_sort->clear();
    m_sort->addItem(tr("As selected"));
    for (const auto &c : m_spec.columns) {
        const QString header = tables::headerOf(c);
        m_sort->addItem(header.isEmpty() ? c.source : header);
    }
    m_sort->setCurrentIndex(m_spec.sortColumn + 1);
    m_updating = false;
}

void TableBuilder::groupingEdited()
{
    if (m_updating)
        return;
    const QString g = m_grouping->currentData().toString();
    m_groupKey->setEnabled(g == QLatin1String("key"));
    m_spec.grouping = g == QLatin1String("none") ? tables::TableSpec::Grouping::None
                    : g == QLatin1String("key")  ? tables::TableSpec::Grouping::Key
                                                 : tables::TableSpec::Grouping::Seed;
    m_spec.groupKey = m_groupKey->currentText();
    recompute();
}

void TableBuilder::recompute()
{
    m_table.reset();
    m_problem.clear();
    QString error;
    tables::TableSpec spec = m_spec;
    spec.baseline.clear();  // the rows first: the baseline chooser lists them even when the baseline names none
    if (m_store)
        m_table = tables::computeTable(*m_store, m_runIds, spec, *m_timer, &error);
    else
        error = tr("No run store is open.");
    if (m_table) {
        refreshBaselineChoices(*m_table);
        if (!m_spec.baseline.isEmpty() && !tables::applyBaseline(&*m_table, m_spec.baseline, m_spec.alpha, &error))
            m_table.reset();
    }
    if (!m_table) {
        m_problem = error;
        m_preview->showProblem(error);
        return;
    }
    m_preview->showTable(*m_table);
}

QStandardItemModel *TableBuilder::previewModel() const
{
    return m_preview->model();
}

QString TableBuilder::latex() const
{
    return m_table ? tables::writeLatex(*m_table) : QString();
}

QString TableBuilder::csv() const
{
    return m_table ? tables::writeCsv(*m_table) : QString();
}

bool TableBuilder::saveLatex(const QString &path, QString *error) const
{
    if (!m_table) {
        if (error)
            *error = m_problem;
        return false;
    }
    return writeText(path, latex().toUtf8(), error);
}

bool TableBuilder::saveCsv(const QString &path, QString *error) const
{
    if (!m_table) {
        if (error)
            *error = m_problem;
        return false;
    }
    return writeText(path, csv().toUtf8(), error);
}

bool TableBuilder::saveSpec(const QString &path, QString *error) const
{
    return writeText(path, tables::specToJson(m_spec), error);
}

bool TableBuilder::loadSpec(const QString &path, QString *error)
{
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly)) {
        if (error)
            *error = tr("Cannot read %1: %2").arg(path, file.errorString());
        return false;
    }
    QStringList problems;
    const auto spec = tables::specFromJson(file.readAll(), &problems);
    if (!spec) {
        if (error)
            *error = tr("%1 is not a table spec: %2").arg(path, problems.join(QStringLiteral("; ")));
        return false;
    }
    m_updating = true;
    m_preset->setCurrentIndex(0);
    m_updating = false;
    setSpec(*spec);
    return true;
}

} // namespace gatefold::widgets
