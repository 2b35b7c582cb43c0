#include "tablecolumneditor.h"

#include "tablebuildertext.h"

#include <QCheckBox>
#include <QComboBox>
#include <QFormLayout>
#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QListWidget>
#include <QPushButton>
#include <QSpinBox>
#include <QVBoxLayout>

#include <algorithm>

namespace gatefold::widgets {
namespace {

// A column in the list: its header and, where it has one, its source.
QString listText(const tables::ColumnSpec &c)
{
    const QString header = tables::headerOf(c);
    return header.isEmpty() ? c.source : QStringLiteral("%1   [%2]").arg(header, c.source);
}

} // namespace

TableColumnEditor::TableColumnEditor(tables::TableSpec *spec, const std::set<QString> &settings,
                                     const std::set<QString> &metrics, QWidget *parent)
    : QWidget(parent), m_spec(spec)
{
    m_columns = new QListWidget;
    auto *columnBox = new QVBoxLayout(this);
    columnBox->setContentsMargins(0, 0, 0, 0);
    columnBox->addWidget(new QLabel(TableBuilderText::tr("Columns:")));
    columnBox->addWidget(m_columns, 1);
    columnBox->addLayout(buildMoveRow());
    columnBox->addLayout(buildSettingRow(settings));
    columnBox->addLayout(buildMetricRow(metrics));
    columnBox->addWidget(buildFixedColumnChoice());
    columnBox->addLayout(buildFormatForm());
    connect(m_columns, &QListWidget::currentRowChanged, this, &TableColumnEditor::showColumn);
}

// Up, Down and Remove for the selected column.
QHBoxLayout *TableColumnEditor::buildMoveRow()
{
    auto *up = new QPushButton(TableBuilderText::tr("Up"));
    auto *down = new QPushButton(TableBuilderText::tr("Down"));
    auto *remove = new QPushButton(TableBuilderText::tr("Remove"));
    auto *moveRow = new QHBoxLayout;
    moveRow->addWidget(up);
    moveRow->addWidget(down);
    moveRow->addWidget(remove);
    connect(up, &QPushButton::clicked, this, [this] { moveColumn(m_columns->currentRow(), m_columns->currentRow() - 1); });
    connect(down, &QPushButton::clicked, this, [this] { moveColumn(m_columns->currentRow(), m_columns->currentRow() + 1); });
    connect(remove, &QPushButton::clicked, this, [this] { removeColumn(m_columns->currentRow()); });
    return moveRow;
}

// A setting of the runs as a column.
QHBoxLayout *TableColumnEditor::buildSettingRow(const std::set<QString> &settings)
{
    m_addSetting = new QComboBox;
    for (const QString &s : settings)
        m_addSetting->addItem(s);
    auto *addSetting = new QPushButton(TableBuilderText::tr("Add setting"));
    auto *settingRow = new QHBoxLayout;
    settingRow->addWidget(m_addSetting, 1);
    settingRow->addWidget(addSetting);
    connect(addSetting, &QPushButton::clicked, this, [this] {
        if (m_addSetting->currentText().isEmpty())
            return;
        QStringList problems;
        addColumn(tables::columnsFromText(QStringLiteral("config:") + m_addSetting->currentText(), &problems)->front());
    });
    return settingRow;
}

// A metric of the runs, with the statistic of each run's series, as a column.
QHBoxLayout *TableColumnEditor::buildMetricRow(const std::set<QString> &metrics)
{
    m_addMetric = new QComboBox;
    for (const QString &m : metrics)
        m_addMetric->addItem(m);
    m_metricStat = new QComboBox;
    m_addMetric->setObjectName(QStringLiteral("addMetric"));
    m_metricStat->setObjectName(QStringLiteral("metricStat"));
    m_metricStat->addItem(TableBuilderText::tr("best (max)"), QStringLiteral("max"));
    m_metricStat->addItem(TableBuilderText::tr("last"), QStringLiteral("last"));
    m_metricStat->addItem(TableBuilderText::tr("lowest (min)"), QStringLiteral("min"));
    m_metricStat->addItem(TableBuilderText::tr("mean of the run"), QStringLiteral("mean"));
    auto *addMetric = new QPushButton(TableBuilderText::tr("Add metric"));
    auto *metricRow = new QHBoxLayout;
    metricRow->addWidget(m_addMetric, 1);
    metricRow->addWidget(m_metricStat);
    metricRow->addWidget(addMetric);
    // Losses are best at their lowest, everything else (accuracies) at the highest.
    auto suggestStat = [this] {
        const bool loss = m_addMetric->currentText().contains(QLatin1String("loss"));
        m_metricStat->setCurrentIndex(m_metricStat->findData(loss ? QStringLiteral("min") : QStringLiteral("max")));
    };
    connect(m_addMetric, &QComboBox::currentIndexChanged, this, suggestStat);
    suggestStat();
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
    return metricRow;
}

// "Add column…": the name, runs and seeds, or a cost (parameters, GFLOPs, latency, throughput).
QComboBox *TableColumnEditor::buildFixedColumnChoice()
{
    auto *addCost = new QComboBox;
    addCost->addItem(TableBuilderText::tr("Add column…"));
    addCost->addItem(TableBuilderText::tr("Name"), QStringLiteral("name"));
    addCost->addItem(TableBuilderText::tr("Runs"), QStringLiteral("runs"));
    addCost->addItem(TableBuilderText::tr("Seeds"), QStringLiteral("seeds"));
    addCost->addItem(TableBuilderText::tr("Parameters"), QStringLiteral("params"));
    addCost->addItem(TableBuilderText::tr("GFLOPs"), QStringLiteral("gflops"));
    addCost->addItem(TableBuilderText::tr("Latency (CPU, 1 thread)"), QStringLiteral("latency"));
    addCost->addItem(TableBuilderText::tr("Throughput (CPU, batch 32)"), QStringLiteral("throughput"));
    connect(addCost, &QComboBox::activated, this, [this, addCost](int i) {
        if (i > 0) {
            QStringList problems;
            addColumn(tables::columnsFromText(addCost->itemData(i).toString(), &problems)->front());
        }
        addCost->setCurrentIndex(0);
    });
    return addCost;
}

// The selected column's header, number format and bold best.
QFormLayout *TableColumnEditor::buildFormatForm()
{
    m_header = new QLineEdit;
    m_format = new QComboBox;
    m_format->addItem(TableBuilderText::tr("Fixed"));
    m_format->addItem(TableBuilderText::tr("Percent (× 100)"));
    m_format->addItem(TableBuilderText::tr("Scientific"));
    m_decimals = new QSpinBox;
    m_decimals->setRange(0, 12);
    m_decimals->setObjectName(QStringLiteral("decimals"));
    m_thousands = new QCheckBox(TableBuilderText::tr("Thousands separators"));
    m_best = new QComboBox;
    m_best->addItem(TableBuilderText::tr("None"));
    m_best->addItem(TableBuilderText::tr("Highest"));
    m_best->addItem(TableBuilderText::tr("Lowest"));
    auto *format = new QFormLayout;
    format->addRow(TableBuilderText::tr("Header:"), m_header);
    format->addRow(TableBuilderText::tr("Format:"), m_format);
    format->addRow(TableBuilderText::tr("Decimals:"), m_decimals);
    format->addRow(QString(), m_thousands);
    format->addRow(TableBuilderText::tr("Bold best:"), m_best);
    connect(m_header, &QLineEdit::textEdited, this, &TableColumnEditor::formatEdited);
    connect(m_format, &QComboBox::currentIndexChanged, this, &TableColumnEditor::formatEdited);
    connect(m_decimals, &QSpinBox::valueChanged, this, &TableColumnEditor::formatEdited);
    connect(m_thousands, &QCheckBox::toggled, this, &TableColumnEditor::formatEdited);
    connect(m_best, &QComboBox::currentIndexChanged, this, &TableColumnEditor::formatEdited);
    return format;
}

void TableColumnEditor::refresh()
{
    m_columns->clear();
    for (const auto &c : m_spec->columns)
        m_columns->addItem(listText(c));
}

void TableColumnEditor::selectColumn(int index)
{
    m_columns->setCurrentRow(index);
    showColumn(index);
}

void TableColumnEditor::addColumn(const tables::ColumnSpec &column)
{
    m_spec->columns.push_back(column);
    refresh();
    selectColumn(int(m_spec->columns.size()) - 1);
    Q_EMIT columnsChanged();
}

void TableColumnEditor::moveColumn(int from, int to)
{
    const int n = int(m_spec->columns.size());
    if (from < 0 || from >= n || to < 0 || to >= n || from == to)
        return;
    std::swap(m_spec->columns[size_t(from)], m_spec->columns[size_t(to)]);
    if (m_spec->sortColumn == from)
        m_spec->sortColumn = to;
    else if (m_spec->sortColumn == to)
        m_spec->sortColumn = from;
    refresh();
    selectColumn(to);
    Q_EMIT columnsChanged();
}

void TableColumnEditor::removeColumn(int index)
{
    if (index < 0 || index >= int(m_spec->columns.size()))
        return;
    m_spec->columns.erase(m_spec->columns.begin() + index);
    m_spec->sortColumn = -1;
    refresh();
    selectColumn(std::min(index, int(m_spec->columns.size()) - 1));
    Q_EMIT columnsChanged();
}

void TableColumnEditor::showColumn(int index)
{
    const bool valid = index >= 0 && index < int(m_spec->columns.size());
    for (QWidget *w : std::initializer_list<QWidget *>{m_header, m_format, m_decimals, m_thousands, m_best})
        w->setEnabled(valid);
    if (!valid)
        return;
    const auto &c = m_spec->columns[size_t(index)];
    m_updating = true;
    m_header->setText(tables::headerOf(c));
    m_format->setCurrentIndex(int(c.format.style));
    m_decimals->setValue(c.format.decimals);
    m_thousands->setChecked(c.format.thousands);
    m_best->setCurrentIndex(int(c.best));
    m_updating = false;
}

void TableColumnEditor::formatEdited()
{
    const int index = m_columns->currentRow();
    if (m_updating || index < 0 || index >= int(m_spec->columns.size()))
        return;
    auto &c = m_spec->columns[size_t(index)];
    c.header = m_header->text() == tables::defaultHeader(c) ? QString() : m_header->text();
    c.format.style = tables::NumberFormat::Style(m_format->currentIndex());
    c.format.decimals = m_decimals->value();
    c.format.thousands = m_thousands->isChecked();
    c.best = tables::Best(m_best->currentIndex());
    m_columns->item(index)->setText(listText(c));
    Q_EMIT columnEdited();
}

} // namespace gatefold::widgets
