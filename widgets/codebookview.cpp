#include "codebookview.h"

#include "mapimage.h"
#include "plotorreason.h"
#include "qcp.h"
#include "widgetexport.h"

#include <QComboBox>
#include <QHBoxLayout>
#include <QLabel>
#include <QMouseEvent>
#include <QScrollArea>
#include <QSlider>
#include <QVBoxLayout>

#include <algorithm>
#include <cmath>
#include <numeric>

namespace gatefold::widgets {
namespace {

constexpr int kCodebookPicture = 288;
constexpr int kCodebookThumb = 72;
constexpr int kTopImages = 8;

} // namespace

CodebookView::CodebookView(QWidget *parent)
    : InspectView(parent)
    , m_layer(new QComboBox(this))
    , m_order(new QComboBox(this))
    , m_image(new QComboBox(this))
    , m_history(new QSlider(Qt::Horizontal, this))
    , m_historyLabel(new QLabel(this))
    , m_plot(new QCustomPlot(this))
    , m_stats(new QLabel(this))
    , m_picture(new QLabel(this))
    , m_codeCaption(new QLabel(this))
    , m_top(new QHBoxLayout)
    , m_display(new QWidget(this))
{
    m_order->addItem(tr("sorted by usage"));
    m_order->addItem(tr("by code index"));
    auto *bar = new QHBoxLayout;
    bar->addWidget(new QLabel(tr("Layer:"), this));
    bar->addWidget(m_layer);
    bar->addWidget(new QLabel(tr("Histogram:"), this));
    bar->addWidget(m_order);
    bar->addWidget(new QLabel(tr("Image:"), this));
    bar->addWidget(m_image, 1);
    auto *historyBar = new QHBoxLayout;
    historyBar->addWidget(new QLabel(tr("Training:"), this));
    historyBar->addWidget(m_history, 1);
    historyBar->addWidget(m_historyLabel);
    m_history->setToolTip(tr("The usage at each evaluation during training (on the validation split); the right "
                             "end is the checkpoint on the inspected images"));
    m_history->setPageStep(1);
    m_history->setRange(0, 0);

    m_plot->setMinimumHeight(180);
    m_plot->xAxis->setLabel(tr("code"));
    m_plot->yAxis->setLabel(tr("usage p̄"));
    m_plot->setInteractions(QCP::iRangeZoom | QCP::iRangeDrag);
    m_plot->axisRect()->setRangeZoom(Qt::Horizontal);
    m_plot->axisRect()->setRangeDrag(Qt::Horizontal);
    connect(m_plot, &QCustomPlot::plottableClick, this, [this](QCPAbstractPlottable *, int index, QMouseEvent *) {
        if (index >= 0 && size_t(index) < m_barCodes.size())
            setCode(m_barCodes[size_t(index)]);
    });
    m_stats->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_picture->setAlignment(Qt::AlignCenter);
    m_picture->setMinimumSize(kCodebookPicture, kCodebookPicture);
    m_picture->setToolTip(tr("Click a patch to pick its code"));
    m_picture->installEventFilter(this);
    m_picture->setCursor(Qt::PointingHandCursor);
    m_codeCaption->setWordWrap(true);

    auto *topBox = new QWidget;
    topBox->setLayout(m_top);
    auto *scroll = new QScrollArea;
    scroll->setWidget(topBox);
    scroll->setWidgetResizable(true);
    scroll->setFrameShape(QFrame::NoFrame);
    scroll->setMinimumHeight(kCodebookThumb + 40);

    auto *right = new QVBoxLayout;
    right->addWidget(m_codeCaption);
    right->addWidget(scroll);
    right->addStretch(1);
    auto *lower = new QHBoxLayout;
    lower->addWidget(m_picture);
    lower->addLayout(right, 1);
    auto *display = new QVBoxLayout(m_display);
    display->addWidget(m_stats);
    display->addWidget(m_plot, 1);
    display->addLayout(lower);

    auto *layout = new QVBoxLayout(this);
    layout->addLayout(bar);
    layout->addLayout(historyBar);
    // The pictures scroll rather than squeeze (the panel shares the window with the run table).
    m_scroll = new QScrollArea(this);
    m_scroll->setWidget(m_display);
    m_scroll->setWidgetResizable(true);
    m_scroll->setFrameShape(QFrame::NoFrame);
    pages()->setPage(m_scroll);
    pages()->statusLine()->hide();  // the histogram and the patch map name what they show on click
    layout->addWidget(pages(), 1);
    connect(m_layer, &QComboBox::currentIndexChanged, this, [this] {
        m_code = -1;
        refresh();
    });
    connect(m_order, &QComboBox::currentIndexChanged, this, &CodebookView::refresh);
    connect(m_image, &QComboBox::currentIndexChanged, this, &CodebookView::drawPatches);
    connect(m_history, &QSlider::valueChanged, this, &CodebookView::refresh);
    refresh();
}

CodebookView::~CodebookView() = default;

void CodebookView::showReport()
{
    m_code = -1;
    const QSignalBlocker b1(m_layer), b2(m_image);
    m_layer->clear();
    m_image->clear();
    if (m_report) {
        for (const auto &l : m_report->codebook)
            m_layer->addItem(tr("block %1").arg(l.block + 1));
        for (const auto &im : m_report->images)
            m_image->addItem(im.className.isEmpty() ? im.source : tr("%1 (%2)").arg(im.source, im.className));
    }
    refresh();
}

void CodebookView::setHistory(std::vector<report::UsageStep> history)
{
    m_steps = std::move(history);
    const QSignalBlocker block(m_history);
    m_history->setRange(0, int(m_steps.size()));
    m_history->setValue(int(m_steps.size()));
    m_history->setEnabled(!m_steps.empty());
    refresh();
}

void CodebookView::setHistoryPosition(int position)
{
    m_history->setValue(position);
}

const std::vector<double> *CodebookView::shownUsage() const
{
    const auto *l = layer();
    if (!l)
        return nullptr;
    const int at = m_history->value();
    if (at < int(m_steps.size())) {
        const auto it = m_steps[size_t(at)].usage.find(l->block);
        return it == m_steps[size_t(at)].usage.end() ? nullptr : &it->second;
    }
    return &l->usage;
}

void CodebookView::setLayer(int index)
{
    m_layer->setCurrentIndex(index);
}

const report::CodebookLayer *CodebookView::layer() const
{
    const int i = m_layer->currentIndex();
    return m_report && i >= 0 && size_t(i) < m_report->codebook.size() ? &m_report->codebook[size_t(i)] : nullptr;
}

void CodebookView::setCode(int code)
{
    const auto *l = layer();
    m_code = l && code >= 0 && size_t(code) < l->usage.size() ? code : -1;
    drawHistogram();
    drawPatches();
    listTopImages();
}

QString CodebookView::statsText() const
{
    return m_stats->text();
}

void CodebookView::refresh()
{
    QString why;
    if (!m_report) {
        why = tr("Choose a CDE run and press Compute.");
    } else if (m_report->codebook.empty()) {
        const auto it = m_report->skipped.find(QStringLiteral("codebook"));
        why = tr("Codebook not available: %1")
                  .arg(it != m_report->skipped.end() ? it->second : tr("the model has no CDE gates"));
    }
    if (!showReason(why))
        return;
    const auto *l = layer();
    if (!l)
        return;
    const int at = m_history->value();
    const bool checkpoint = at >= int(m_steps.size());
    m_historyLabel->setText(checkpoint ? tr("checkpoint (step %1), inspected images").arg(m_report->step)
                                       : tr("evaluation at step %1 (epoch %2)")
                                             .arg(m_steps[size_t(at)].step)
                                             .arg(m_steps[size_t(at)].epoch, 0, 'f', 2));
    const std::vector<double> *usage = shownUsage();
    if (!usage) {
        m_stats->setText(tr("Block %1 has no usage recorded at this evaluation.").arg(l->block + 1));
    } else {
        // Perplexity and dead codes of the shown usage; entropy and gate norm are the checkpoint's.
        const int codes = int(usage->size());
        double entropy = 0;
        qint64 dead = 0;
        for (double p : *usage) {
            if (p > 0)
                entropy -= p * std::log(p);
            if (p <= 1e-3 / codes)
                ++dead;
        }
        QString text = tr("Block %1 · K = %2 · perplexity %3 (of %2) · dead codes %4")
                           .arg(l->block + 1)
                           .arg(codes)
                           .arg(checkpoint ? l->perplexity : std::exp(entropy), 0, 'f', 2)
                           .arg(checkpoint ? l->deadCodes : dead);
        if (checkpoint)
            text += tr(" · mean α entropy %1 nats · mean gate norm %2")
                        .arg(l->meanEntropy, 0, 'f', 3)
                        .arg(l->meanGateNorm, 0, 'f', 4);
        m_stats->setText(text);
    }
    drawHistogram();
    drawPatches();
    listTopImages();
}

void CodebookView::drawHistogram()
{
    m_plot->clearPlottables();
    m_barCodes.clear();
    const std::vector<double> *usage = shownUsage();
    if (!usage || usage->empty())
        return m_plot->replot();
    const int codes = int(usage->size());
    m_barCodes.resize(size_t(codes));
    std::iota(m_barCodes.begin(), m_barCodes.end(), 0);
    const bool sorted = m_order->currentIndex() == 0;
    if (sorted)
        std::stable_sort(m_barCodes.begin(), m_barCodes.end(),
                         [&](int a, int b) { return (*usage)[size_t(a)] > (*usage)[size_t(b)]; });
    const QPalette p = palette();
    const QColor text = p.color(QPalette::Text);
    m_plot->setBackground(p.color(QPalette::Base));
    for (QCPAxis *axis : {m_plot->xAxis, m_plot->yAxis}) {
        axis->setBasePen(QPen(text));
        axis->setTickPen(QPen(text));
        axis->setSubTickPen(QPen(text));
        axis->setTickLabelColor(text);
        axis->setLabelColor(text);
    }
    m_plot->xAxis->setLabel(sorted ? tr("codes, most used first") : tr("code"));
    // One bar per code in its patch-map colour; the picked code's bar outlined.
    for (int i = 0; i < codes; ++i) {
        const int code = m_barCodes[size_t(i)];
        auto *bars = new QCPBars(m_plot->xAxis, m_plot->yAxis);
        bars->setWidth(0.9);
        bars->setPen(code == m_code ? QPen(text, 2) : QPen(Qt::NoPen));
        QColor fill = mapimage::codeColor(code);
        if (m_code >= 0 && code != m_code)
            fill.setAlpha(110);
        bars->setBrush(fill);
        bars->addData(i, (*usage)[size_t(code)]);
        bars->setSelectable(QCP::stNone);
    }
    // Uniform usage 1/K as a reference line.
    auto *uniform = m_plot->addGraph();
    uniform->setData(QVector<double>{-0.5, codes - 0.5}, QVector<double>{1.0 / codes, 1.0 / codes});
    uniform->setPen(QPen(text, 1, Qt::DashLine));
    uniform->setName(tr("uniform 1/K"));
    // Sorted bars are labelled with their codes (while the labels fit); by index the axis is the code.
    if (sorted && codes <= 48) {
        QSharedPointer<QCPAxisTickerText> ticker(new QCPAxisTickerText);
        for (int i = 0; i < codes; ++i)
            ticker->addTick(i, QString::number(m_barCodes[size_t(i)]));
        m_plot->xAxis->setTicker(ticker);
    } else {
        m_plot->xAxis->setTicker(QSharedPointer<QCPAxisTicker>(new QCPAxisTicker));
    }
    const double top = *std::max_element(usage->begin(), usage->end());
    m_plot->xAxis->setRange(-0.5, codes - 0.5);
    m_plot->yAxis->setRange(0, std::max(top, 1.0 / codes) * 1.08);
    m_plot->replot();
}

std::vector<double> CodebookView::barValues() const
{
    std::vector<double> out;
    if (const auto *usage = shownUsage())
        for (int code : m_barCodes)
            out.push_back((*usage)[size_t(code)]);
    return out;
}

std::vector<int> CodebookView::barCodes() const
{
    return m_barCodes;
}

void CodebookView::drawPatches()
{
    const auto *l = layer();
    const int image = m_image->currentIndex();
    if (!l || image < 0 || size_t(image) >= l->codeMaps.size() || size_t(image) >= m_report->images.size()) {
        m_picture->clear();
        return;
    }
    QImage base = mapimage::fromInspected(m_report->images[size_t(image)]);
    const int factor = std::max(1, 256 / std::max(1, base.width()));
    base = base.scaled(base.size() * factor, Qt::IgnoreAspectRatio, Qt::FastTransformation);
    const QImage shown = mapimage::codeOverlay(base, l->codeMaps[size_t(image)], 0.55, m_code);
    const qreal dpr = devicePixelRatioF();
    QPixmap pixmap = QPixmap::fromImage(
        shown.scaled(QSize(kCodebookPicture, kCodebookPicture) * dpr, Qt::KeepAspectRatio, Qt::SmoothTransformation));
    pixmap.setDevicePixelRatio(dpr);
    m_picture->setPixmap(pixmap);
}

int CodebookView::codeAt(const QPoint &pos) const
{
    const auto *l = layer();
    const int image = m_image->currentIndex();
    const QPixmap pixmap = m_picture->pixmap();
    if (!l || image < 0 || size_t(image) >= l->codeMaps.size() || pixmap.isNull())
        return -1;
    const QSizeF size = pixmap.deviceIndependentSize();
    const QPointF origin((m_picture->width() - size.width()) / 2, (m_picture->height() - size.height()) / 2);
    const QPointF at = pos - origin;
    if (at.x() < 0 || at.y() < 0 || at.x() >= size.width() || at.y() >= size.height())
        return -1;
    const auto &map = l->codeMaps[size_t(image)];
    const int r = std::min(map.rows - 1, int(at.y() * map.rows / size.height()));
    const int c = std::min(map.cols - 1, int(at.x() * map.cols / size.width()));
    return int(map.at(r, c));
}

void CodebookView::listTopImages()
{
    while (QLayoutItem *item = m_top->takeAt(0)) {
        delete item->widget();
        delete item;
    }
    const auto *l = layer();
    if (!l || m_code < 0) {
        m_codeCaption->setText(tr("Click a patch or a bar to see which images use a code."));
        return;
    }
    const auto &users = size_t(m_code) < l->topImages.size() ? l->topImages[size_t(m_code)]
                                                              : std::vector<std::pair<int, int>>{};
    const int patches = m_report->gridHeight * m_report->gridWidth;
    m_codeCaption->setText(tr("Code %1: usage %2 %, used by %n image(s) here; most patches first:", nullptr,
                              int(users.size()))
                               .arg(m_code)
                               .arg(l->usage[size_t(m_code)] * 100, 0, 'f', 2));
    const qreal dpr = devicePixelRatioF();
    int shown = 0;
    for (const auto &[image, count] : users) {
        if (shown++ == kTopImages || size_t(image) >= m_report->images.size())
            break;
        QImage base = mapimage::fromInspected(m_report->images[size_t(image)]);
        if (size_t(image) < l->codeMaps.size()) {
            const int factor = std::max(1, 128 / std::max(1, base.width()));
            base = mapimage::codeOverlay(base.scaled(base.size() * factor), l->codeMaps[size_t(image)], 0.55, m_code);
        }
        auto *cell = new QWidget;
        auto *v = new QVBoxLayout(cell);
        v->setContentsMargins(0, 0, 0, 0);
        auto *pic = new QLabel;
        QPixmap pixmap = QPixmap::fromImage(base.scaled(QSize(kCodebookThumb, kCodebookThumb) * dpr, Qt::KeepAspectRatio,
                                                        Qt::SmoothTransformation));
        pixmap.setDevicePixelRatio(dpr);
        pic->setPixmap(pixmap);
        auto *label = new QLabel(tr("%1\n%2 of %3 patches").arg(m_report->images[size_t(image)].source).arg(count).arg(patches));
        label->setAlignment(Qt::AlignHCenter);
        v->addWidget(pic);
        v->addWidget(label);
        m_top->addWidget(cell);
    }
    m_top->addStretch(1);
}

int CodebookView::topImageCount() const
{
    int n = 0;
    for (int i = 0; i < m_top->count(); ++i)
        n += m_top->itemAt(i)->widget() ? 1 : 0;
    return n;
}

bool CodebookView::eventFilter(QObject *watched, QEvent *event)
{
    if (watched == m_picture && event->type() == QEvent::MouseButtonPress) {
        const int code = codeAt(static_cast<QMouseEvent *>(event)->position().toPoint());
        if (code >= 0)
            setCode(code == m_code ? -1 : code);
        return true;
    }
    return InspectView::eventFilter(watched, event);
}

void CodebookView::followPalette()
{
    drawHistogram();
}

bool CodebookView::savePicture(const QString &path, QString *error)
{
    return saveWidgetPicture(m_display, path, error);
}

bool CodebookView::canExport(QString *error) const
{
    if (m_report && !m_report->codebook.empty())
        return true;
    if (error)
        *error = tr("nothing to export: no codebook was computed");
    return false;
}

QString CodebookView::page() const
{
    return QStringLiteral("codebook");
}

} // namespace gatefold::widgets
