#pragma once

#include "report/inspectreport.h"

#include "inspectview.h"

#include <map>
#include <memory>
#include <vector>

class QComboBox;
class QCustomPlot;
class QHBoxLayout;
class QLabel;
class QSlider;
class QScrollArea;

namespace gatefold::widgets {

// The codebook of a CDE run (issue #7): per gated layer the usage histogram
// (sorted, or by code index) with perplexity, dead codes, α entropy and gate
// norm; an image's patches coloured by their assigned code over the image;
// clicking a patch or a bar picks a code, which lights up its patches and
// lists the images that use it most.
class CodebookView : public InspectView
{
    Q_OBJECT
public:
    explicit CodebookView(QWidget *parent = nullptr);
    ~CodebookView() override;

    // The run's usage at each evaluation, oldest first: the training slider walks through it (its
    // last position is the checkpoint on the inspected images).
    void setHistory(std::vector<report::UsageStep> history);
    // Slider position: 0 … history size − 1 an evaluation, history size the checkpoint.
    void setHistoryPosition(int position);
    // The picture: histogram, patch map and the images that use the picked code. The CSV: every gated
    // layer's usage and code maps as kind (usage | code_map), block, image, row, col, code, value.

    // For tests and the picture: the chosen layer (index into report->codebook) and code (-1: none).
    void setLayer(int index);
    void setCode(int code);
    int code() const { return m_code; }
    QCustomPlot *histogram() const { return m_plot; }
    // The bars' heights in drawing order, and the code of each bar.
    std::vector<double> barValues() const;
    std::vector<int> barCodes() const;
    // The code of the patch under `pos` in the patch-map picture, or -1.
    int codeAt(const QPoint &pos) const;
    QLabel *patchPicture() const { return m_picture; }
    QString statsText() const;
    int topImageCount() const;

protected:
    void showReport() override;
    bool savePicture(const QString &path, QString *error) override;
    QString page() const override;
    bool canExport(QString *error) const override;
    void followPalette() override;
    bool eventFilter(QObject *watched, QEvent *event) override;

private:
    void refresh();
    void drawHistogram();
    void drawPatches();
    void listTopImages();
    const report::CodebookLayer *layer() const;
    // The usage the histogram shows: the chosen evaluation's, or the checkpoint's.
    const std::vector<double> *shownUsage() const;

    QComboBox *m_layer;
    QComboBox *m_order;
    QComboBox *m_image;
    QSlider *m_history;
    QLabel *m_historyLabel;
    std::vector<report::UsageStep> m_steps;
    QCustomPlot *m_plot;
    QLabel *m_stats;
    QLabel *m_picture;
    QLabel *m_codeCaption;
    QHBoxLayout *m_top;
    QWidget *m_display;
    QScrollArea *m_scroll = nullptr;
    std::vector<int> m_barCodes;
    int m_code = -1;
};

} // namespace gatefold::widgets
