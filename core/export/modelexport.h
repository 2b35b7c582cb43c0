#pragma once

#include <QJsonObject>
#include <QString>
#include <QStringList>

#include <functional>
#include <optional>
#include <vector>

namespace gatefold::store {
class RunStore;
}

namespace gatefold::exporting {

// What `gatefold-cli export` and the GUI's export dialog ask for.
struct ExportRequest {
    qint64 runId = 0;
    QString checkpoint = QStringLiteral("best");  // best, last, epoch:N
    QStringList formats{QStringLiteral("torchscript"), QStringLiteral("safetensors")};
    // auto: the fold the run's join.variant gives; plain: demand a timm-shaped
    // fold (join.variant=projections); wide: fold whatever the variant gives
    // and say so; none: export as trained (single-branch runs only).
    QString fold = QStringLiteral("auto");
    bool absorbNorms = false;
    bool force = false;   // fold although λ < 1 (the logits then change: the numbers say by how much)
    int images = 32;      // validation images the verification runs on
    QString outDir;       // empty: <run dir>/export/<checkpoint>
    // Replace files in outDir that are not what this run's last export of them wrote (changed, or not ours).
    bool overwrite = false;
    // Export a checkpoint that is not what was written (recorded in the run as checkpoint/accepted-modified).
    bool acceptModifiedCheckpoint = false;
};

// How far the exported model's logits are from the trained model's.
struct LogitAgreement {
    double maxAbsDiff = 0;
    double relativeError = 0;  // max |Δlogit| / max |trained logit|
    double top1Agreement = 0;  // fraction of images with the same arg-max
};

struct ExportedFile {
    QString format;   // torchscript, onnx, safetensors
    QString path;     // absolute
    QString sha256;
    qint64 artifactId = 0;
    LogitAgreement agreement;    // the file loaded back against the trained model
    LogitAgreement fileVsFolded; // the file loaded back against the folded model in memory
    QStringList extraFiles;      // safetensors: the JSON config beside it
};

struct ExportResult {
    qint64 runId = 0;
    QString checkpoint;
    QString checkpointFile;
    qint64 step = 0;
    double lambda = 1;       // joining strength at the checkpoint (1 for single-branch runs)
    int branches = 1;
    QString fold;            // plain, wide, none
    bool absorbNorms = false;
    bool timmShaped = false;
    int images = 0;
    LogitAgreement foldAgreement;  // folded model in memory against the trained model
    QString outDir;
    std::vector<ExportedFile> files;
};

enum class ExportFailure {
    Usage,    // the request names something wrong or refused (nothing written): exit 2
    Failure,  // it went wrong on the way (nothing kept): exit 1
};

// The request's own problems (unknown format, fold, checkpoint name, images
// <= 0), each a sentence; empty when it is well formed.
QStringList checkExportRequest(const ExportRequest &request);

// Loads the run's checkpoint, folds it, builds each format, loads each file
// back and verifies it on `images` validation images, then moves the files
// into place (write to a temporary name, rename) and records one artifact per
// format (kind export/<format>). Files are only kept when every format
// verified; the store and the checkpoint are never changed otherwise. The
// checkpoint's content hash and recorded sha256 are verified (loadRun); a file
// already at an output path is replaced only when it is what the store
// recorded for it (else refused, unless request.overwrite).
// nullopt with `error` (what is wrong, what to do) and `failure`.
std::optional<ExportResult> exportRun(store::RunStore &store, const ExportRequest &request, QString *error,
                                      ExportFailure *failure, const std::function<void(QString)> &progress = {});

// The result as the CLI's --json object (and the artifacts' info).
QJsonObject exportResultJson(const ExportResult &result);
QJsonObject agreementJson(const LogitAgreement &agreement);


} // namespace gatefold::exporting
