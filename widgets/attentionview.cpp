#include "attentionview.h"

#include "mapimage.h"
#include "plotorreason.h"
#include "widgetexport.h"

#include <QComboBox>
#include <QGridLayout>
#include <QHBoxLayout>
#include <QLabel>
#include <QScrollArea>
#include <QSlider>
#include <QVBoxLayout>

namespace gatefold::widgets {
namespace {

constexpr int kAttentionPicture = 320;  // side of the large picture, logical pixels
constexpr int kAttentionThumb = 96;

QPixmap picture(const QImage &image, int side, qreal dpr)
{
    QPixmap p = QPixmap::fromImage(image.scaled(QSize(side, side) * dpr, Qt::KeepAspectRatio, Qt::SmoothTransformation));
    p.setDevicePixelRatio(dpr);
    return p;
}

// The base image upsampled (nearest) before blending, so the map's bilinear
// interpolation is drawn at screen resolution, not at 32 px.
QImage enlarged(const QImage &image)
{
    const int factor = std::max(1, 256 / std::max(1, image.width()));
    return image.scaled(image.size() * factor, Qt::IgnoreAspectRatio, Qt::FastTransformation);
}

} // namespace

AttentionView::AttentionView(QWidget *parent)
    : InspectView(parent)
    , m_image(new QComboBox(this))
    , m_mode(new QComboBox(this))
    , m_layer(new QSlider(Qt::Horizontal, this))
    , m_layerLabel(new QLabel(this))
    , m_head(new QComboBox(this))
    , m_branch(new QComboBox(this))
    , m_branchLabel(new QLabel(tr("Branch:"), this))
    , m_alpha(new QSlider(Qt::Horizontal, this))
    , m_picture(new QLabel(this))
    , m_caption(new QLabel(this))
    , m_display(new QWidget(this))
    , m_thumbs(new QGridLayout)
{
    m_mode->addItem(tr("Class-token attention"));
    m_mode->addItem(tr("Attention rollout"));
    m_mode->setToolTip(tr("Rollout multiplies the head-fused attention (plus identity, rows renormalised) through "
                          "all layers; fusion and discard ratio are set above"));
    m_image->setMinimumContentsLength(16);
    m_image->setSizeAdjustPolicy(QComboBox::AdjustToMinimumContentsLengthWithIcon);
    for (QComboBox *box : {m_head, m_branch})
        box->setSizeAdjustPolicy(QComboBox::AdjustToContents);
    m_layer->setMinimum(1);
    m_layer->setPageStep(1);
    m_alpha->setRange(0, 100);
    m_alpha->setValue(55);
    m_alpha->setToolTip(tr("How strongly the map covers the image"));
    auto *bar = new QHBoxLayout;
    bar->addWidget(new QLabel(tr("Image:"), this));
    bar->addWidget(m_image, 1);
    bar->addWidget(m_mode);
    bar->addWidget(new QLabel(tr("Head:"), this));
    bar->addWidget(m_head);
    bar->addWidget(m_branchLabel);
    bar->addWidget(m_branch);
    auto *sliders = new QHBoxLayout;
    sliders->addWidget(m_layerLabel);
    sliders->addWidget(m_layer, 3);
    sliders->addWidget(new QLabel(tr("Blend:"), this));
    sliders->addWidget(m_alpha, 1);

    m_picture->setAlignment(Qt::AlignCenter);
    m_picture->setMinimumSize(kAttentionPicture, kAttentionPicture);
    m_caption->setWordWrap(true);
    m_caption->setAlignment(Qt::AlignHCenter | Qt::AlignTop);
    auto *left = new QVBoxLayout;
    left->addWidget(m_picture);
    left->addWidget(m_caption);
    left->addStretch(1);
    auto *displayLayout = new QHBoxLayout(m_display);
    displayLayout->addLayout(left);
    displayLayout->addLayout(m_thumbs, 1);
    m_thumbs->setSpacing(6);

    auto *layout = new QVBoxLayout(this);
    layout->addLayout(bar);
    layout->addLayout(sliders);
    // The pictures scroll rather than squeeze (the panel shares the window with the run table).
    m_scroll = new QScrollArea(this);
    m_scroll->setWidget(m_display);
    m_scroll->setWidgetResizable(true);
    m_scroll->setFrameShape(QFrame::NoFrame);
    pages()->setPage(m_scroll);
    pages()->statusLine()->hide();  // nothing to point at: the pictures are not plots
    layout->addWidget(pages(), 1);
    pages()->setReason(tr("Choose a run and press Compute."));

    for (QComboBox *box : {m_image, m_mode, m_head, m_branch})
        connect(box, &QComboBox::currentIndexChanged, this, &AttentionView::refresh);
    connect(m_layer, &QSlider::valueChanged, this, &AttentionView::refresh);
    connect(m_alpha, &QSlider::valueChanged, this, &AttentionView::refresh);
}

void AttentionView::showReport()
{
    const QSignalBlocker b1(m_image), b2(m_head), b3(m_branch), b4(m_layer);
    m_image->clear();
    m_head->clear();
    m_branch->clear();
    if (!m_report)
        return refresh();
    for (size_t i = 0; i < m_report->images.size(); ++i) {
        const auto &im = m_report->images[i];
        m_image->addItem(im.className.isEmpty() ? im.source : tr("%1 (%2)").arg(im.source, im.className));
    }
    m_head->addItem(tr("mean of heads"));
    for (int h = 0; h < m_report->heads; ++h)
        m_head->addItem(tr("head %1").arg(h + 1));
    m_branch->addItem(tr("joined"));
    for (int b = 0; b < m_report->branches; ++b)
        m_branch->addItem(tr("branch %1").arg(b + 1));
    const bool parallel = m_report->branches > 1 && !m_report->branchAttention.empty();
    m_branch->setVisible(parallel);
    m_branchLabel->setVisible(parallel);
    m_layer->setMaximum(std::max(1, m_report->layers));
    m_layer->setValue(m_report->layers);  // the last layer: what the classifier reads
    refresh();
}

void AttentionView::setSelection(int image, int layer, int head, int branch, bool rollout)
{
    const QSignalBlocker b1(m_image), b2(m_head), b3(m_branch), b4(m_layer), b5(m_mode);
    m_image->setCurrentIndex(image);
    m_layer->setValue(layer + 1);
    m_head->setCurrentIndex(head + 1);
    m_branch->setCurrentIndex(branch + 1);
    m_mode->setCurrentIndex(rollout ? 1 : 0);
    refresh();
}

report::Matrix AttentionView::mapOf(int image, int layer, int head, int branch) const
{
    const auto &r = *m_report;
    const int images = int(r.images.size());
    const auto one = [&](int h) -> const report::Matrix * {
        if (branch < 0) {
            const size_t i = (size_t(layer) * size_t(images) + size_t(image)) * size_t(r.heads) + size_t(h);
            return i < r.attention.size() ? &r.attention[i] : nullptr;
        }
        const size_t i = ((size_t(layer) * size_t(r.branches) + size_t(branch)) * size_t(images) + size_t(image))
                             * size_t(r.heads)
                         + size_t(h);
        return i < r.branchAttention.size() ? &r.branchAttention[i] : nullptr;
    };
    if (head >= 0) {
        const auto *m = one(head);
        return m ? *m : report::Matrix{};
    }
    report::Matrix mean;
    for (int h = 0; h < r.heads; ++h) {
        const auto *m = one(h);
        if (!m)
            return {};
        if (mean.empty())
            mean = report::Matrix{m->rows, m->cols, std::vector<double>(m->values.size(), 0.0)};
        for (size_t i = 0; i < m->values.size(); ++i)
            mean.values[i] += m->values[i] / r.heads;
    }
    return mean;
}

report::Matrix AttentionView::currentMap() const
{
    if (!m_report || m_image->currentIndex() < 0)
        return {};
    const int image = m_image->currentIndex();
    if (m_mode->currentIndex() == 1)
        return size_t(image) < m_report->rollout.size() ? m_report->rollout[size_t(image)] : report::Matrix{};
    return mapOf(image, m_layer->value() - 1, m_head->currentIndex() - 1, m_branch->currentIndex() - 1);
}

void AttentionView::refresh()
{
    const bool rollout = m_mode->currentIndex() == 1;
    m_layerLabel->setText(tr("Layer %1").arg(m_layer->value()));
    for (QWidget *w : std::initializer_list<QWidget *>{m_layer, m_layerLabel, m_head})
        w->setEnabled(!rollout);
    while (QLayoutItem *item = m_thumbs->takeAt(0)) {
        delete item->widget();
        delete item;
    }
    const auto skipped = [&](const QString &view) {
        if (!m_report)
            return QString();
        const auto it = m_report->skipped.find(view);
        return it == m_report->skipped.end() ? QString() : it->second;
    };
    QString why;
    if (!m_report)
        why = tr("Choose a run and press Compute.");
    else if (m_report->images.empty())
        why = tr("No images were inspected.");
    else if (rollout && m_report->rollout.empty())
        why = tr("Rollout not available: %1").arg(skipped(QStringLiteral("rollout")).isEmpty() ? tr("not computed")
                                                                                                 : skipped(QStringLiteral("rollout")));
    else if (!rollout && m_report->attention.empty())
        why = tr("Attention not available: %1").arg(skipped(QStringLiteral("attention")).isEmpty()
                                                        ? tr("not computed")
                                                        : skipped(QStringLiteral("attention")));
    if (!showReason(why))
        return;

    const qreal dpr = devicePixelRatioF();
    const double alpha = m_alpha->value() / 100.0;
    const int image = std::max(0, m_image->currentIndex());
    const auto &shown = m_report->images[size_t(image)];
    const QImage base = enlarged(mapimage::fromInspected(shown));
    m_picture->setPixmap(picture(mapimage::heatOverlay(base, currentMap(), alpha), kAttentionPicture, dpr));
    QString caption = shown.source;
    if (shown.predicted >= 0) {
        const QString predicted = shown.predicted < m_report->classNames.size()
                                      ? m_report->classNames.at(shown.predicted)
                                      : QString::number(shown.predicted);
        caption += QLatin1Char('\n') + tr("label %1 · predicted %2 (%3 %)")
                                           .arg(shown.className.isEmpty() ? tr("unknown") : shown.className, predicted)
                                           .arg(shown.confidence * 100, 0, 'f', 1);
    }
    m_caption->setText(caption);

    // Beside it: every head of this layer, or every image's rollout.
    const int columns = 4;
    int cell = 0;
    const auto addThumb = [&](const QImage &img, const QString &title) {
        auto *box = new QWidget;
        auto *v = new QVBoxLayout(box);
        v->setContentsMargins(0, 0, 0, 0);
        auto *pic = new QLabel;
        pic->setPixmap(picture(img, kAttentionThumb, dpr));
        auto *label = new QLabel(title);
        label->setAlignment(Qt::AlignHCenter);
        v->addWidget(pic);
        v->addWidget(label);
        m_thumbs->addWidget(box, cell / columns, cell % columns, Qt::AlignTop | Qt::AlignLeft);
        ++cell;
    };
    if (rollout) {
        for (size_t i = 0; i < m_report->images.size() && i < m_report->rollout.size(); ++i)
            addThumb(mapimage::heatOverlay(enlarged(mapimage::fromInspected(m_report->images[i])), m_report->rollout[i],
                                           alpha),
                     m_report->images[i].source);
    } else {
        for (int h = 0; h < m_report->heads; ++h)
            addThumb(mapimage::heatOverlay(base, mapOf(image, m_layer->value() - 1, h, m_branch->currentIndex() - 1),
                                           alpha),
                     tr("head %1").arg(h + 1));
    }
    m_thumbs->setRowStretch(m_thumbs->rowCount(), 1);
    m_thumbs->setColumnStretch(columns, 1);
}

bool AttentionView::savePicture(const QString &path, QString *error)
{
    return saveWidgetPicture(m_display, path, error);
}

bool AttentionView::canExport(QString *error) const
{
    if (m_report)
        return true;
    if (error)
        *error = tr("nothing to export yet: press Compute first");
    return false;
}

QString AttentionView::page() const
{
    return QStringLiteral("attention");
}

} // namespace gatefold::widgets
