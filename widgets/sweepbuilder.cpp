#include "sweepbuilder.h"

#include "earlystopbox.h"

#include <QComboBox>
#include <QDialogButtonBox>
#include <QFormLayout>
#include <QHBoxLayout>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QSpinBox>
#include <QVBoxLayout>

#include <limits>

namespace gatefold::widgets {
namespace {

QStringList splitSeeds(const QString &text)
{
    QStringList out;
    for (const QString &v : text.split(QLatin1Char(',')))
        if (!v.trimmed().isEmpty())
            out << v.trimmed();
    return out;
}

} // namespace

SweepBuilder::SweepBuilder(const train::RunConfig &base, QWidget *parent)
    : QDialog(parent)
    , m_base(base)
    , m_name(new QLineEdit(QStringLiteral("sweep"), this))
    , m_method(new QComboBox(this))
    , m_runs(new QSpinBox(this))
    , m_searchSeed(new QSpinBox(this))
    , m_axes(new SweepAxesEditor(this))
    , m_seeds(new QLineEdit(QStringLiteral("0"), this))
    , m_earlyStop(new EarlyStopBox(base.train.epochs, this))
    , m_summary(new QLabel(this))
{
    setWindowTitle(tr("Sweep"));
    m_seeds->setPlaceholderText(tr("seeds, e.g. 0, 1, 2"));
    m_summary->setObjectName(QStringLiteral("sweepSummary"));
    m_summary->setWordWrap(true);
    auto *add = new QPushButton(tr("Add setting"), this);
    auto *remove = new QPushButton(tr("Remove setting"), this);
    connect(add, &QPushButton::clicked, this, [this] { addAxis(QStringLiteral("optim.lr"), QString()); });
    connect(remove, &QPushButton::clicked, m_axes, &SweepAxesEditor::removeCurrent);
    auto *rowButtons = new QHBoxLayout;
    rowButtons->addWidget(add);
    rowButtons->addWidget(remove);
    rowButtons->addStretch(1);
    auto *form = new QFormLayout;
    form->addRow(tr("Name:"), m_name);
    form->addRow(tr("Method:"), searchRow());
    form->addRow(tr("Seeds:"), m_seeds);
    auto *buttons = new QDialogButtonBox(QDialogButtonBox::Cancel, this);
    m_ok = buttons->addButton(tr("Queue sweep"), QDialogButtonBox::AcceptRole);
    m_ok->setObjectName(QStringLiteral("queueSweep"));
    connect(buttons, &QDialogButtonBox::accepted, this, &QDialog::accept);
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    auto *help = new QLabel(tr("Settings to vary: a list of values (separated by commas; by semicolons when a value "
                               "is itself a list) or, for random search, a range to draw from. A grid runs every "
                               "combination; random search draws the given number of settings. Each runs once per "
                               "seed, over the run form's config."),
                            this);
    help->setWordWrap(true);
    auto *layout = new QVBoxLayout(this);
    layout->addLayout(form);
    layout->addWidget(help);
    layout->addWidget(m_axes, 1);
    layout->addLayout(rowButtons);
    layout->addWidget(m_earlyStop);
    layout->addWidget(m_summary);
    layout->addWidget(buttons);
    connect(m_seeds, &QLineEdit::textChanged, this, &SweepBuilder::update);
    connect(m_name, &QLineEdit::textChanged, this, &SweepBuilder::update);
    connect(m_axes, &SweepAxesEditor::changed, this, &SweepBuilder::update);
    connect(m_earlyStop, &EarlyStopBox::changed, this, &SweepBuilder::update);
    resize(720, 560);
    update();
}

// Method, and for random search how many settings are drawn and from which seed.
QLayout *SweepBuilder::searchRow()
{
    m_method->setObjectName(QStringLiteral("sweepMethod"));
    m_method->addItem(tr("grid (every combination)"), QStringLiteral("grid"));
    m_method->addItem(tr("random search"), QStringLiteral("random"));
    m_runs->setObjectName(QStringLiteral("sweepRuns"));
    m_runs->setRange(1, 10000);
    m_runs->setValue(20);
    m_runs->setPrefix(tr("runs: "));
    m_runs->setToolTip(tr("How many settings random search draws (each runs once per seed)"));
    m_searchSeed->setObjectName(QStringLiteral("sweepSearchSeed"));
    m_searchSeed->setRange(0, std::numeric_limits<int>::max());
    m_searchSeed->setPrefix(tr("search seed: "));
    m_searchSeed->setToolTip(tr("The same settings and search seed draw the same runs"));
    auto *row = new QHBoxLayout;
    row->addWidget(m_method);
    row->addWidget(m_runs);
    row->addWidget(m_searchSeed);
    row->addStretch(1);
    const auto methodChanged = [this] {
        const bool random = m_method->currentData().toString() == QLatin1String("random");
        m_runs->setEnabled(random);
        m_searchSeed->setEnabled(random);
        update();
    };
    connect(m_method, &QComboBox::currentIndexChanged, this, methodChanged);
    connect(m_runs, &QSpinBox::valueChanged, this, &SweepBuilder::update);
    connect(m_searchSeed, &QSpinBox::valueChanged, this, &SweepBuilder::update);
    m_runs->setEnabled(false);
    m_searchSeed->setEnabled(false);
    return row;
}

void SweepBuilder::setName(const QString &name)
{
    m_name->setText(name);
}

void SweepBuilder::addAxis(const QString &key, const QString &values)
{
    m_axes->addAxis(key, values);
}

void SweepBuilder::addAxis(const QString &key, SweepAxesEditor::Kind kind, const QString &low, const QString &high)
{
    m_axes->addAxis(key, kind, low, high);
}

void SweepBuilder::setSeeds(const QString &seeds)
{
    m_seeds->setText(seeds);
}

void SweepBuilder::setRandom(bool random, int runs, int searchSeed)
{
    m_runs->setValue(runs);
    m_searchSeed->setValue(searchSeed);
    m_method->setCurrentIndex(random ? 1 : 0);
}

void SweepBuilder::setQueueText(const QString &text)
{
    m_queueText = text;
    update();
}

void SweepBuilder::refuseEarlyStop(const QString &why)
{
    m_noEarlyStop = why;
    update();
}

std::optional<AshaSettings> SweepBuilder::earlyStop() const
{
    return m_earlyStop->settings();
}

// A grid writes what it always wrote; random search adds "method", "runs" and "search_seed".
QByteArray SweepBuilder::gridJson() const
{
    QJsonArray seeds;
    for (const QString &s : splitSeeds(m_seeds->text())) {
        bool ok = false;
        const qint64 seed = s.toLongLong(&ok);
        seeds.append(ok ? QJsonValue(seed) : QJsonValue(s));  // a bad seed is reported by the planner
    }
    QJsonObject root{{"name", m_name->text().trimmed().isEmpty() ? QStringLiteral("sweep") : m_name->text().trimmed()},
                     {"grid", m_axes->grid()}};
    if (!seeds.isEmpty())
        root.insert("seeds", seeds);
    if (m_method->currentData().toString() == QLatin1String("random")) {
        root.insert("method", QStringLiteral("random"));
        root.insert("runs", m_runs->value());
        root.insert("search_seed", m_searchSeed->value());
    }
    return QJsonDocument(root).toJson(QJsonDocument::Compact);
}

bool SweepBuilder::plan(train::SweepPlan *plan, QStringList *errors) const
{
    const bool random = m_method->currentData().toString() == QLatin1String("random");
    *errors = m_axes->problems(random) + m_earlyStop->problems();
    if (m_earlyStop->isChecked() && !m_noEarlyStop.isEmpty())
        errors->append(m_noEarlyStop);
    if (!errors->isEmpty())
        return false;
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
        QString text = tr("%n run(s): ", nullptr, int(p.points.size())) + first.join(QStringLiteral("; "));
        if (const auto asha = m_earlyStop->settings()) {
            QStringList rungs;
            for (int r : asha->rungs)
                rungs << QString::number(r);
            text += QLatin1Char('\n')
                  + tr("Early stopping: at epochs %1 only the top 1/%2 by %3 (%4) go on; run by a sweep controller.")
                        .arg(rungs.join(QStringLiteral(", ")))
                        .arg(asha->eta)
                        .arg(asha->metric, asha->higherIsBetter ? tr("higher is better") : tr("lower is better"));
        }
        m_summary->setStyleSheet(QString());
        m_summary->setText(text);
    } else {
        m_summary->setStyleSheet(QStringLiteral("color: #c62828;"));
        m_summary->setText(errors.join('\n'));
    }
    m_ok->setEnabled(ok);
    // With early stopping a controller runs the sweep: it is started, not queued.
    m_ok->setText(m_earlyStop->isChecked() ? tr("Start sweep") : m_queueText.isEmpty() ? tr("Queue sweep") : m_queueText);
}

} // namespace gatefold::widgets
