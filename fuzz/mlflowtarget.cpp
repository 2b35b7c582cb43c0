// MLflow file stores (runs import-mlflow, File > Import): the input is a
// packed directory tree (treepack.h) unpacked as the file store; every run
// is read with core/train's settings reader, as the CLI does, and what is
// read is imported into a run store and must come back whole.

#include "fuzzharnesses.h"
#include "scratchdir.h"
#include "treepack.h"

#include "mlflow/mlflowimport.h"
#include "store/runstore.h"
#include "config/runconfigjson.h"
#include "config/settingsconfig.h"

namespace gatefold::fuzz {
namespace {

// A store that outlives inputs (opening one costs a schema); a fresh one now and then, so it stays small.
// Never destroyed at exit: Qt Sql's connection registry can be gone by then (static destruction
// order), and closing the connection then crashes — in the harness, not in any reader.
store::RunStore &importStore()
{
    static const ScratchDir dir("mlflow-store");
    static store::RunStore *current = nullptr;
    static int uses = 0;
    if (!current || ++uses % 2000 == 0) {
        delete current;
        dir.clear();
        QString error;
        current = store::RunStore::open(QString::fromStdString(dir.file("runs.sqlite")), &error).release();
        FUZZ_CHECK(current != nullptr, "cannot open a fresh run store: " + error);
    }
    return *current;
}

} // namespace

bool fuzzMlflow(const std::uint8_t *data, std::size_t size)
{
    static const ScratchDir dir("mlflow");
    dir.clear();
    const QString root = QString::fromStdString(dir.path());
    unpackTree(QByteArray::fromRawData(reinterpret_cast<const char *>(data), qsizetype(size)), root);

    mlflow::ImportOptions options;
    options.dir = root;
    QString error;
    const auto runs = mlflow::readMlflowRuns(options, &error);
    if (!runs) {
        FUZZ_CHECK(!error.isEmpty(), "refused without a reason");
        return false;
    }
    for (const auto &r : *runs) {
        train::RunConfig config;
        QStringList problems;
        FUZZ_CHECK(train::runConfigFromJson(r.run.record.configJson, &config, &problems),
                   "an imported run's config does not read back: " + problems.join("; "));
    }

    store::RunStore &store = importStore();
    const auto imported = mlflow::importMlflow(store, options, &error);
    if (!imported)
        return true;  // e.g. a run the store refuses; all or nothing, nothing half-imported
    size_t next = 0;
    for (const auto &r : imported->runs) {
        if (!r.skipReason.isEmpty())
            continue;
        FUZZ_CHECK(next < imported->newIds.size(), "fewer new ids than runs to import");
        const qint64 id = imported->newIds[next++];
        const auto record = store.run(id);
        FUZZ_CHECK(record.has_value(), "an imported run is not in the store: " + store.lastError());
        FUZZ_CHECK(record->configJson == r.run.record.configJson, "an imported run's config changed on the way in");
        size_t points = 0;
        for (const QString &key : store.metricKeys(id))
            points += store.metrics(id, key).size();
        FUZZ_CHECK(points == r.run.metrics.size(), "metric points lost or added on import: "
                                                       + std::to_string(r.run.metrics.size()) + " read, "
                                                       + std::to_string(points) + " stored");
    }
    return true;
}

} // namespace gatefold::fuzz
