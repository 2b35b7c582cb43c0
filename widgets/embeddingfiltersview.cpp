#include "embeddingfiltersview.h"

#include "plotorreason.h"
#include "widgetexport.h"

#include "report/embeddingtiles.h"
#include "report/inspectreport.h"

#include <QGridLayout>
#include <QHBoxLayout>
#include <QLabel>
#include <QScrollArea>
#include <QVBoxLayout>

#include <algorithm>
#include <cmath>

namespace gatefold::widgets {
namespace {

constexpr int kColumns = 7;     // 28 components: 4 rows of 7, as the paper's figure
constexpr int kTileSide = 40;   // logical pixels of a tile's height on screen

QImage imageOf(const report::RgbTile &tile)
{
    QImage image(tile.width, tile.height, QImage::Format_RGB888);
    for (int y = 0; y < tile.height; ++y)
        std::copy_n(tile.rgb.data() + size_t(y) * size_t(tile.width) * 3, size_t(tile.width) * 3, image.scanLine(y));
    return image;
}

} // namespace

EmbeddingFiltersView::EmbeddingFiltersView(QWidget *parent)
    : InspectView(parent)
    , m_display(new QWidget(this))
    , m_title(new QLabel(m_display))
    , m_grid(new QGridLayout)
    , m_note(new QLabel(m_display))
    , m_scroll(new QScrollArea(this))
{
    QFont bold = font();
    bold.setBold(true);
    m_title->setFont(bold);
    m_title->setWordWrap(true);
    m_note->setObjectName(QStringLiteral("note"));
    m_note->setWordWrap(true);
    m_grid->setHorizontalSpacing(14);
    m_grid->setVerticalSpacing(2);
    auto *displayLayout = new QVBoxLayout(m_display);
    displayLayout->addWidget(m_title);
    auto *row = new QHBoxLayout;  // the tiles packed to the left, not spread over the width
    row->addLayout(m_grid);
    row->addStretch(1);
    displayLayout->addLayout(row);
    displayLayout->addWidget(m_note);
    displayLayout->addStretch(1);
    m_scroll->setWidget(m_display);
    m_scroll->setWidgetResizable(true);
    m_scroll->setFrameShape(QFrame::NoFrame);
    pages()->setPage(m_scroll);
    pages()->statusLine()->hide();  // the tiles name themselves in their tooltips
    auto *layout = new QVBoxLayout(this);
    layout->addWidget(pages(), 1);
    showReport();
}

EmbeddingFiltersView::~EmbeddingFiltersView() = default;

QImage EmbeddingFiltersView::tileImage(int k) const
{
    return k >= 0 && k < tileCount() ? m_tiles[size_t(k)] : QImage();
}

QString EmbeddingFiltersView::caption(int k) const
{
    return k >= 0 && k < int(m_captions.size()) ? m_captions[size_t(k)]->text() : QString();
}

void EmbeddingFiltersView::clearTiles()
{
    while (QLayoutItem *item = m_grid->takeAt(0)) {
        delete item->widget();
        delete item;
    }
    m_tiles.clear();
    m_captions.clear();
}

void EmbeddingFiltersView::showReport()
{
    clearTiles();
    QString reason = skippedReason(QStringLiteral("filters"));
    if (reason.isEmpty() && m_report->embeddingFilters.empty())
        reason = tr("Not available: the report holds no patch-embedding filters.");
    if (!showReason(reason))
        return;
    const report::EmbeddingFilters &f = m_report->embeddingFilters;
    const int patch = m_report->patchSize;
    m_title->setText(tr("Patch-embedding filters: run %1 (%2), the first %n principal component(s)", nullptr,
                        f.components.rows)
                         .arg(m_report->runId)
                         .arg(m_report->checkpoint));
    const qreal dpr = devicePixelRatioF();
    for (int k = 0; k < f.components.rows; ++k) {
        const QImage image = imageOf(report::filterTile(f, patch, k));
        const double ratio = size_t(k) < f.ratio.size() ? f.ratio[size_t(k)] : std::nan("");
        const double variance = size_t(k) < f.variance.size() ? f.variance[size_t(k)] : std::nan("");
        auto *picture = new QLabel(m_display);
        const QSize shown(kTileSide * image.width() / std::max(1, image.height()), kTileSide);
        QPixmap pixmap = QPixmap::fromImage(image.scaled(shown * dpr, Qt::IgnoreAspectRatio, Qt::FastTransformation));
        pixmap.setDevicePixelRatio(dpr);
        picture->setPixmap(pixmap);
        picture->setToolTip(tr("Component %1: explained variance %2 (%3 % of the total)")
                                .arg(k + 1)
                                .arg(variance, 0, 'g', 4)
                                .arg(100.0 * ratio, 0, 'f', 2));
        auto *caption = new QLabel(tr("PC %1: %2 %").arg(k + 1).arg(100.0 * ratio, 0, 'f', 1), m_display);
        caption->setAlignment(Qt::AlignHCenter);
        const int row = 2 * (k / kColumns), column = k % kColumns;
        m_grid->addWidget(picture, row, column, Qt::AlignHCenter);
        m_grid->addWidget(caption, row + 1, column, Qt::AlignHCenter | Qt::AlignTop);
        m_tiles.push_back(image);
        m_captions.push_back(caption);
    }
    const QString colours = f.channels == 3 ? tr("red, green and blue are the three input channels")
                          : f.channels == 1 ? tr("grey: the one input channel")
                                            : tr("each of the %1 input channels a grey square, left to right").arg(f.channels);
    m_note->setText(tr("Each tile is a principal component of the %1 filters of the patch embedding (one per "
                       "output channel, %2 × %2 × %3 values each), after subtracting the mean filter; %4. Each tile "
                       "is scaled from its own lowest value (black) to its highest (white). The percentage is the "
                       "share of the filters' variance the component explains (ViT paper, Fig. 7 left).")
                        .arg(f.filters)
                        .arg(patch)
                        .arg(f.channels)
                        .arg(colours));
}

bool EmbeddingFiltersView::savePicture(const QString &path, QString *error)
{
    return saveWidgetPicture(m_display, path, error);
}

QString EmbeddingFiltersView::page() const
{
    return QStringLiteral("filters");
}

} // namespace gatefold::widgets
