#pragma once

#include "inspectview.h"

#include <QImage>

#include <vector>

class QGridLayout;
class QLabel;
class QScrollArea;

namespace gatefold::widgets {

// The ViT paper's Fig. 7 left (issue #19): the principal components of the
// patch-embedding filters, the first 28 (fewer when the filters' rank is
// smaller) as tiles in rows of 7, each P × P with R, G, B from the three input
// channels (grey for one channel; side by side for another count), min-max
// scaled per tile (report::filterTile), captioned with its explained variance
// ratio; the explained variance itself in its tooltip. The note under the
// tiles says how they were computed (the filters centred before the PCA).
class EmbeddingFiltersView : public InspectView
{
    Q_OBJECT
public:
    explicit EmbeddingFiltersView(QWidget *parent = nullptr);
    ~EmbeddingFiltersView() override;

    // Shows report->embeddingFilters, or "Not available: <reason>" in its place. The picture: the tiles with
    // their captions. The CSV: embedding_filters.csv and embedding_variance.csv.

    int tileCount() const { return int(m_tiles.size()); }
    QImage tileImage(int k) const;  // at the filter's own size (P × P, or P × C·P)
    QString caption(int k) const;

protected:
    void showReport() override;
    bool savePicture(const QString &path, QString *error) override;
    QString page() const override;

private:
    void clearTiles();

    QWidget *m_display;
    QLabel *m_title;
    QGridLayout *m_grid;
    QLabel *m_note;
    QScrollArea *m_scroll;
    std::vector<QImage> m_tiles;
    std::vector<QLabel *> m_captions;
};

} // namespace gatefold::widgets
