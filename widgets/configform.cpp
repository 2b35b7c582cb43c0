#include "configform.h"

#include "costsummary.h"
#include "fieldtext.h"
#include "joinpreview.h"
#include "pathbrowse.h"
#include "sectionlist.h"
#include "problemtext.h"

#include "config/fieldtable.h"
#include "config/plausibility.h"
#include "config/runvalidation.h"

#include <QCheckBox>
#include <QComboBox>
#include <QCoreApplication>
#include <QFormLayout>
#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QScrollArea>
#include <QStackedWidget>
#include <QToolButton>
#include <QVBoxLayout>

#include <algorithm>

namespace gatefold::widgets {

ConfigForm::ConfigForm(QWidget *parent)
    : QWidget(parent)
{
    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    m_summary = new QLabel(this);
    m_summary->setWordWrap(true);
    m_summary->setObjectName(QStringLiteral("problemSummary"));
    m_summary->setStyleSheet(QStringLiteral("color: #c62828;"));
    m_summary->hide();
    m_cost = new QLabel(this);
    m_cost->setObjectName(QStringLiteral("costSummary"));
    m_cost->setWordWrap(true);
    m_cost->setToolTip(tr("From the closed-form cost of the model settings (as gatefold-cli cost prints it); "
                          "FLOPs = 2 x multiply-accumulates"));
    m_sections = new SectionList(fieldGroupTitles(), this);
    m_pages = new QStackedWidget(this);
    auto *body = new QVBoxLayout;
    body->addWidget(m_sections);
    body->addWidget(m_pages, 1);
    // The section list is the first thing in the form: what is below it (the cost, the problems,
    // whose list changes with the section in front) can grow or shrink without moving it.
    layout->addLayout(body, 1);
    layout->addWidget(m_cost);
    layout->addWidget(m_summary);
    connect(m_sections, &QListWidget::currentRowChanged, this, [this](int row) {
        m_pages->setCurrentIndex(row);
        showSummary();
    });
    buildPages();
    buildRows();
    setConfig(train::RunConfig{});
}

// A page per section, in config::fieldGroups() order; the joining page ends with the λ preview.
void ConfigForm::buildPages()
{
    const auto &groups = config::fieldGroups();
    for (config::FieldGroup group : groups) {
        auto *scroll = new QScrollArea(m_pages);
        scroll->setWidgetResizable(true);
        scroll->setFrameShape(QFrame::NoFrame);
        scroll->setHorizontalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
        auto *page = new QWidget(scroll);
        auto *pageLayout = new QVBoxLayout(page);
        pageLayout->setContentsMargins(0, 0, 0, 0);
        auto *form = new QFormLayout;
        form->setFieldGrowthPolicy(QFormLayout::ExpandingFieldsGrow);
        form->setRowWrapPolicy(QFormLayout::WrapLongRows);  // a narrow dock: the key above its editor
        pageLayout->addLayout(form);
        if (group == config::FieldGroup::Folds) {
            m_joinPreview = new JoinPreview(page);
            pageLayout->addWidget(m_joinPreview);
        }
        pageLayout->addStretch(1);
        scroll->setWidget(page);
        m_pages->addWidget(scroll);
        m_forms.push_back(form);
    }
}

void ConfigForm::buildRows()
{
    const auto &groups = config::fieldGroups();
    // The Training section reads as a recipe: epochs, batch size, learning rate, seed (the table's
    // own order puts optim.lr after the seed); every other section keeps the table's order.
    static const std::vector<std::string> trainingOrder = {"train.epochs", "train.batch_size", "optim.lr", "train.seed"};
    std::vector<size_t> trainingPlaced;  // ranks of the Training rows added so far, in form order
    for (const auto &field : config::fields()) {
        if (field.key == "join.deployed")
            continue;  // written by fold, never set by hand
        Row row;
        row.field = &field;
        row.group = int(std::find(groups.begin(), groups.end(), field.group) - groups.begin());
        row.layout = m_forms[size_t(row.group)];
        QWidget *cell = makeCell(row);
        auto *label = new QLabel(QString::fromStdString(field.key));
        const QString help = fieldHelp(field);
        label->setToolTip(help);
        row.editor->setToolTip(help);
        if (field.group == config::FieldGroup::Training) {
            const size_t rank = size_t(std::find(trainingOrder.begin(), trainingOrder.end(), field.key) - trainingOrder.begin());
            const auto at = std::upper_bound(trainingPlaced.begin(), trainingPlaced.end(), rank);
            row.layout->insertRow(int(at - trainingPlaced.begin()), label, cell);
            trainingPlaced.insert(at, rank);
        } else {
            row.layout->addRow(label, cell);
        }
        m_rows.push_back(row);
    }
}

// The editor (with a "…" button for a path), then its problem in red and its warning in amber.
QWidget *ConfigForm::makeCell(Row &row)
{
    auto *cell = new QWidget;
    row.cell = cell;
    auto *cellLayout = new QVBoxLayout(cell);
    cellLayout->setContentsMargins(0, 0, 0, 0);
    cellLayout->setSpacing(1);
    row.editor = makeEditor(row);
    if (offersBrowse(row.field->key)) {
        auto *line = new QHBoxLayout;
        line->setSpacing(2);
        line->addWidget(row.editor, 1);
        auto *browse = new QToolButton(cell);
        browse->setText(QStringLiteral("…"));
        browse->setObjectName(QStringLiteral("browse:") + QString::fromStdString(row.field->key));
        browse->setToolTip(tr("Choose %1").arg(QString::fromStdString(row.field->key)));
        const std::string key = row.field->key;
        connect(browse, &QToolButton::clicked, this, [this, key] {
            const QString chosen = browseForSetting(this, key, QString::fromStdString(config::findField(key)->get(m_config)));
            if (!chosen.isEmpty())
                setFieldText(QString::fromStdString(key), chosen);
        });
        line->addWidget(browse);
        cellLayout->addLayout(line);
    } else {
        cellLayout->addWidget(row.editor);
    }
    row.error = new QLabel(cell);
    row.error->setWordWrap(true);
    row.error->setStyleSheet(QStringLiteral("color: #c62828;"));
    row.error->hide();
    cellLayout->addWidget(row.error);
    row.warning = new QLabel(cell);
    row.warning->setObjectName(QStringLiteral("warning:") + QString::fromStdString(row.field->key));
    row.warning->setWordWrap(true);
    row.warning->setStyleSheet(QStringLiteral("color: #b26a00;"));
    row.warning->hide();
    cellLayout->addWidget(row.warning);
    return cell;
}

QWidget *ConfigForm::makeEditor(Row &row)
{
    const size_t index = m_rows.size();
    const auto &field = *row.field;
    if (field.type == config::FieldType::Boolean) {
        auto *box = new QCheckBox;
        connect(box, &QCheckBox::toggled, this,
                [this, index](bool on) { edited(index, on ? QStringLiteral("true") : QStringLiteral("false")); });
        return box;
    }
    const auto choices = field.choices;
    if (!choices.empty()) {
        auto *combo = new QComboBox;
        for (const auto &c : choices)
            combo->addItem(QString::fromStdString(c));
        connect(combo, &QComboBox::currentTextChanged, this, [this, index](const QString &t) { edited(index, t); });
        return combo;
    }
    auto *line = new QLineEdit;
    line->setPlaceholderText(fieldHelp(field));
    connect(line, &QLineEdit::textEdited, this, [this, index](const QString &t) { edited(index, t); });
    return line;
}

void ConfigForm::showValue(const Row &row)
{
    const QString text = QString::fromStdString(row.field->get(m_config));
    if (auto *box = qobject_cast<QCheckBox *>(row.editor))
        box->setChecked(text == QLatin1String("true"));
    else if (auto *combo = qobject_cast<QComboBox *>(row.editor))
        combo->setCurrentText(text);
    else if (auto *line = qobject_cast<QLineEdit *>(row.editor))
        line->setText(text);
}

QString ConfigForm::textOf(const Row &row) const
{
    if (auto *box = qobject_cast<QCheckBox *>(row.editor))
        return box->isChecked() ? QStringLiteral("true") : QStringLiteral("false");
    if (auto *combo = qobject_cast<QComboBox *>(row.editor))
        return combo->currentText();
    return qobject_cast<QLineEdit *>(row.editor)->text();
}

void ConfigForm::setConfig(const train::RunConfig &config)
{
    m_config = config;
    m_parseErrors.clear();
    m_checkProblems.clear();  // about another config
    m_trainImages = 0;        // the engine reads this config's data set again
    m_loading = true;
    for (const Row &row : m_rows)
        showValue(row);
    m_loading = false;
    revalidate();
    Q_EMIT configChanged();
}

void ConfigForm::setFieldText(const QString &key, const QString &text)
{
    for (size_t i = 0; i < m_rows.size(); ++i) {
        if (QString::fromStdString(m_rows[i].field->key) != key)
            continue;
        m_loading = true;
        if (auto *box = qobject_cast<QCheckBox *>(m_rows[i].editor))
            box->setChecked(text == QLatin1String("true"));
        else if (auto *combo = qobject_cast<QComboBox *>(m_rows[i].editor))
            combo->setCurrentText(text);
        else
            qobject_cast<QLineEdit *>(m_rows[i].editor)->setText(text);
        m_loading = false;
        edited(i, text);
        return;
    }
}

void ConfigForm::edited(size_t index, const QString &text)
{
    if (m_loading)
        return;
    const auto &field = *m_rows[index].field;
    model::ConfigProblem why;
    train::RunConfig next = m_config;
    m_checkProblems.erase(field.key);  // about the old value: the engine looks again
    if (field.key.rfind("data.", 0) == 0)
        m_trainImages = 0;  // the engine's count was of the data set before
    if (field.set(next, text.trimmed().toStdString(), &why)) {
        m_config = next;
        m_parseErrors.erase(field.key);
    } else {
        m_parseErrors[field.key] = problemText(why);
    }
    revalidate();
    Q_EMIT configChanged();
}

void ConfigForm::revalidate()
{
    m_problems = m_parseErrors;
    for (const auto &p : train::validateRunConfig(m_config))
        m_problems.emplace(p.field, problemText(p));  // a parse error wins: it is what was typed
    m_ownProblems = m_problems.size();
    for (const auto &[key, message] : m_checkProblems) {
        auto [it, added] = m_problems.emplace(key, message);
        if (!added && !it->second.contains(message))
            it->second += QLatin1Char('\n') + message;
    }
    m_warnings.clear();
    for (const auto &w : config::plausibilityWarnings(m_config))
        if (!m_problems.count(w.field))  // a problem of the same setting says more
            m_warnings.emplace(w.field, problemText(w));
    for (const Row &row : m_rows) {
        row.layout->setRowVisible(row.cell, config::fieldApplies(m_config, row.field->key));
        const auto it = m_problems.find(row.field->key);
        row.error->setVisible(it != m_problems.end());
        if (it != m_problems.end())
            row.error->setText(it->second);
        const auto w = m_warnings.find(row.field->key);
        row.warning->setVisible(w != m_warnings.end());
        row.warning->setText(w != m_warnings.end() ? QStringLiteral("⚠ ") + w->second : QString());
    }
    showMarks();
    m_cost->setText(costSummary(m_config.model));
    const bool joins = config::fieldApplies(m_config, "join.schedule");
    m_joinPreview->setVisible(joins);
    if (joins)
        m_joinPreview->setConfig(m_config, m_trainImages);
    showSummary();
    const bool valid = m_problems.empty();
    if (valid != m_valid) {
        m_valid = valid;
        Q_EMIT validityChanged(valid);
    }
}

// The count, then every problem not on show in the section in front: those of hidden fields, of no field
// (a cross-field rule), and of fields in other sections — an edit here can break a setting there
// (compute.processes and train.batch_size), and the user should read it where they typed.
void ConfigForm::showSummary()
{
    QStringList elsewhere;
    const QStringList groups = fieldGroupTitles();
    for (const Row &row : m_rows) {
        const auto it = m_problems.find(row.field->key);
        if (it == m_problems.end())
            continue;
        const QString key = QString::fromStdString(row.field->key);
        if (!config::fieldApplies(m_config, row.field->key))
            elsewhere << QStringLiteral("%1: %2").arg(key, it->second);
        else if (row.group != m_sections->currentRow())
            elsewhere << tr("%1 (%2 section): %3").arg(key, groups.value(row.group), it->second);
    }
    // Problems the validator names by a key no row shows (e.g. a cross-field rule).
    for (const auto &[key, message] : m_problems) {
        const bool hasRow = std::any_of(m_rows.begin(), m_rows.end(), [&](const Row &r) { return r.field->key == key; });
        if (!hasRow)
            elsewhere << (key.empty() ? message : QStringLiteral("%1: %2").arg(QString::fromStdString(key), message));
    }
    m_summary->setVisible(!m_problems.empty());
    m_summary->setText(m_problems.empty() ? QString()
                                          : tr("%n problem(s) in the run config.", nullptr, int(m_problems.size()))
                                                + (elsewhere.isEmpty() ? QString() : QStringLiteral("\n") + elsewhere.join('\n')));
}

void ConfigForm::setCheckProblems(const std::multimap<std::string, QString> &problems)
{
    if (problems == m_checkProblems)
        return;
    m_checkProblems = problems;
    revalidate();
}

QStringList ConfigForm::problems() const
{
    QStringList out;
    for (const Row &row : m_rows)
        if (const auto it = m_problems.find(row.field->key); it != m_problems.end())
            out << QStringLiteral("%1: %2").arg(QString::fromStdString(row.field->key), it->second);
    // Then those about no field on show (the engine's about the config as a whole, hidden settings).
    for (const auto &[key, message] : m_problems)
        if (std::none_of(m_rows.begin(), m_rows.end(), [&](const Row &r) { return r.field->key == key; }))
            out << (key.empty() ? message : QStringLiteral("%1: %2").arg(QString::fromStdString(key), message));
    return out;
}

QString ConfigForm::problemFor(const QString &key) const
{
    const auto it = m_problems.find(key.toStdString());
    return it == m_problems.end() ? QString() : it->second;
}

QWidget *ConfigForm::editorFor(const QString &key) const
{
    for (const Row &row : m_rows)
        if (QString::fromStdString(row.field->key) == key)
            return row.editor;
    return nullptr;
}

// Each section's count of problems and of warnings on settings that apply, in the section list.
void ConfigForm::showMarks()
{
    std::vector<int> problems(m_forms.size(), 0), warnings(m_forms.size(), 0);
    for (const Row &row : m_rows) {
        if (m_problems.count(row.field->key))
            ++problems[size_t(row.group)];
        else if (m_warnings.count(row.field->key))
            ++warnings[size_t(row.group)];
    }
    for (size_t g = 0; g < m_forms.size(); ++g)
        m_sections->setMarks(int(g), problems[g], warnings[g]);
}

QString ConfigForm::warningFor(const QString &key) const
{
    const auto it = m_warnings.find(key.toStdString());
    return it == m_warnings.end() ? QString() : it->second;
}

QStringList ConfigForm::warnings() const
{
    QStringList out;
    for (const Row &row : m_rows)
        if (const auto it = m_warnings.find(row.field->key); it != m_warnings.end())
            out << QStringLiteral("%1: %2").arg(QString::fromStdString(row.field->key), it->second);
    return out;
}

QString ConfigForm::costText() const
{
    return m_cost->text();
}

void ConfigForm::setTrainImages(qint64 images)
{
    if (images == m_trainImages)
        return;
    m_trainImages = images;
    if (config::fieldApplies(m_config, "join.schedule"))
        m_joinPreview->setConfig(m_config, m_trainImages);
}

void ConfigForm::showSection(int section)
{
    m_sections->setCurrentRow(section);
}

bool ConfigForm::isFieldShown(const QString &key) const
{
    return config::fieldApplies(m_config, key.toStdString());
}

} // namespace gatefold::widgets
