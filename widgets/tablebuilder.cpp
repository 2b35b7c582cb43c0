#include "tablebuilder.h"

#include "configdiff.h"

#include "store/runstore.h"
#include "tables/tablepresets.h"
#include "tables/tablewriters.h"

#include <QCheckBox>
#include <QComboBox>
#include <QDialogButtonBox>
#include <QFile>
#include <QFileDialog>
#include <QFontDatabase>
#include <QFormLayout>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QLineEdit>
#include <QListWidget>
#include <QMessageBox>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QSaveFile>
#include <QSpinBox>
#include <QSplitter>
#include <QStandardItemModel>
#include <QTabWidget>
#include <QTableView>
#include <QVBoxLayout>

#include <set>

namespace gatefold::widgets {
namespace {

bool writeText(const QString &path, const QByteArray &bytes, QString *error)
{
    QSaveFile file(path);
    if (!file.open(QIODevice::WriteOnly) || file.write(bytes) != bytes.size() || !file.commit()) {
        if (error)
            *error = QObject::tr("Cannot write %1: %2").arg(path, file.errorString());
        return false;
    }
    return true;
}

} // namespace

TableBuilder::TableBuilder(store::RunStore *store, const QList<qint64> &runIds, QWidget *parent)
    : QDialog(parent), m_store(store), m_runIds(runIds.begin(), runIds.end())
{
    setWindowTitle(tr("Table"));
    QStringList problems;
    m_spec.columns = *tables::columnsFromText(QStringLiteral("name,runs,metric:val/top1:max,metric:val/top1:last"), &problems);
    buildUi();
    refreshColumnList();
    selectColumn(0);
    recompute();
}

void TableBuilder::buildUi()
{
    // Settings and metrics the selected runs have.
    std::set<QString> settings, metrics;
    for (qint64 id : m_runIds) {
        if (!m_store)
            break;
        if (const auto run = m_store->run(id)) {
            const QJsonObject flat = flattenConfig(run->configJson);
            for (auto it = flat.begin(); it != flat.end(); ++it)
                settings.insert(it.key());
        }
        for (const QString &k : m_store->metricKeys(id))
            metrics.insert(k);
    }

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

    // Columns: the list, adding, moving, and the selected column's format.
    m_columns = new QListWidget;
    m_addSetting = new QComboBox;
    for (const QString &s : settings)
        m_addSetting->addItem(s);
    m_addMetric = new QComboBox;
    for (const QString &m : metrics)
        m_addMetric->addItem(m);
    m_metricStat = new QComboBox;
    m_addMetric->setObjectName(QStringLiteral("addMetric"));
    m_metricStat->setObjectName(QStringLiteral("metricStat"));
    m_metricStat->addItem(tr("best (max)"), QStringLiteral("max"));
    m_metricStat->addItem(tr("last"), QStringLiteral("last"));
    m_metricStat->addItem(tr("lowest (min)"), QStringLiteral("min"));
    m_metricStat->addItem(tr("mean of the run"), QStringLiteral("mean"));
    auto *addSetting = new QPushButton(tr("Add setting"));
    auto *addMetric = new QPushButton(tr("Add metric"));
    auto *addCost = new QComboBox;
    addCost->addItem(tr("Add column…"));
    addCost->addItem(tr("Name"), QStringLiteral("name"));
    addCost->addItem(tr("Runs"), QStringLiteral("runs"));
    addCost->addItem(tr("Seeds"), QStringLiteral("seeds"));
    addCost->addItem(tr("Parameters"), QStringLiteral("params"));
    addCost->addItem(tr("GFLOPs"), QStringLiteral("gflops"));
    addCost->addItem(tr("Latency (CPU, 1 thread)"), QStringLiteral("latency"));
    addCost->addItem(tr("Throughput (CPU, batch 32)"), QStringLiteral("throughput"));
    auto *up = new QPushButton(tr("Up"));
    auto *down = new QPushButton(tr("Down"));
    auto *remove = new QPushButton(tr("Remove"));

    m_header = new QLineEdit;
    m_format = new QComboBox;
    m_format->addItem(tr("Fixed"));
    m_format->addItem(tr("Percent (× 100)"));
    m_format->addItem(tr("Scientific"));
    m_decimals = new QSpinBox;
    m_decimals->setRange(0, 12);
    m_decimals->setObjectName(QStringLiteral("decimals"));
    m_thousands = new QCheckBox(tr("Thousands separators"));
    m_best = new QComboBox;
    m_best->addItem(tr("None"));
    m_best->addItem(tr("Highest"));
    m_best->addItem(tr("Lowest"));

    auto *columnBox = new QVBoxLayout;
    columnBox->addWidget(new QLabel(tr("Columns:")));
    columnBox->addWidget(m_columns, 1);
    auto *moveRow = new QHBoxLayout;
    moveRow->addWidget(up);
    moveRow->addWidget(down);
    moveRow->addWidget(remove);
    columnBox->addLayout(moveRow);
    auto *settingRow = new QHBoxLayout;
    settingRow->addWidget(m_addSetting, 1);
    settingRow->addWidget(addSetting);
    columnBox->addLayout(settingRow);
    auto *metricRow = new QHBoxLayout;
    metricRow->addWidget(m_addMetric, 1);
    metricRow->addWidget(m_metricStat);
    metricRow->addWidget(addMetric);
    columnBox->addLayout(metricRow);
    columnBox->addWidget(addCost);
    auto *format = new QFormLayout;
    format->addRow(tr("Header:"), m_header);
    format->addRow(tr("Format:"), m_format);
    format->addRow(tr("Decimals:"), m_decimals);
    format->addRow(QString(), m_thousands);
    format->addRow(tr("Bold best:"), m_best);
    columnBox->addLayout(format);
    auto *left = new QWidget;
    auto *leftLayout = new QVBoxLayout(left);
    leftLayout->setContentsMargins(0, 0, 0, 0);
    leftLayout->addLayout(top);
    leftLayout->addLayout(columnBox, 1);

    // Preview.
    m_model = new QStandardItemModel(this);
    m_view = new QTableView;
    m_view->setModel(m_model);
    m_view->setEditTriggers(QAbstractItemView::NoEditTriggers);
    m_view->verticalHeader()->hide();
    m_latex = new QPlainTextEdit;
    m_latex->setReadOnly(true);
    m_latex->setLineWrapMode(QPlainTextEdit::NoWrap);
    m_latex->setFont(QFontDatabase::systemFont(QFontDatabase::FixedFont));
    auto *tabs = new QTabWidget;
    tabs->addTab(m_view, tr("Table"));
    tabs->addTab(m_latex, tr("LaTeX"));
    m_status = new QLabel;
    m_status->setWordWrap(true);
    auto *right = new QWidget;
    auto *rightLayout = new QVBoxLayout(right);
    rightLayout->setContentsMargins(0, 0, 0, 0);
    rightLayout->addWidget(tabs, 1);
    rightLayout->addWidget(m_status);

    auto *splitter = new QSplitter;
    splitter->addWidget(left);
    splitter->addWidget(right);
    splitter->setStretchFactor(1, 1);

    auto *buttons = new QDialogButtonBox(QDialogButtonBox::Close);
    auto *loadSpecButton = buttons->addButton(tr("Load spec…"), QDialogButtonBox::ActionRole);
    auto *saveSpecButton = buttons->addButton(tr("Save spec…"), QDialogButtonBox::ActionRole);
    auto *saveLatexButton = buttons->addButton(tr("Save LaTeX…"), QDialogButtonBox::ActionRole);
    auto *saveCsvButton = buttons->addButton(tr("Save CSV…"), QDialogButtonBox::ActionRole);
    auto *layout = new QVBoxLayout(this);
    layout->addWidget(new QLabel(tr("%n selected run(s); groups show mean ± sample standard deviation.", nullptr,
                                    int(m_runIds.size()))));
    layout->addWidget(splitter, 1);
    layout->addWidget(buttons);
    resize(1100, 640);

    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
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
    connect(m_columns, &QListWidget::currentRowChanged, this, &TableBuilder::showColumn);
    // Losses are best at their lowest, everything else (accuracies) at the highest.
    auto suggestStat = [this] {
        const bool loss = m_addMetric->currentText().contains(QLatin1String("loss"));
        m_metricStat->setCurrentIndex(m_metricStat->findData(loss ? QStringLiteral("min") : QStringLiteral("max")));
    };
    connect(m_addMetric, &QComboBox::currentIndexChanged, this, suggestStat);
    suggestStat();
    connect(addSetting, &QPushButton::clicked, this, [this] {
        if (m_addSetting->currentText().isEmpty())
            return;
        QStringList problems;
        addColumn(tables::columnsFromText(QStringLiteral("config:") + m_addSetting->currentText(), &problems)->front());
    });
    connect(addMetric, &QPushButton::clicked, this, [this] {
        if (m_addMetric->currentText().isEmpty())
            return;
        QStringList problems;
        const auto c = tables::columnsFromText(QStringLiteral("metric:%1:%2").arg(m_addMetric->currentText(),
                                                                                 m_metricStat->currentData().toString()),
                                               &problems);
        if (c)
            addColumn(c->front());
    });
    connect(addCost, &QComboBox::activated, this, [this, addCost](int i) {
        if (i > 0) {
            QStringList problems;
            addColumn(tables::columnsFromText(addCost->itemData(i).toString(), &problems)->front());
        }
        addCost->setCurrentIndex(0);
    });
    connect(up, &QPushButton::clicked, this, [this] { moveColumn(m_columns->currentRow(), m_columns->currentRow() - 1); });
    connect(down, &QPushButton::clicked, this, [this] { moveColumn(m_columns->currentRow(), m_columns->currentRow() + 1); });
    connect(remove, &QPushButton::clicked, this, [this] {
        const int row = m_columns->currentRow();
        if (row < 0 || row >= int(m_spec.columns.size()))
            return;
        m_spec.columns.erase(m_spec.columns.begin() + row);
        m_spec.sortColumn = -1;
        refreshColumnList();
        selectColumn(std::min(row, int(m_spec.columns.size()) - 1));
        recompute();
    });
    connect(m_header, &QLineEdit::textEdited, this, &TableBuilder::columnEdited);
    connect(m_format, &QComboBox::currentIndexChanged, this, &TableBuilder::columnEdited);
    connect(m_decimals, &QSpinBox::valueChanged, this, &TableBuilder::columnEdited);
    connect(m_thousands, &QCheckBox::toggled, this, &TableBuilder::columnEdited);
    connect(m_best, &QComboBox::currentIndexChanged, this, &TableBuilder::columnEdited);

    auto ask = [this](bool save, const QString &title, const QString &filter, auto action) {
        const QString path = save ? QFileDialog::getSaveFileName(this, title, QString(), filter)
                                  : QFileDialog::getOpenFileName(this, title, QString(), filter);
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
}

void TableBuilder::setSpec(const tables::TableSpec &spec)
{
    m_spec = spec;
    m_updating = true;
    m_caption->setText(spec.caption);
    m_label->setText(spec.label);
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
    refreshColumnList();
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
    m_spec.columns.push_back(column);
    refreshColumnList();
    selectColumn(int(m_spec.columns.size()) - 1);
    recompute();
}

void TableBuilder::moveColumn(int from, int to)
{
    const int n = int(m_spec.columns.size());
    if (from < 0 || from >= n || to < 0 || to >= n || from == to)
        return;
    std::swap(m_spec.columns[size_t(from)], m_spec.columns[size_t(to)]);
    if (m_spec.sortColumn == from)
        m_spec.sortColumn = to;
    else if (m_spec.sortColumn == to)
        m_spec.sortColumn = from;
    refreshColumnList();
    selectColumn(to);
    recompute();
}

void TableBuilder::selectColumn(int index)
{
    m_columns->setCurrentRow(index);
    showColumn(index);
}

void TableBuilder::refreshColumnList()
{
    m_updating = true;
    m_columns->clear();
    m_sort->clear();
    m_sort->addItem(tr("As selected"));
    for (const auto &c : m_spec.columns) {
        const QString header = tables::headerOf(c);
        m_columns->addItem(header.isEmpty() ? c.source : QStringLiteral("%1   [%2]").arg(header, c.source));
        m_sort->addItem(header.isEmpty() ? c.source : header);
    }
    m_sort->setCurrentIndex(m_spec.sortColumn + 1);
    m_updating = false;
}

void TableBuilder::showColumn(int index)
{
    const bool valid = index >= 0 && index < int(m_spec.columns.size());
    for (QWidget *w : std::initializer_list<QWidget *>{m_header, m_format, m_decimals, m_thousands, m_best})
        w->setEnabled(valid);
    if (!valid)
        return;
    const auto &c = m_spec.columns[size_t(index)];
    m_updating = true;
    m_header->setText(tables::headerOf(c));
    m_format->setCurrentIndex(int(c.format.style));
    m_decimals->setValue(c.format.decimals);
    m_thousands->setChecked(c.format.thousands);
    m_best->setCurrentIndex(int(c.best));
    m_updating = false;
}

void TableBuilder::columnEdited()
{
    const int index = m_columns->currentRow();
    if (m_updating || index < 0 || index >= int(m_spec.columns.size()))
        return;
    auto &c = m_spec.columns[size_t(index)];
    c.header = m_header->text() == tables::defaultHeader(c) ? QString() : m_header->text();
    c.format.style = tables::NumberFormat::Style(m_format->currentIndex());
    c.format.decimals = m_decimals->value();
    c.format.thousands = m_thousands->isChecked();
    c.best = tables::Best(m_best->currentIndex());
    const QString header = tables::headerOf(c);
    m_columns->item(index)->setText(header.isEmpty() ? c.source : QStringLiteral("%1   [%2]").arg(header, c.source));
    recompute();
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
    m_model->clear();
    m_table.reset();
    m_problem.clear();
    QString error;
    if (m_store)
        m_table = tables::computeTable(*m_store, m_runIds, m_spec, &error);
    else
        error = tr("No run store is open.");
    if (!m_table) {
        m_problem = error;
        m_status->setText(tr("The table cannot be made: %1").arg(error));
        m_latex->setPlainText(QString());
        return;
    }
    const auto &t = *m_table;
    const bool sections = t.hasSections();
    QStringList headers = t.headers;
    if (sections)
        headers.prepend(tr("Section"));
    m_model->setHorizontalHeaderLabels(headers);
    for (const auto &row : t.rows) {
        QList<QStandardItem *> items;
        if (sections)
            items << new QStandardItem(row.section);
        for (size_t c = 0; c < row.cells.size(); ++c) {
            const auto &cell = row.cells[c];
            auto *item = new QStandardItem(cell.missing ? QStringLiteral("—") : tables::cellText(cell, t.columns[c]));
            if (cell.bold) {
                QFont f = item->font();
                f.setBold(true);
                item->setFont(f);
            }
            if (cell.numeric)
                item->setTextAlignment(Qt::AlignRight | Qt::AlignVCenter);
            items << item;
        }
        m_model->appendRow(items);
    }
    m_view->resizeColumnsToContents();
    m_latex->setPlainText(tables::writeLatex(t));
    m_status->setText(tr("%n row(s)", nullptr, int(t.rows.size())));
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
