// A run whose stored config was edited by hand (the store is a file anyone
// can open in sqlite3): `train --run` reads it as strictly as a --config file
// and refuses it naming the key and the line, instead of training what the
// last of two equal keys says.

#include "badinput.h"

#include "store/runstore.h"

namespace gatefold::test {
namespace {

BadInput storedConfig(const QString &name, const QByteArray &configJson, const QStringList &mentions)
{
    return {"stored config/" + name,
            [configJson](const CaseFolder &f) {
                f.copyStore("store");
                QString error;
                auto store = store::RunStore::open(f.path("store/runs.sqlite"), &error);
                store::NewRun run;
                run.name = QStringLiteral("hand-edited");
                run.configJson = configJson;
                if (!store || !store->createRun(run))
                    qFatal("cannot queue a run: %s", qPrintable(error));
            },
            {"train", "--run", "2", "--store", "{dir}/store/runs.sqlite"},
            2,
            QStringList{"the run's config is invalid"} + mentions,
            {},
            /*mayWrite=*/true};  // the run is marked failed, with the reason
}

void addStoredConfigs(std::vector<BadInput> &cases)
{
    cases.push_back(storedConfig("key twice", "{\n\"embed_dim\": 16,\n\"embed_dim\": 864\n}",
                                 {"line 3", "\"embed_dim\" is given twice"}));
    cases.push_back(storedConfig("number in quotes", "{\n\"depth\": \"2\"\n}", {"line 2: depth", "without quotes"}));
    cases.push_back(storedConfig("not JSON", "{\"depth\": 2,}", {"trailing comma"}));
    cases.push_back(storedConfig("unknown key", "{\"depht\": 2}", {"depht", "unknown setting"}));
}

} // namespace

GATEFOLD_BAD_INPUTS(addStoredConfigs);

} // namespace gatefold::test
