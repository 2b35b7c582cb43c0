#pragma once

// What the "see inside" views show (issue #7) for one checkpoint of one run
// on a set of images, as plain numbers and pixels: computed by the engine
// (core/inspect's inspectRun, `gatefold-cli analyze`), written as
// report.json (reportjson.h) and read back by the window (reportreader.h).
// No LibTorch or OpenCV types. All maps are row-major; a patch grid is
// gridHeight × gridWidth; layers are blocks 0 … L-1.

#include <QString>
#include <QStringList>

#include <cstdint>
#include <map>
#include <vector>

namespace gatefold::report {

// A dense row-major matrix of doubles.
struct Matrix {
    int rows = 0;
    int cols = 0;
    std::vector<double> values;  // rows * cols

    double at(int r, int c) const { return values[size_t(r) * size_t(cols) + size_t(c)]; }
    bool empty() const { return values.empty(); }
    // Has rows and columns, and a value for each.
    bool isComplete() const { return rows > 0 && cols > 0 && values.size() == size_t(rows) * size_t(cols); }
};

// One image as the model saw it: the normalised input undone, 8-bit RGB at the model's resolution.
struct InspectedImage {
    int width = 0;
    int height = 0;
    std::vector<std::uint8_t> rgb;  // width * height * 3
    int label = -1;                 // -1 for a file without a label
    QString className;              // "" when unknown
    QString source;                 // "val #12", or the file path
    int predicted = -1;             // the model's top-1 class
    double confidence = 0;          // its softmax probability
};

// One CDE-gated block.
struct CodebookLayer {
    int block = 0;
    std::vector<double> usage;  // (K) mean α mass per code; sums to 1
    double perplexity = 0;      // exp(H(usage))
    qint64 deadCodes = 0;
    double meanEntropy = 0;     // mean H(α) per token (nats)
    double meanGateNorm = 0;    // mean ‖λ g‖ per token
    std::vector<Matrix> codeMaps;  // per image: the top-1 code of each patch (gridHeight × gridWidth)
    // Per code: the images that use it, most patches first, as (image, patches).
    std::vector<std::vector<std::pair<int, int>>> topImages;
};

// One parallel block (joining paper Figs. 4–6); matrices n × n.
struct BranchLayer {
    int block = 0;
    Matrix attentionFeatures;  // mean cosine similarity of branch attention outputs
    Matrix mlpFeatures;        // … of branch FFN outputs
    Matrix qk, vo, fc1, fc2;   // cosine similarity of branch weights per module
};

// One evaluation's code usage during training (a "codebook/usage" snapshot of the run store).
struct UsageStep {
    qint64 step = 0;
    double epoch = 0;
    std::map<int, std::vector<double>> usage;  // gated block → mean α mass per code (sums to 1)
};

// One evaluation's branch similarity during training (a "branches/similarity" snapshot).
struct BranchStep {
    qint64 step = 0;
    double epoch = 0;
    std::vector<BranchLayer> layers;  // as InspectReport::branchLayers, on the first validation batch
};

// The principal components of the patch-embedding filters (analysis/filtercomponents.h): the D filters
// (C·P·P values each) centred, then PCA; the first ≤ 28 components (fewer when the rank is smaller).
struct EmbeddingFilters {
    int filters = 0;          // D, the samples
    int channels = 0;         // C; each component is channels × patchSize × patchSize
    Matrix components;        // K × (C·P·P), row k component k in (channel, row, col) order
    std::vector<double> variance;  // K explained variance s²/(D−1), descending
    std::vector<double> ratio;     // K explained variance ratio s²/Σs²

    bool empty() const { return components.empty(); }
};

struct InspectReport {
    qint64 runId = 0;
    QString runName;
    QString checkpoint;      // as requested ("best", …)
    QString checkpointFile;  // the file read
    qint64 step = 0;         // of the checkpoint
    double epoch = 0;
    QString device;          // where it was computed
    int imageSize = 0;
    int patchSize = 0;
    int gridHeight = 0;
    int gridWidth = 0;
    bool classToken = true;
    int layers = 0;
    int heads = 0;
    int branches = 1;        // n of parallel blocks (1: single-branch)
    QStringList classNames;
    std::vector<InspectedImage> images;

    // attention: (layer, image, head) → gridHeight × gridWidth, class-token
    // attention (mean over queries without a class token); index
    // (layer * images + image) * heads + head. A parallel block's is the mean over its branches.
    std::vector<Matrix> attention;
    // Parallel models: ((layer * branches + branch) * images + image) * heads + head.
    std::vector<Matrix> branchAttention;
    std::vector<Matrix> rollout;   // per image, gridHeight × gridWidth
    QString rolloutFusion;
    double discardRatio = 0;
    Matrix meanDistance;           // layers × heads, pixels
    std::vector<CodebookLayer> codebook;
    std::vector<BranchLayer> branchLayers;
    Matrix cka;                    // layers(this run) × layers(other run)
    QString ckaAgainst;            // "run 7 (best)"
    // The ViT paper's Fig. 7 (issue #19): the patch-embedding filters' principal components, and the
    // cosine similarity of the patch positions' learned embeddings, (gh·gw) × (gh·gw) in row-major
    // patch order (row i reshaped to gridHeight × gridWidth is position i's tile; NaN: a zero embedding).
    EmbeddingFilters embeddingFilters;
    Matrix positionSimilarity;
    // What the run recorded at each evaluation, oldest first: with the codebook view, its usage; with
    // the branch views, its branch similarity (the window's training sliders walk through them).
    std::vector<UsageStep> usageHistory;
    std::vector<BranchStep> branchHistory;

    // Views asked for that do not apply or failed, with the reason ("codebook": "the model has no CDE gates").
    std::map<QString, QString> skipped;
    double seconds = 0;            // compute time

    // The name of class `label` ("" when out of range or unnamed).
    QString className(int label) const
    {
        return label >= 0 && label < classNames.size() ? classNames.at(label) : QString();
    }
};

} // namespace gatefold::report
