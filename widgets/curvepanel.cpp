#include "curvepanel.h"

#include "curveplot.h"
#include "filedialogs.h"

#include <QComboBox>
#include <QHBoxLayout>
#include <QLabel>
#include <QMessageBox>
#include <QToolButton>
#include <QVBoxLayout>

namespace gatefold::widgets {

QStringList CurvePanel::knownMetrics()
{
    QStringList keys;
    for (const char *key : {"val/top1", "val/loss", "train/loss", "train/lr", "train/grad_norm", "train/images_per_s",
                            "val/top5", "val_ema/top1", "train/lambda_join", "train/tau", "data/wait_fraction",
                            "dist/comm_wait_fraction"})
        keys << QString::fromLatin1(key);
    return keys;
}

CurvePanel::CurvePanel(const QString &metric, QWidget *parent)
    : QFrame(parent)
    , m_metric(new QComboBox)
    , m_fit(new QToolButton)
    , m_export(new QToolButton)
    , m_remove(new QToolButton)
    , m_plot(new CurvePlot)
{
    setFrameShape(QFrame::StyledPanel);
    m_metric->addItems(knownMetrics());
    m_metric->setEditable(true);
    m_metric->setMinimumContentsLength(12);
    m_metric->setCurrentText(metric);
    m_metric->setToolTip(tr("The metric this panel draws (choose one or type its key)"));
    m_fit->setText(tr("Fit"));
    m_fit->setToolTip(tr("Fit the axes to every curve again (or double-click the plot)"));
    m_export->setText(tr("Export…"));
    m_export->setToolTip(tr("Save this panel as PNG, SVG or PDF, or its drawn numbers as CSV"));
    m_remove->setText(tr("Remove"));
    m_remove->setToolTip(tr("Remove this panel"));
    auto *header = new QHBoxLayout;
    header->setContentsMargins(4, 2, 4, 0);
    header->addWidget(new QLabel(tr("Metric:")));
    header->addWidget(m_metric, 1);
    header->addWidget(m_fit);
    header->addWidget(m_export);
    header->addWidget(m_remove);
    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(2, 2, 2, 2);
    layout->setSpacing(2);
    layout->addLayout(header);
    layout->addWidget(m_plot, 1);
    connect(m_metric, &QComboBox::currentTextChanged, this, &CurvePanel::metricChanged);
    connect(m_fit, &QToolButton::clicked, m_plot, &CurvePlot::fitView);
    connect(m_export, &QToolButton::clicked, this, &CurvePanel::exportTo);
    connect(m_remove, &QToolButton::clicked, this, &CurvePanel::removeRequested);
}

QString CurvePanel::metric() const
{
    return m_metric->currentText();
}

void CurvePanel::setMetric(const QString &key)
{
    m_metric->setCurrentText(key);
}

void CurvePanel::setRemovable(bool on)
{
    m_remove->setEnabled(on);
}

bool CurvePanel::exportTo()
{
    const QString name = QString(metric()).replace(QLatin1Char('/'), QLatin1Char('_'));
    const QString path = filedialogs::saveFile(this, tr("Export curves"), name + QStringLiteral(".png"),
                                               tr("Images (*.png *.svg *.pdf);;Drawn numbers (*.csv)"));
    if (path.isEmpty())
        return false;
    QString error;
    if (m_plot->save(path, &error))
        return true;
    QMessageBox::warning(this, tr("Export curves"), error);
    return false;
}

} // namespace gatefold::widgets
