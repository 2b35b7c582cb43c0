#pragma once

#include "report/inspectreport.h"

#include <QWidget>

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
class CodebookView : public QWidget
{
    Q_OBJECT
public:
    explicit CodebookView(QWidget *parent = nullptr);
    ~CodebookView() override;

    void setReport(std::shared_ptr<const report::InspectReport> report);
    // The run's usage at each evaluation, oldest first: the training slider walks through it (its
    // last position is the checkpoint on the inspected images).
    void setHistory(std::vector<report::UsageStep> history);
    // Slider position: 0 … history size − 1 an evaluation, history size the checkpoint.
    void setHistoryPosition(int position);
    bool exportImage(const QString &path, QString *error);
    // kind (usage | code_map), block, image, row, col, code, value.
    bool exportCsv(const QString &path, QString *error);

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
    bool eventFilter(QObject *watched, QEvent *event) override;
    void changeEvent(QEvent *event) override;

private:
    void refresh();
    void drawHistogram();
    void drawPatches();
    void listTopImages();
    const report::CodebookLayer *layer() const;
    // The usage the histogram shows: the chosen evaluation's, or the checkpoint's.
    const std::vector<double> *shownUsage() const;

    std::shared_ptr<const report::InspectReport> m_report;
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
    QLabel *m_empty;
    QWidget *m_display;
    QScrollArea *m_scroll = nullptr;
    std::vector<int> m_barCodes;
    int m_code = -1;
};

} // namespace gatefold::widgets
