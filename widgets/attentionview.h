#pragma once

#include "report/inspectreport.h"

#include <QWidget>

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
class AttentionView : public QWidget
{
    Q_OBJECT
public:
    explicit AttentionView(QWidget *parent = nullptr);

    void setReport(std::shared_ptr<const report::InspectReport> report);
    bool exportImage(const QString &path, QString *error);
    // kind (attention | rollout), layer, branch (-1: joined), head, image, row, col, value.
    bool exportCsv(const QString &path, QString *error);

    // What is shown, for tests: the map under the large picture.
    report::Matrix currentMap() const;
    void setSelection(int image, int layer, int head, int branch, bool rollout);

private:
    void refresh();
    report::Matrix mapOf(int image, int layer, int head, int branch) const;

    std::shared_ptr<const report::InspectReport> m_report;
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
    QLabel *m_empty;
    QWidget *m_display;
    QScrollArea *m_scroll = nullptr;
    QGridLayout *m_thumbs;
};

} // namespace gatefold::widgets
