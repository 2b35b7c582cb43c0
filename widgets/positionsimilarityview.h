#pragma once

#include "inspectview.h"

#include "report/inspectreport.h"

#include <QImage>

#include <vector>

class QGridLayout;
class QLabel;
class QScrollArea;

namespace gatefold::widgets {

// The ViT paper's Fig. 7 centre (issue #19): for each patch position, at its
// place in the patch grid, a tile of the grid coloured by the cosine
// similarity of that position's learned embedding to every position's (class
// token left out), all tiles on one viridis scale from −1 to 1 with its colour
// bar beside them; NaN (a zero embedding) grey. A tile names its position in
// its tooltip.
class PositionSimilarityView : public InspectView
{
    Q_OBJECT
public:
    explicit PositionSimilarityView(QWidget *parent = nullptr);
    ~PositionSimilarityView() override;

    // Shows report->positionSimilarity, or "Not available: <reason>" in its place. The picture: the tiles,
    // their colour bar and the axis names. The CSV: position_similarity.csv.

    int tileCount() const { return int(m_tiles.size()); }
    report::Matrix tileValues(int position) const;  // gridHeight × gridWidth
    QImage tileImage(int position) const;           // one pixel per patch
    static constexpr double kLow = -1.0;             // the shared scale
    static constexpr double kHigh = 1.0;

protected:
    void showReport() override;
    bool savePicture(const QString &path, QString *error) override;
    QString page() const override;
    void followPalette() override;  // the colour bar's labels in the palette's text colour

private:
    void clearTiles();

    QWidget *m_display;
    QLabel *m_title;
    QGridLayout *m_grid;
    QLabel *m_bar;
    QLabel *m_note;
    QScrollArea *m_scroll;
    std::vector<report::Matrix> m_tiles;
    std::vector<QImage> m_images;
};

} // namespace gatefold::widgets
