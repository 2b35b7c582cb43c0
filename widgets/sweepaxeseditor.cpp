#include "sweepaxeseditor.h"

#include "config/fieldtable.h"

#include <QComboBox>
#include <QHeaderView>
#include <QJsonArray>
#include <QLineEdit>
#include <QTableWidget>
#include <QVBoxLayout>

#include <cmath>
#include <optional>

namespace gatefold::widgets {
namespace {

enum AxisColumn { KeyColumn, KindColumn, LowColumn, HighColumn };
const QString kWrongBound = QStringLiteral("QLineEdit { border: 1px solid #c62828; }");

QStringList splitValues(const QString &text)
{
    const QChar separator = text.contains(';') ? QChar(';') : QChar(',');
    QStringList out;
    for (const QString &v : text.split(separator))
        if (!v.trimmed().isEmpty())
            out << v.trimmed();
    return out;
}

// A grid value as the JSON type its setting reads (the grid reader is strict: "0.001" in
// quotes is a text, not a number). Text that does not parse stays text, so the planner
// names the value and the setting.
QJsonValue gridValue(const QString &key, const QString &text)
{
    const config::Field *field = config::findField(key.toStdString());
    if (!field)
        return text;
    bool ok = false;
    switch (field->type) {
    case config::FieldType::Integer: {
        const qint64 whole = text.toLongLong(&ok);
        return ok ? QJsonValue(whole) : QJsonValue(text);
    }
    case config::FieldType::Number: {
        const double number = text.toDouble(&ok);
        return ok && std::isfinite(number) ? QJsonValue(number) : QJsonValue(text);
    }
    case config::FieldType::Boolean:
        if (text == QLatin1String("true") || text == QLatin1String("false"))
            return text == QLatin1String("true");
        return text;
    default:
        return text;
    }
}

// A bound as typed: a finite number (whole for an integer range), else nullopt.
std::optional<double> boundOf(const QString &text, bool whole)
{
    bool ok = false;
    if (whole) {
        const qint64 v = text.trimmed().toLongLong(&ok);
        return ok ? std::optional<double>(double(v)) : std::nullopt;
    }
    const double v = text.trimmed().toDouble(&ok);
    return ok && std::isfinite(v) ? std::optional<double>(v) : std::nullopt;
}

} // namespace

SweepAxesEditor::SweepAxesEditor(QWidget *parent)
    : QWidget(parent)
    , m_table(new QTableWidget(0, 4, this))
{
    m_table->setObjectName(QStringLiteral("sweepAxes"));
    m_table->setHorizontalHeaderLabels({tr("Setting"), tr("Varies as"), tr("Values / low"), tr("High")});
    m_table->horizontalHeader()->setSectionResizeMode(LowColumn, QHeaderView::Stretch);
    m_table->setColumnWidth(KeyColumn, 200);
    m_table->setColumnWidth(KindColumn, 150);
    m_table->setColumnWidth(HighColumn, 110);
    m_table->verticalHeader()->hide();
    m_table->setSelectionBehavior(QAbstractItemView::SelectRows);
    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(m_table);
}

void SweepAxesEditor::addAxis(const QString &key, const QString &values)
{
    addAxis(key, Kind::List, values);
}

void SweepAxesEditor::addAxis(const QString &key, Kind kind, const QString &low, const QString &high)
{
    const int row = m_table->rowCount();
    m_table->insertRow(row);
    auto *keys = new QComboBox(m_table);
    keys->setEditable(true);
    for (const auto &f : config::fields())
        keys->addItem(QString::fromStdString(f.key));
    keys->setCurrentText(key);
    auto *kinds = new QComboBox(m_table);
    kinds->addItem(tr("list of values"), int(Kind::List));
    kinds->addItem(tr("choice"), int(Kind::Choice));
    kinds->addItem(tr("uniform"), int(Kind::Uniform));
    kinds->addItem(tr("log-uniform"), int(Kind::LogUniform));
    kinds->addItem(tr("integer uniform"), int(Kind::IntUniform));
    kinds->setCurrentIndex(kinds->findData(int(kind)));
    kinds->setToolTip(tr("A list: every value is run (on a grid) or drawn from (random search); a choice: the same, "
                         "by name; uniform, log-uniform, integer uniform: random search draws from [low, high]"));
    auto *lowField = new QLineEdit(low, m_table);
    auto *highField = new QLineEdit(high, m_table);
    keys->setObjectName(QStringLiteral("axisKey%1").arg(row));
    kinds->setObjectName(QStringLiteral("axisKind%1").arg(row));
    lowField->setObjectName(QStringLiteral("axisLow%1").arg(row));
    highField->setObjectName(QStringLiteral("axisHigh%1").arg(row));
    m_table->setCellWidget(row, KeyColumn, keys);
    m_table->setCellWidget(row, KindColumn, kinds);
    m_table->setCellWidget(row, LowColumn, lowField);
    m_table->setCellWidget(row, HighColumn, highField);
    const auto rowOf = [this](QWidget *w) {
        for (int r = 0; r < m_table->rowCount(); ++r)
            if (m_table->cellWidget(r, KindColumn) == w)
                return r;
        return -1;
    };
    connect(keys, &QComboBox::currentTextChanged, this, &SweepAxesEditor::changed);
    connect(kinds, &QComboBox::currentIndexChanged, this, [this, kinds, rowOf] { kindChanged(rowOf(kinds)); });
    connect(lowField, &QLineEdit::textChanged, this, &SweepAxesEditor::changed);
    connect(highField, &QLineEdit::textChanged, this, &SweepAxesEditor::changed);
    kindChanged(row);
}

void SweepAxesEditor::removeCurrent()
{
    if (m_table->currentRow() >= 0)
        m_table->removeRow(m_table->currentRow());
    Q_EMIT changed();
}

int SweepAxesEditor::count() const
{
    return m_table->rowCount();
}

QString SweepAxesEditor::kindKey(Kind kind)
{
    switch (kind) {
    case Kind::List: return QStringLiteral("list");
    case Kind::Choice: return QStringLiteral("choice");
    case Kind::Uniform: return QStringLiteral("uniform");
    case Kind::LogUniform: return QStringLiteral("log_uniform");
    case Kind::IntUniform: return QStringLiteral("int_uniform");
    }
    return {};
}

SweepAxesEditor::Kind SweepAxesEditor::kindAt(int row) const
{
    const auto *kinds = qobject_cast<QComboBox *>(m_table->cellWidget(row, KindColumn));
    return kinds ? Kind(kinds->currentData().toInt()) : Kind::List;
}

QString SweepAxesEditor::keyAt(int row) const
{
    const auto *keys = qobject_cast<QComboBox *>(m_table->cellWidget(row, KeyColumn));
    return keys ? keys->currentText().trimmed() : QString();
}

QString SweepAxesEditor::textAt(int row, int column) const
{
    const auto *field = qobject_cast<QLineEdit *>(m_table->cellWidget(row, column));
    return field ? field->text() : QString();
}

// Lists take one field of values; ranges two bounds.
void SweepAxesEditor::kindChanged(int row)
{
    if (row < 0)
        return;
    const bool range = kindAt(row) != Kind::List && kindAt(row) != Kind::Choice;
    auto *low = qobject_cast<QLineEdit *>(m_table->cellWidget(row, LowColumn));
    auto *high = qobject_cast<QLineEdit *>(m_table->cellWidget(row, HighColumn));
    low->setPlaceholderText(range ? tr("low") : tr("values, e.g. 0.001, 0.0003"));
    high->setPlaceholderText(range ? tr("high") : QString());
    high->setEnabled(range);
    Q_EMIT changed();
}

QString SweepAxesEditor::rangeProblem(int row, bool *lowWrong, bool *highWrong) const
{
    const Kind kind = kindAt(row);
    const bool whole = kind == Kind::IntUniform;
    const auto low = boundOf(textAt(row, LowColumn), whole);
    const auto high = boundOf(textAt(row, HighColumn), whole);
    *lowWrong = !low;
    *highWrong = !high;
    const QString key = keyAt(row);
    if (!low || !high)
        return whole ? tr("%1: the bounds of an integer range are whole numbers").arg(key)
                     : tr("%1: the bounds of a range are numbers").arg(key);
    if (kind == Kind::LogUniform && *low <= 0) {
        *lowWrong = true;
        return tr("%1: a log-uniform range needs 0 < low (%2 is not above 0)").arg(key, textAt(row, LowColumn).trimmed());
    }
    const bool ordered = whole ? *low <= *high : *low < *high;
    if (!ordered) {
        *lowWrong = *highWrong = true;
        return whole ? tr("%1: low must not be above high").arg(key) : tr("%1: low must be below high").arg(key);
    }
    return {};
}

QStringList SweepAxesEditor::problems(bool random) const
{
    QStringList out;
    for (int r = 0; r < m_table->rowCount(); ++r) {
        const Kind kind = kindAt(r);
        bool lowWrong = false, highWrong = false;
        QString problem;
        if (kind == Kind::List || kind == Kind::Choice) {
            lowWrong = splitValues(textAt(r, LowColumn)).isEmpty();
            if (lowWrong)
                problem = tr("%1: list at least one value").arg(keyAt(r));
        } else {
            problem = rangeProblem(r, &lowWrong, &highWrong);
            if (problem.isEmpty() && !random)
                problem = tr("%1: a range is drawn from, not laid on a grid: choose Method random search, or "
                             "list the values").arg(keyAt(r));
        }
        if (!problem.isEmpty())
            out << problem;
        for (auto [column, wrong] : {std::pair{LowColumn, lowWrong}, std::pair{HighColumn, highWrong}}) {
            auto *field = qobject_cast<QLineEdit *>(m_table->cellWidget(r, column));
            field->setStyleSheet(wrong ? kWrongBound : QString());
            field->setToolTip(wrong ? problem : QString());
        }
    }
    return out;
}

QJsonObject SweepAxesEditor::grid() const
{
    QJsonObject grid;
    for (int r = 0; r < m_table->rowCount(); ++r) {
        const QString key = keyAt(r);
        if (key.isEmpty())
            continue;
        const Kind kind = kindAt(r);
        if (kind == Kind::List || kind == Kind::Choice) {
            QJsonArray values;
            for (const QString &v : splitValues(textAt(r, LowColumn)))
                values.append(gridValue(key, v));
            grid.insert(key, kind == Kind::List ? QJsonValue(values) : QJsonObject{{kindKey(kind), values}});
            continue;
        }
        const bool whole = kind == Kind::IntUniform;
        QJsonArray bounds;
        for (int column : {LowColumn, HighColumn}) {
            const QString text = textAt(r, column).trimmed();
            const auto value = boundOf(text, whole);
            bounds.append(!value ? QJsonValue(text) : whole ? QJsonValue(qint64(*value)) : QJsonValue(*value));
        }
        grid.insert(key, QJsonObject{{kindKey(kind), bounds}});
    }
    return grid;
}

} // namespace gatefold::widgets
