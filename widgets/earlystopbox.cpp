#include "earlystopbox.h"

#include "tables/metricdirection.h"

#include <QComboBox>
#include <QFormLayout>
#include <QLineEdit>
#include <QSpinBox>

namespace gatefold::widgets {
namespace {

const QString kWrongRungs = QStringLiteral("QLineEdit { border: 1px solid #c62828; }");

} // namespace

EarlyStopBox::EarlyStopBox(int epochs, QWidget *parent)
    : QGroupBox(tr("Early stopping (ASHA)"), parent)
    , m_epochs(epochs)
    , m_metric(new QComboBox(this))
    , m_mode(new QComboBox(this))
    , m_rungs(new QLineEdit(this))
    , m_eta(new QSpinBox(this))
{
    setObjectName(QStringLiteral("earlyStop"));
    setCheckable(true);
    setChecked(false);
    setToolTip(tr("Asynchronous successive halving: at each rung a run goes on only if it ranks in the top 1/η "
                  "of the runs that reached that rung; the others stop there at their checkpoint (status "
                  "stopped, resumable). The sweep is then run by a gatefold-cli sweep controller."));
    m_metric->setObjectName(QStringLiteral("ashaMetric"));
    m_metric->setEditable(true);
    m_metric->addItems({QStringLiteral("val/top1"), QStringLiteral("val/loss"), QStringLiteral("val/top5"),
                        QStringLiteral("val_ema/top1"), QStringLiteral("train/loss")});
    m_mode->setObjectName(QStringLiteral("ashaMode"));
    m_mode->addItem(tr("max (higher is better)"), QStringLiteral("max"));
    m_mode->addItem(tr("min (lower is better)"), QStringLiteral("min"));
    m_rungs->setObjectName(QStringLiteral("ashaRungs"));
    m_rungs->setPlaceholderText(tr("epochs, e.g. 1, 3, 9"));
    m_eta->setObjectName(QStringLiteral("ashaEta"));
    m_eta->setRange(2, 10);
    m_eta->setValue(3);
    m_eta->setToolTip(tr("η: the top 1/η of the runs at a rung go on"));
    QStringList rungs;
    for (int r : AshaSettings::defaultRungs(epochs, m_eta->value()))
        rungs << QString::number(r);
    m_rungs->setText(rungs.join(QStringLiteral(", ")));
    auto *form = new QFormLayout(this);
    form->addRow(tr("Metric:"), m_metric);
    form->addRow(tr("Mode:"), m_mode);
    form->addRow(tr("Rungs (epochs):"), m_rungs);
    form->addRow(tr("η:"), m_eta);
    connect(m_metric, &QComboBox::currentTextChanged, this, &EarlyStopBox::metricChanged);
    connect(m_mode, &QComboBox::currentIndexChanged, this, &EarlyStopBox::changed);
    connect(m_rungs, &QLineEdit::textChanged, this, &EarlyStopBox::check);
    connect(m_eta, &QSpinBox::valueChanged, this, &EarlyStopBox::changed);
    connect(this, &QGroupBox::toggled, this, &EarlyStopBox::check);
    metricChanged(m_metric->currentText());
    check();
}

void EarlyStopBox::metricChanged(const QString &metric)
{
    m_mode->setCurrentIndex(tables::higherIsBetter(metric.trimmed()) ? 0 : 1);
    Q_EMIT changed();
}

void EarlyStopBox::check()
{
    QList<int> rungs;
    QString error;
    const bool rungsOk = !isChecked() || AshaSettings::parseRungs(m_rungs->text(), m_epochs, &rungs, &error);
    m_rungs->setStyleSheet(rungsOk ? QString() : kWrongRungs);
    m_rungs->setToolTip(rungsOk ? tr("The epochs at which runs are compared; at most train.epochs (%1)").arg(m_epochs)
                                : error);
    Q_EMIT changed();
}

QStringList EarlyStopBox::problems() const
{
    if (!isChecked())
        return {};
    QStringList out;
    if (m_metric->currentText().trimmed().isEmpty())
        out << tr("Early stopping: name the metric that ranks the runs (e.g. val/top1)");
    QList<int> rungs;
    QString error;
    if (!AshaSettings::parseRungs(m_rungs->text(), m_epochs, &rungs, &error))
        out << tr("Early stopping: %1").arg(error);
    return out;
}

std::optional<AshaSettings> EarlyStopBox::settings() const
{
    if (!isChecked() || !problems().isEmpty())
        return std::nullopt;
    AshaSettings s;
    s.metric = m_metric->currentText().trimmed();
    s.higherIsBetter = m_mode->currentData().toString() == QLatin1String("max");
    QString error;
    AshaSettings::parseRungs(m_rungs->text(), m_epochs, &s.rungs, &error);
    s.eta = m_eta->value();
    return s;
}

} // namespace gatefold::widgets
