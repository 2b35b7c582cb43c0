#include "joinpreview.h"

#include "plotstyle.h"
#include "qcp.h"

#include "config/joinschedule.h"

#include <QEvent>
#include <QLabel>
#include <QVBoxLayout>

#include <algorithm>
#include <set>

namespace gatefold::widgets {
namespace {

constexpr int kSamples = 240;  // evenly spaced steps besides the phase boundaries

} // namespace

JoinPreview::JoinPreview(QWidget *parent)
    : QWidget(parent)
    , m_plot(new QCustomPlot(this))
    , m_caption(new QLabel(this))
{
    setObjectName(QStringLiteral("joinPreview"));
    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    m_plot->setObjectName(QStringLiteral("joinPreviewPlot"));
    m_plot->setMinimumHeight(130);
    m_plot->setMaximumHeight(170);
    m_plot->addGraph();
    m_plot->xAxis->setLabel(tr("optimiser step"));
    m_plot->yAxis->setLabel(QStringLiteral("λ"));
    m_plot->yAxis->setRange(-0.05, 1.12);
    m_plot->xAxis->ticker()->setTickCount(4);
    m_plot->yAxis->ticker()->setTickCount(3);
    m_caption->setObjectName(QStringLiteral("joinPreviewCaption"));
    m_caption->setWordWrap(true);
    layout->addWidget(m_plot);
    layout->addWidget(m_caption);
    plotstyle::followPalette(m_plot, palette());
}

std::int64_t JoinPreview::knownTrainImages(const train::RunConfig &config)
{
    const std::string &name = config.train.data.name;
    if (name == "builtin")
        return config.train.data.trainSize;
    if (name == "cifar10" || name == "cifar100")
        return 50000;
    if (name == "mnist" || name == "fashion-mnist")
        return 60000;
    return 0;
}

void JoinPreview::setConfig(const train::RunConfig &config, std::int64_t trainImages)
{
    const std::int64_t images = trainImages > 0 ? trainImages : knownTrainImages(config);
    const std::int64_t perStep = std::int64_t(std::max(1, config.train.batchSize)) * std::max(1, config.train.accumSteps);
    const std::int64_t perEpoch = images / perStep;
    m_totalSteps = perEpoch > 0 ? perEpoch * std::max(0, config.train.epochs) : 0;
    draw(config);
    const auto &s = config.model.join.schedule;
    const model::JoinSchedule schedule(s, m_totalSteps);
    const std::int64_t joined = schedule.joinedStep();
    QString text;
    if (s.kind == model::JoinScheduleKind::None)
        text = tr("join.schedule none: λ stays 0, the branches are never joined.");
    else
        text = tr("λ rises from step %1 to step %2, then stays 1 for %3 steps of adjustment.")
                   .arg(schedule.startStep())
                   .arg(joined)
                   .arg(s.adjustSteps);
    if (m_totalSteps > 0) {
        text += QLatin1Char(' ') + tr("The run has %1 steps (%2 per epoch).").arg(m_totalSteps).arg(perEpoch);
        if (s.kind != model::JoinScheduleKind::None && joined > m_totalSteps)
            text += QLatin1Char(' ') + tr("It ends before λ reaches 1: the model cannot be folded exactly.");
        else if (s.kind != model::JoinScheduleKind::None && joined + s.adjustSteps > m_totalSteps)
            text += QLatin1Char(' ') + tr("It ends during the adjustment.");
    } else {
        text += QLatin1Char(' ') + tr("The run's steps are known once the engine has read the data set.");
    }
    m_caption->setText(text);
}

void JoinPreview::draw(const train::RunConfig &config)
{
    const auto &s = config.model.join.schedule;
    const model::JoinSchedule schedule(s, m_totalSteps);
    const std::int64_t joined = std::max<std::int64_t>(0, schedule.joinedStep());
    // Unknown length: the schedule's own span (to the end of the adjustment).
    const std::int64_t last = m_totalSteps > 0 ? m_totalSteps : std::max<std::int64_t>(1, joined + s.adjustSteps);
    std::set<std::int64_t> at;
    for (int i = 0; i <= kSamples; ++i)
        at.insert(last * i / kSamples);
    for (std::int64_t b : {schedule.startStep(), joined, joined + s.adjustSteps})
        if (b >= 0 && b <= last)
            at.insert(b);
    m_steps.clear();
    m_lambdas.clear();
    for (std::int64_t step : at) {
        m_steps << double(step);
        m_lambdas << schedule.lambda(step);
    }
    m_plot->graph(0)->setData(m_steps, m_lambdas, /*alreadySorted=*/true);
    m_plot->graph(0)->setPen(QPen(plotstyle::categorical(0), 2));
    m_plot->clearItems();
    if (s.kind != model::JoinScheduleKind::None && s.kind != model::JoinScheduleKind::Instant) {
        markPhase(double(schedule.startStep()), tr("warm-up"));
        markPhase(double(joined), tr("adjust"));
        markPhase(double(joined + s.adjustSteps), tr("done"));
    }
    m_plot->xAxis->setRange(0, double(last));
    m_plot->replot();
}

void JoinPreview::markPhase(double step, const QString &label)
{
    const QColor colour = palette().color(QPalette::WindowText);
    auto *line = new QCPItemStraightLine(m_plot);
    line->point1->setCoords(step, 0);
    line->point2->setCoords(step, 1);
    line->setPen(QPen(colour, 1, Qt::DashLine));
    auto *text = new QCPItemText(m_plot);
    text->setPositionAlignment(Qt::AlignLeft | Qt::AlignTop);
    text->position->setCoords(step, 1.1);
    text->setText(QStringLiteral(" ") + label);
    text->setColor(colour);
    text->setClipToAxisRect(true);
}

QString JoinPreview::caption() const
{
    return m_caption->text();
}

void JoinPreview::changeEvent(QEvent *event)
{
    if (event->type() == QEvent::PaletteChange)
        plotstyle::followPalette(m_plot, palette());
    QWidget::changeEvent(event);
}

} // namespace gatefold::widgets
