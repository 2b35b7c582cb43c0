#include "configform.h"

#include "fieldtext.h"
#include "problemtext.h"

#include "config/fieldtable.h"
#include "config/runvalidation.h"

#include <QCheckBox>
#include <QComboBox>
#include <QCoreApplication>
#include <QFormLayout>
#include <QLabel>
#include <QLineEdit>
#include <QScrollArea>
#include <QTabWidget>
#include <QVBoxLayout>

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
    layout->addWidget(m_summary);
    m_tabs = new QTabWidget(this);
    m_tabs->setDocumentMode(true);
    layout->addWidget(m_tabs);
    connect(m_tabs, &QTabWidget::currentChanged, this, &ConfigForm::showSummary);
    buildRows();
    setConfig(train::RunConfig{});
}

void ConfigForm::buildRows()
{
    const QStringList groups = fieldGroupTitles();
    std::vector<QFormLayout *> forms;
    for (const QString &group : groups) {
        auto *scroll = new QScrollArea(m_tabs);
        scroll->setWidgetResizable(true);
        scroll->setFrameShape(QFrame::NoFrame);
        auto *page = new QWidget(scroll);
        auto *form = new QFormLayout(page);
        form->setFieldGrowthPolicy(QFormLayout::ExpandingFieldsGrow);
        form->setRowWrapPolicy(QFormLayout::DontWrapRows);
        scroll->setWidget(page);
        m_tabs->addTab(scroll, group);
        forms.push_back(form);
    }
    for (const auto &field : config::fields()) {
        if (field.key == "join.deployed")
            continue;  // written by fold, never set by hand
        Row row;
        row.field = &field;
        row.group = int(field.group);
        row.layout = forms[size_t(row.group)];
        auto *cell = new QWidget;
        auto *cellLayout = new QVBoxLayout(cell);
        cellLayout->setContentsMargins(0, 0, 0, 0);
        cellLayout->setSpacing(1);
        row.editor = makeEditor(row);
        row.error = new QLabel(cell);
        row.error->setWordWrap(true);
        row.error->setStyleSheet(QStringLiteral("color: #c62828;"));
        row.error->hide();
        cellLayout->addWidget(row.editor);
        cellLayout->addWidget(row.error);
        auto *label = new QLabel(QString::fromStdString(field.key));
        const QString help = fieldHelp(field);
        label->setToolTip(help);
        row.editor->setToolTip(help);
        row.layout->addRow(label, cell);
        m_rows.push_back(row);
    }
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
    std::vector<int> perGroup(size_t(m_tabs->count()), 0);
    for (const Row &row : m_rows) {
        row.layout->setRowVisible(row.editor->parentWidget(), config::fieldApplies(m_config, row.field->key));
        const auto it = m_problems.find(row.field->key);
        row.error->setVisible(it != m_problems.end());
        if (it != m_problems.end()) {
            row.error->setText(it->second);
            ++perGroup[size_t(row.group)];
        }
    }
    const QStringList groups = fieldGroupTitles();
    for (int g = 0; g < m_tabs->count(); ++g)
        m_tabs->setTabText(g, perGroup[size_t(g)] ? QStringLiteral("%1 (%2)").arg(groups[g]).arg(perGroup[size_t(g)])
                                                  : groups[g]);
    showSummary();
    const bool valid = m_problems.empty();
    if (valid != m_valid) {
        m_valid = valid;
        Q_EMIT validityChanged(valid);
    }
}

// The count, then every problem not on show on the tab in front: those of hidden fields, of no field
// (a cross-field rule), and of fields on other tabs — an edit here can break a setting there
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
        else if (row.group != m_tabs->currentIndex())
            elsewhere << tr("%1 (%2 tab): %3").arg(key, groups.value(row.group), it->second);
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

bool ConfigForm::isFieldShown(const QString &key) const
{
    return config::fieldApplies(m_config, key.toStdString());
}

} // namespace gatefold::widgets
