#include "sweepbuilder.h"

#include "config/fieldtable.h"
#include "config/runvalidation.h"

#include <QComboBox>
#include <QDialogButtonBox>
#include <QFormLayout>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QTableWidget>
#include <QVBoxLayout>

#include <cmath>

namespace gatefold::widgets {
namespace {

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

} // namespace

SweepBuilder::SweepBuilder(const train::RunConfig &base, QWidget *parent)
    : QDialog(parent)
    , m_base(base)
    , m_name(new QLineEdit(QStringLiteral("sweep"), this))
    , m_axes(new QTableWidget(0, 2, this))
    , m_seeds(new QLineEdit(QStringLiteral("0"), this))
    , m_summary(new QLabel(this))
{
    setWindowTitle(tr("Sweep"));
    m_axes->setHorizontalHeaderLabels({tr("Setting"), tr("Values")});
    m_axes->horizontalHeader()->setStretchLastSection(true);
    m_axes->setColumnWidth(0, 240);
    m_axes->verticalHeader()->hide();
    m_seeds->setPlaceholderText(tr("seeds, e.g. 0, 1, 2"));
    m_summary->setWordWrap(true);
    auto *add = new QPushButton(tr("Add setting"), this);
    auto *remove = new QPushButton(tr("Remove setting"), this);
    connect(add, &QPushButton::clicked, this, [this] { addAxis(QStringLiteral("optim.lr"), QString()); });
    connect(remove, &QPushButton::clicked, this, [this] {
        if (m_axes->currentRow() >= 0)
            m_axes->removeRow(m_axes->currentRow());
        update();
    });
    auto *rowButtons = new QHBoxLayout;
    rowButtons->addWidget(add);
    rowButtons->addWidget(remove);
    rowButtons->addStretch(1);
    auto *form = new QFormLayout;
    form->addRow(tr("Name:"), m_name);
    form->addRow(tr("Seeds:"), m_seeds);
    auto *buttons = new QDialogButtonBox(QDialogButtonBox::Cancel, this);
    m_ok = buttons->addButton(tr("Queue sweep"), QDialogButtonBox::AcceptRole);
    connect(buttons, &QDialogButtonBox::accepted, this, &QDialog::accept);
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    auto *layout = new QVBoxLayout(this);
    layout->addLayout(form);
    auto *help = new QLabel(tr("Settings to vary (values separated by commas; by semicolons when a value is a "
                               "list). Every combination is run once per seed, over the run form's config."),
                            this);
    help->setWordWrap(true);
    layout->addWidget(help);
    layout->addWidget(m_axes, 1);
    layout->addLayout(rowButtons);
    layout->addWidget(m_summary);
    layout->addWidget(buttons);
    connect(m_seeds, &QLineEdit::textChanged, this, &SweepBuilder::update);
    connect(m_name, &QLineEdit::textChanged, this, &SweepBuilder::update);
    connect(m_axes, &QTableWidget::itemChanged, this, &SweepBuilder::update);
    resize(640, 420);
    update();
}

void SweepBuilder::setName(const QString &name)
{
    m_name->setText(name);
}

void SweepBuilder::addAxis(const QString &key, const QString &values)
{
    const int row = m_axes->rowCount();
    m_axes->insertRow(row);
    auto *keys = new QComboBox(m_axes);
    keys->setEditable(true);
    for (const auto &f : config::fields())
        keys->addItem(QString::fromStdString(f.key));
    keys->setCurrentText(key);
    connect(keys, &QComboBox::currentTextChanged, this, &SweepBuilder::update);
    m_axes->setCellWidget(row, 0, keys);
    m_axes->setItem(row, 1, new QTableWidgetItem(values));
    update();
}

void SweepBuilder::setSeeds(const QString &seeds)
{
    m_seeds->setText(seeds);
}

void SweepBuilder::setQueueText(const QString &text)
{
    m_ok->setText(text);
}

QByteArray SweepBuilder::gridJson() const
{
    QJsonObject grid;
    for (int r = 0; r < m_axes->rowCount(); ++r) {
        const auto *keys = qobject_cast<QComboBox *>(m_axes->cellWidget(r, 0));
        const QString key = keys ? keys->currentText().trimmed() : QString();
        QJsonArray values;
        if (const auto *item = m_axes->item(r, 1))
            for (const QString &v : splitValues(item->text()))
                values.append(gridValue(key, v));
        if (!key.isEmpty())
            grid.insert(key, values);
    }
    QJsonArray seeds;
    for (const QString &s : splitValues(m_seeds->text())) {
        bool ok = false;
        const qint64 seed = s.toLongLong(&ok);
        seeds.append(ok ? QJsonValue(seed) : QJsonValue(s));  // a bad seed is reported by the planner
    }
    QJsonObject root{{"name", m_name->text().trimmed().isEmpty() ? QStringLiteral("sweep") : m_name->text().trimmed()},
                     {"grid", grid}};
    if (!seeds.isEmpty())
        root.insert("seeds", seeds);
    return QJsonDocument(root).toJson(QJsonDocument::Compact);
}

bool SweepBuilder::plan(train::SweepPlan *plan, QStringList *errors) const
{
    return train::planSweep(gridJson(), m_base, {}, plan, errors);
}

QString SweepBuilder::summary() const
{
    return m_summary->text();
}

void SweepBuilder::update()
{
    train::SweepPlan p;
    QStringList errors;
    const bool ok = plan(&p, &errors);
    if (ok) {
        QStringList first;
        for (size_t i = 0; i < p.points.size() && i < 4; ++i)
            first << p.points[i].label;
        if (p.points.size() > 4)
            first << QStringLiteral("…");
        m_summary->setStyleSheet(QString());
        m_summary->setText(tr("%n run(s): ", nullptr, int(p.points.size())) + first.join(QStringLiteral("; ")));
    } else {
        m_summary->setStyleSheet(QStringLiteral("color: #c62828;"));
        m_summary->setText(errors.join('\n'));
    }
    m_ok->setEnabled(ok);
}

} // namespace gatefold::widgets
