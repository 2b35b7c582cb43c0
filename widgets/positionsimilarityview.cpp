#include "positionsimilarityview.h"

#include "mapimage.h"
#include "plotorreason.h"
#include "widgetexport.h"

#include "report/embeddingtiles.h"

#include <QGridLayout>
#include <QHBoxLayout>
#include <QLabel>
#include <QPainter>
#include <QScrollArea>
#include <QVBoxLayout>

#include <algorithm>
#include <cmath>

namespace gatefold::widgets {
namespace {

constexpr int kSpan = 224;  // logical pixels: about the larger side of the grid of tiles (it fits the tab)

QColor colourOf(double v)
{
    if (std::isnan(v))
        return QColor(128, 128, 128);
    const double t = (v - PositionSimilarityView::kLow) / (PositionSimilarityView::kHigh - PositionSimilarityView::kLow);
    return mapimage::viridis(t);
}

QImage imageOf(const report::Matrix &tile)
{
    QImage image(tile.cols, tile.rows, QImage::Format_RGB32);
    for (int r = 0; r < tile.rows; ++r)
        for (int c = 0; c < tile.cols; ++c)
            image.setPixelColor(c, r, colourOf(tile.at(r, c)));
    return image;
}

// The colour bar, kHigh at the top, with its three values.
QPixmap colourBar(int height, const QFont &font, const QColor &ink, qreal dpr)
{
    const int width = 64, barWidth = 16, top = 8, bottom = 8;
    QPixmap pixmap(QSize(width, height) * dpr);
    pixmap.setDevicePixelRatio(dpr);
    pixmap.fill(Qt::transparent);
    QPainter p(&pixmap);
    const int span = height - top - bottom;
    for (int y = 0; y < span; ++y) {
        const double t = 1.0 - double(y) / double(std::max(1, span - 1));
        p.fillRect(QRect(2, top + y, barWidth, 1), mapimage::viridis(t));
    }
    p.setFont(font);
    p.setPen(ink);
    const auto label = [&](double value, int y) {
        p.drawText(QRect(barWidth + 6, y - 10, width - barWidth - 6, 20), Qt::AlignVCenter | Qt::AlignLeft,
                   QString::number(value));
    };
    label(PositionSimilarityView::kHigh, top);
    label(0.5 * (PositionSimilarityView::kHigh + PositionSimilarityView::kLow), top + span / 2);
    label(PositionSimilarityView::kLow, top + span - 1);
    return pixmap;
}

} // namespace

PositionSimilarityView::PositionSimilarityView(QWidget *parent)
    : InspectView(parent)
    , m_display(new QWidget(this))
    , m_title(new QLabel(m_display))
    , m_grid(new QGridLayout)
    , m_bar(new QLabel(m_display))
    , m_note(new QLabel(m_display))
    , m_scroll(new QScrollArea(this))
{
    QFont bold = font();
    bold.setBold(true);
    m_title->setFont(bold);
    m_title->setWordWrap(true);
    m_note->setObjectName(QStringLiteral("note"));
    m_note->setWordWrap(true);
    m_grid->setSpacing(3);
    m_bar->setToolTip(tr("Cosine similarity, one scale for every tile"));
    auto *body = new QHBoxLayout;
    body->addLayout(m_grid);
    body->addWidget(m_bar, 0, Qt::AlignTop);
    body->addStretch(1);
    auto *displayLayout = new QVBoxLayout(m_display);
    displayLayout->addWidget(m_title);
    displayLayout->addLayout(body);
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

PositionSimilarityView::~PositionSimilarityView() = default;

report::Matrix PositionSimilarityView::tileValues(int position) const
{
    return position >= 0 && position < tileCount() ? m_tiles[size_t(position)] : report::Matrix();
}

QImage PositionSimilarityView::tileImage(int position) const
{
    return position >= 0 && position < int(m_images.size()) ? m_images[size_t(position)] : QImage();
}

void PositionSimilarityView::clearTiles()
{
    while (QLayoutItem *item = m_grid->takeAt(0)) {
        delete item->widget();
        delete item;
    }
    m_tiles.clear();
    m_images.clear();
    m_bar->clear();
}

void PositionSimilarityView::showReport()
{
    clearTiles();
    QString reason = skippedReason(QStringLiteral("positions"));
    const int gh = m_report ? m_report->gridHeight : 0, gw = m_report ? m_report->gridWidth : 0;
    if (reason.isEmpty() && report::similarityTile(m_report->positionSimilarity, gh, gw, 0).empty())
        reason = tr("Not available: the report holds no position embedding similarity.");
    if (!showReason(reason))
        return;
    m_title->setText(tr("Position embedding similarity: run %1 (%2)").arg(m_report->runId).arg(m_report->checkpoint));
    const qreal dpr = devicePixelRatioF();
    const int side = std::clamp(kSpan / std::max({1, gw, gh}), 12, 96);
    for (int p = 0; p < gh * gw; ++p) {
        m_tiles.push_back(report::similarityTile(m_report->positionSimilarity, gh, gw, p));
        m_images.push_back(imageOf(m_tiles.back()));
        const QSize shown(side * gw / std::max(gw, gh), side * gh / std::max(gw, gh));  // the grid's aspect
        QPixmap pixmap = QPixmap::fromImage(
            m_images.back().scaled(shown * dpr, Qt::IgnoreAspectRatio, Qt::FastTransformation));
        pixmap.setDevicePixelRatio(dpr);
        auto *tile = new QLabel(m_display);
        tile->setPixmap(pixmap);
        tile->setToolTip(tr("Patch at row %1, column %2: its embedding's cosine similarity to every position's")
                             .arg(p / gw + 1)
                             .arg(p % gw + 1));
        m_grid->addWidget(tile, p / gw, p % gw);
    }
    const int height = std::clamp((side * gh / std::max(gw, gh) + m_grid->spacing()) * gh, 120, 360);
    m_bar->setPixmap(colourBar(height, font(), palette().color(QPalette::WindowText), dpr));
    m_note->setText(tr("Tile (row r, column c) shows the patch grid coloured by the cosine similarity of the "
                       "learned position embedding of the patch at (r, c) to that of every patch (%1 × %2 "
                       "positions, the class token left out), on one scale from −1 to 1 (ViT paper, Fig. 7 "
                       "centre). Grey: a position whose embedding is zero.")
                        .arg(gh)
                        .arg(gw));
}

bool PositionSimilarityView::savePicture(const QString &path, QString *error)
{
    return saveWidgetPicture(m_display, path, error);
}

void PositionSimilarityView::followPalette()
{
    if (isAvailable())
        showReport();
}

QString PositionSimilarityView::page() const
{
    return QStringLiteral("positions");
}

} // namespace gatefold::widgets
