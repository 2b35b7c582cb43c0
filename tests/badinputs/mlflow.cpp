// Bad MLflow file stores (runs import-mlflow): every file of a store
// spoiled in turn. Refused naming the file (and line) before the run store is
// opened: the store is left as it was, nothing imported.

#include "badinput.h"

#include "store/runstore.h"

namespace gatefold::test {
namespace {

const QString kRun = QStringLiteral("mlruns/0/abc123");

// A small, sound MLflow file store: experiment 0 with one finished run.
void writeMlflow(const CaseFolder &f)
{
    f.write("mlruns/0/meta.yaml", "experiment_id: '0'\nlifecycle_stage: active\nname: Default\n");
    f.write(kRun + "/meta.yaml", "end_time: 1700000001000\nexperiment_id: '0'\nlifecycle_stage: active\n"
                                 "run_id: abc123\nrun_name: r1\nstart_time: 1700000000000\nstatus: 3\n");
    f.write(kRun + "/params/optim.lr", "0.001");
    f.write(kRun + "/params/seed", "3");
    f.write(kRun + "/metrics/val/top1", "1700000000000 0.5 0\n1700000000500 0.6 1\n");
    f.write(kRun + "/tags/mlflow.runName", "r1");
}

BadInput mlflowCase(const QString &name, const std::function<void(const CaseFolder &)> &spoil, const QStringList &mentions,
               const QStringList &extra = {})
{
    return {"mlflow/" + name,
            [spoil](const CaseFolder &f) {
                f.copyStore("store");
                writeMlflow(f);
                spoil(f);
            },
            QStringList{"runs", "import-mlflow", "{dir}/mlruns", "--store", "{dir}/store/runs.sqlite"} + extra, 1,
            QStringList{"nothing was imported"} + mentions};
}

// `runs export-mlflow` of run 2, a run queued in a copy of the store with `configJson` as its config.
BadInput exportCase(const QString &name, const QByteArray &configJson, const QStringList &extra, int exitCode,
                    const QStringList &mentions)
{
    return {"mlflow export/" + name,
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
            QStringList{"runs", "export-mlflow", "--runs", "2", "--out", "{dir}/ml", "--store", "{dir}/store/runs.sqlite"}
                + extra,
            exitCode, mentions};
}

// An artifact folder that leads out of the MLflow store: refused naming the run and the URI, never walked.
void addArtifactRoots(std::vector<BadInput> &cases)
{
    const QString meta = kRun + "/meta.yaml";
    const QByteArray head = "end_time: 1700000001000\nexperiment_id: '0'\nlifecycle_stage: active\nrun_id: abc123\n"
                            "run_name: r1\nstart_time: 1700000000000\nstatus: 3\n";
    cases.push_back(mlflowCase("artifact_uri the filesystem root", [meta, head](const CaseFolder &f) {
        f.write(meta, head + "artifact_uri: 'file:///'\n");
    }, {"run abc123: its artifact_uri 'file:///'", "outside the MLflow store", "remove the run"}));
    cases.push_back(mlflowCase("artifact_uri above the store", [meta, head](const CaseFolder &f) {
        f.write(meta, head + "artifact_uri: '../../..'\n");
    }, {"run abc123: its artifact_uri '../../..'", "is {dir}, outside the MLflow store"}));
    cases.push_back(mlflowCase("artifact a link out of the store", [](const CaseFolder &f) {
        f.symlink("/etc/passwd", kRun + "/artifacts/passwd");
    }, {"artifacts/passwd is a symbolic link to /etc/passwd, outside the MLflow store"}));
    cases.push_back(mlflowCase("artifact folder a link out of the store", [](const CaseFolder &f) {
        f.symlink("/etc", kRun + "/artifacts");
    }, {"artifacts leads to /etc, outside the MLflow store"}));
    cases.push_back(mlflowCase("artifact a fifo", [](const CaseFolder &f) { f.fifo(kRun + "/artifacts/pipe"); },
                               {"artifacts/pipe' is a fifo"}));
    cases.push_back(mlflowCase("artifact a link loop", [](const CaseFolder &f) {
        f.symlink("loop", kRun + "/artifacts/loop");
    }, {"artifacts/loop' is a symbolic link that leads back to itself"}));
    cases.push_back(mlflowCase("artifacts nested too deep", [](const CaseFolder &f) {
        QString deep = kRun + "/artifacts";
        for (int i = 0; i < 40; ++i)
            deep += "/d";
        f.write(deep + "/x.txt", "deep");
    }, {"nested more than 32 folders deep"}));
}

// What an export cannot write as recorded: refused before anything is written.
void addExports(std::vector<BadInput> &cases)
{
    cases.push_back(exportCase("config not JSON", "not json", {}, 1,
                               {"run 2's stored config cannot be read", "Nothing was exported", "leave run 2 out"}));
    cases.push_back(exportCase("config a list", "[1, 2]", {}, 1, {"run 2's stored config cannot be read", "a list"}));
    cases.push_back(exportCase("copy limit not a number", "{}", {"--max-copy-mb", "nan"}, 2,
                               {"--max-copy-mb takes a size in MiB", "not 'nan'"}));
    cases.push_back(exportCase("copy limit negative", "{}", {"--max-copy-mb", "-1"}, 2, {"--max-copy-mb takes a size in MiB"}));
}

void addMlflow(std::vector<BadInput> &cases)
{
    addArtifactRoots(cases);
    addExports(cases);
    const QString meta = kRun + "/meta.yaml";
    cases.push_back(mlflowCase("not a file store", [](const CaseFolder &f) { f.remove("mlruns/0"); },
                          {"{dir}/mlruns is not an MLflow file store"}));
    cases.push_back(mlflowCase("missing", [](const CaseFolder &f) { f.remove("mlruns"); }, {"{dir}/mlruns does not exist"}));
    cases.push_back(mlflowCase("experiment meta a folder", [](const CaseFolder &f) {
        f.remove("mlruns/0/meta.yaml");
        f.mkdir("mlruns/0/meta.yaml");
    }, {"mlruns/0/meta.yaml' is a folder"}));
    cases.push_back(mlflowCase("run meta a dangling link", [meta](const CaseFolder &f) {
        f.remove(meta);
        f.symlink("/nonexistent/meta.yaml", meta);
    }, {"abc123/meta.yaml' is a symbolic link to '/nonexistent/meta.yaml', which does not exist"}));
    cases.push_back(mlflowCase("run meta a fifo", [meta](const CaseFolder &f) {
        f.remove(meta);
        f.fifo(meta);
    }, {"abc123/meta.yaml' is a fifo"}));
    cases.push_back(mlflowCase("run meta dev zero", [meta](const CaseFolder &f) {
        f.remove(meta);
        f.symlink("/dev/zero", meta);
    }, {"abc123/meta.yaml' is a device"}));
    cases.push_back(mlflowCase("run meta too large", [meta](const CaseFolder &f) { QFile(f.path(meta)).resize(qint64(8) << 20); },
                          {"abc123/meta.yaml' is 8.0 MiB, more than the 1.0 MiB"}));
    cases.push_back(mlflowCase("run meta unreadable", [meta](const CaseFolder &f) { f.chmod(meta, 0); },
                          {"abc123/meta.yaml' cannot be read: permission denied"}));
    cases.push_back(mlflowCase("run meta key twice", [meta](const CaseFolder &f) {
        f.write(meta, "run_id: abc123\nstatus: 3\nexperiment_id: '0'\nstatus: 4\n");
    }, {"abc123/meta.yaml: line 4: 'status' appears twice"}));
    cases.push_back(mlflowCase("run meta not UTF-8", [meta](const CaseFolder &f) { f.write(meta, "run_id: abc123\nrun_name: caf\xe9\n"); },
                          {"abc123/meta.yaml: line 2: not UTF-8"}));
    cases.push_back(mlflowCase("run meta nested", [meta](const CaseFolder &f) { f.write(meta, "run_id: abc123\ntags:\n  a: 1\n"); },
                          {"abc123/meta.yaml: line 3", "nested mapping under 'tags'"}));
    cases.push_back(mlflowCase("run id of another run", [meta](const CaseFolder &f) {
        f.write(meta, "run_id: other\nexperiment_id: '0'\nstatus: 3\n");
    }, {"says run_id other, but its directory is abc123"}));
    cases.push_back(mlflowCase("status unknown", [meta](const CaseFolder &f) { f.write(meta, "run_id: abc123\nstatus: 9\n"); },
                          {"status 9 is not an MLflow RunStatus"}));
    cases.push_back(mlflowCase("start time not a number", [meta](const CaseFolder &f) {
        f.write(meta, "run_id: abc123\nstatus: 3\nstart_time: yesterday\n");
    }, {"start_time is 'yesterday', not a whole number"}));
    cases.push_back(mlflowCase("metric line garbage", [](const CaseFolder &f) {
        f.write(kRun + "/metrics/val/top1", "1700000000000 0.5 0\nhello world again and again\n");
    }, {"metrics/val/top1 line 2", "is not '<timestamp ms> <value> <step>'"}));
    cases.push_back(mlflowCase("metric empty", [](const CaseFolder &f) { f.write(kRun + "/metrics/val/top1", {}); },
                          {"metrics/val/top1", "holds no points"}));
    cases.push_back(mlflowCase("metric a fifo", [](const CaseFolder &f) { f.fifo(kRun + "/metrics/loss"); },
                          {"metrics/loss' is a fifo"}));
    cases.push_back(mlflowCase("param a fifo", [](const CaseFolder &f) { f.fifo(kRun + "/params/depth"); },
                          {"params/depth' is a fifo"}));
    cases.push_back(mlflowCase("param a dangling link", [](const CaseFolder &f) { f.symlink("nowhere", kRun + "/params/depth"); },
                          {"params/depth' is a symbolic link to 'nowhere'"}));
    cases.push_back(mlflowCase("param unreadable", [](const CaseFolder &f) { f.chmod(kRun + "/params/optim.lr", 0); },
                          {"params/optim.lr' cannot be read: permission denied"}));
    cases.push_back(mlflowCase("param not UTF-8", [](const CaseFolder &f) { f.write(kRun + "/params/note", "caf\xe9"); },
                          {"params/note is not UTF-8 text"}));
    cases.push_back(mlflowCase("param a bad setting", [](const CaseFolder &f) { f.write(kRun + "/params/optim.lr", "fast"); },
                          {"not a valid Gatefold config", "optim.lr"}));
    cases.push_back(mlflowCase("tag list not a list", [](const CaseFolder &f) { f.write(kRun + "/tags/gatefold.tags", "{\"a\": 1}"); },
                          {"tags/gatefold.tags is not Gatefold's tag list", "not a list of tags"}));
    cases.push_back(mlflowCase("tag list not JSON", [](const CaseFolder &f) { f.write(kRun + "/tags/gatefold.tags", "[\"a\",]"); },
                          {"tags/gatefold.tags is not Gatefold's tag list", "trailing comma"}));
    const QString manifest = kRun + "/artifacts/gatefold/artifacts.json";
    cases.push_back(mlflowCase("manifest not JSON", [manifest](const CaseFolder &f) { f.write(manifest, "[{\"kind\": \"x\",]"); },
                          {"artifacts.json: not Gatefold's artifact list", "line 1, column 15"}));
    cases.push_back(mlflowCase("manifest key twice", [manifest](const CaseFolder &f) {
        f.write(manifest, "[{\"kind\": \"a\",\n\"path\": \"p\",\n\"kind\": \"b\"}]");
    }, {"artifacts.json", "line 3", "\"kind\" is given twice"}));
    cases.push_back(mlflowCase("manifest kind a number", [manifest](const CaseFolder &f) {
        f.write(manifest, "[{\"kind\": 5, \"path\": \"p\"}]");
    }, {"artifacts.json, line 1: entry 0: kind is the number 5"}));
    cases.push_back(mlflowCase("manifest unknown key", [manifest](const CaseFolder &f) {
        f.write(manifest, "[{\"kind\": \"a\", \"path\": \"p\",\n\"colour\": 1}]");
    }, {"artifacts.json, line 2: entry 0: unknown key \"colour\""}));
    cases.push_back(mlflowCase("manifest why without a null copy", [manifest](const CaseFolder &f) {
        f.write(manifest, "[{\"kind\": \"a\", \"path\": \"p\", \"copy\": \"p\",\n\"why\": \"too large\"}]");
    }, {"artifacts.json, line 1: entry 0: \"why\" goes with \"copy\": null"}));
    cases.push_back(mlflowCase("manifest null copy without why", [manifest](const CaseFolder &f) {
        f.write(manifest, "[{\"kind\": \"a\", \"path\": \"p\", \"copy\": null}]");
    }, {"artifacts.json, line 1: entry 0: \"why\" goes with \"copy\": null"}));
    cases.push_back(mlflowCase("manifest copy a number", [manifest](const CaseFolder &f) {
        f.write(manifest, "[{\"kind\": \"a\", \"path\": \"p\",\n\"copy\": 3}]");
    }, {"artifacts.json, line 2: entry 0: copy is the number 3"}));
    cases.push_back(mlflowCase("manifest not a list", [manifest](const CaseFolder &f) { f.write(manifest, "{}"); },
                          {"artifacts.json, line 1: Gatefold's artifact list is a JSON list"}));
    cases.push_back(mlflowCase("artifact copy damaged", [manifest](const CaseFolder &f) {
        f.write(kRun + "/artifacts/last.pt", "changed");
        f.write(manifest, "[{\"kind\": \"checkpoint/last\", \"path\": \"/x/last.pt\", \"copy\": \"last.pt\", \"sha256\": "
                          "\"0000000000000000000000000000000000000000000000000000000000000000\"}]");
    }, {"last.pt does not match the sha256", "export the run again"}));
    cases.push_back(mlflowCase("unknown experiment", [](const CaseFolder &) {}, {"has no experiment 'nope'", "0 (Default)"},
                          {"--experiment", "nope"}));
}

} // namespace

GATEFOLD_BAD_INPUTS(addMlflow);

} // namespace gatefold::test
