#pragma once

// The files an export writes into its output folder: their names, the
// temporary names they are written under until every format is verified, and
// which files already there it may replace (only what this run's export wrote).

#include "modelexport.h"

#include <QString>
#include <QStringList>

#include <map>
#include <vector>

namespace gatefold::store {
class RunStore;
}

namespace gatefold::exporting {

class CreatedFolders;

const QStringList &exportFormats();             // torchscript, onnx, safetensors
QString exportFileName(const QString &format);  // the file a format is written to in the output folder

// One format written under a temporary name and verified, not yet moved into place.
struct PendingFile {
    QString format;
    QString temp;
    QString final;
    QString configTemp;   // safetensors: its config.json, under a temporary name
    QString configFinal;
    LogitAgreement agreement;
    LogitAgreement fileVsFolded;
};

// <run dir>/export/<checkpoint>, unless the request names a folder.
QString outputFolder(store::RunStore &store, const ExportRequest &request);
// The output folder created (as `created` records) and found writable, stale temporaries of killed
// exports removed; the files in the way the store does not know as this run's go to `unknown`.
bool prepareOutputFolder(store::RunStore &store, const ExportRequest &request, const QString &outDir,
                         CreatedFolders *created, std::map<QString, QString> *unknown, QString *why);
// The refusal when files in `unknown` remain in the way.
QString cannotExportOver(const std::map<QString, QString> &unknown);
void forgetIdenticalFiles(const std::vector<PendingFile> &pending, std::map<QString, QString> *unknown);
bool moveIntoPlace(const std::vector<PendingFile> &pending, const QString &outDir, QString *why);
void removeTemps(const std::vector<PendingFile> &pending);

} // namespace gatefold::exporting
