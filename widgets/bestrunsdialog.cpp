#include "bestrunsdialog.h"

#include "tables/metricdirection.h"

#include <QComboBox>
#include <QDialogButtonBox>
#include <QFormLayout>
#include <QLabel>
#include <QSettings>
#include <QSpinBox>

namespace gatefold::widgets {

BestRunsDialog::BestRunsDialog(int visibleRuns, QWidget *parent)
    : QDialog(parent)
    , m_k(new QSpinBox)
    , m_metric(new QComboBox)
    , m_value(new QComboBox)
    , m_direction(new QLabel)
{
    setWindowTitle(tr("Select best runs"));
    QSettings settings;
    m_k->setObjectName(QStringLiteral("bestK"));
    m_k->setRange(1, 100000);
    m_k->setValue(settings.value(QStringLiteral("runs/bestK"), 3).toInt());
    m_metric->setObjectName(QStringLiteral("bestMetric"));
    m_metric->setEditable(true);
    m_metric->addItems({"val/top1", "val/top5", "val_ema/top1", "val/loss", "train/loss", "train/images_per_s"});
    m_metric->setCurrentText(settings.value(QStringLiteral("runs/bestMetric"), QStringLiteral("val/top1")).toString());
    m_value->setObjectName(QStringLiteral("bestValue"));
    m_value->addItem(tr("its best value"), true);
    m_value->addItem(tr("its last value"), false);
    m_value->setCurrentIndex(settings.value(QStringLiteral("runs/bestUseBest"), true).toBool() ? 0 : 1);
    auto *form = new QFormLayout(this);
    form->addRow(new QLabel(tr("Select the best runs among the %n shown (runs without the metric are left out).",
                               nullptr, visibleRuns)));
    form->addRow(tr("How many:"), m_k);
    form->addRow(tr("Metric:"), m_metric);
    form->addRow(tr("Each run's:"), m_value);
    form->addRow(m_direction);
    auto *buttons = new QDialogButtonBox(QDialogButtonBox::Ok | QDialogButtonBox::Cancel);
    form->addRow(buttons);
    connect(buttons, &QDialogButtonBox::accepted, this, &QDialog::accept);
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    connect(m_metric, &QComboBox::currentTextChanged, this, &BestRunsDialog::showDirection);
    showDirection();
}

int BestRunsDialog::k() const
{
    return m_k->value();
}

QString BestRunsDialog::metric() const
{
    return m_metric->currentText().trimmed();
}

bool BestRunsDialog::useBest() const
{
    return m_value->currentData().toBool();
}

void BestRunsDialog::remember() const
{
    QSettings settings;
    settings.setValue(QStringLiteral("runs/bestK"), k());
    settings.setValue(QStringLiteral("runs/bestMetric"), metric());
    settings.setValue(QStringLiteral("runs/bestUseBest"), useBest());
}

void BestRunsDialog::showDirection()
{
    m_direction->setText(tables::higherIsBetter(metric()) ? tr("Higher is better for %1.").arg(metric())
                                                          : tr("Lower is better for %1.").arg(metric()));
}

} // namespace gatefold::widgets
