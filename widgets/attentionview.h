#pragma once

#include "report/inspectreport.h"

#include "inspectview.h"

#include <memory>

class QComboBox;
class QGridLayout;
class QLabel;
class QScrollArea;
class QSlider;

namespace gatefold::widgets {

// Attention on the input image (issue #7): per layer and head (or their
// mean) the class-token attention over the patches, per branch or joined for
// parallel models, or the attention rollout; blended over the image in
// viridis, with every head of the layer (or every image's rollout) beside it.
class AttentionView : public InspectView
{
    Q_OBJECT
public:
    explicit AttentionView(QWidget *parent = nullptr);

    // The picture: the large map and those beside it. The CSV: every map, whichever is shown, as
    // kind (attention | rollout), layer, branch (-1: joined), head, image, row, col, value.

    // What is shown, for tests: the map under the large picture.
    report::Matrix currentMap() const;
    void setSelection(int image, int layer, int head, int branch, bool rollout);

protected:
    void showReport() override;
    bool savePicture(const QString &path, QString *error) override;
    QString page() const override;
    // Anything computed: the CSV holds every map, also while the chosen one has a reason.
    bool canExport(QString *error) const override;

private:
    void refresh();
    report::Matrix mapOf(int image, int layer, int head, int branch) const;

    QComboBox *m_image;
    QComboBox *m_mode;
    QSlider *m_layer;
    QLabel *m_layerLabel;
    QComboBox *m_head;
    QComboBox *m_branch;
    QLabel *m_branchLabel;
    QSlider *m_alpha;
    QLabel *m_picture;
    QLabel *m_caption;
    QWidget *m_display;
    QScrollArea *m_scroll = nullptr;
    QGridLayout *m_thumbs;
};

} // namespace gatefold::widgets
