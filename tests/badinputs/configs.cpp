// Bad run configs: JSON files (--config, also from standard input), --set
// values and presets, through train, config --check and data. Every one is
// refused before a run exists, naming the file, the line and the key.

#include "badinput.h"
#include "badinputfiles.h"

namespace gatefold::test {
namespace {

QStringList trainWithConfig(const QString &file = QStringLiteral("c.json"))
{
    return QStringList{"train", "--store", "{dir}/store/runs.sqlite", "--config", "{dir}/" + file} + tinyModel();
}

// A config file with `json` in it, refused by train with each of `mentions`.
BadInput file(const QString &name, const QByteArray &json, const QStringList &mentions)
{
    return {"config/" + name, [json](const CaseFolder &f) { f.write("c.json", json); }, trainWithConfig(), 2,
            QStringList{"{dir}/c.json", "nothing was created"} + mentions};
}

// --set `assignment` refused by train.
BadInput set(const QString &name, const QString &assignment, const QStringList &mentions)
{
    return {"set/" + name, {}, QStringList{"train", "--store", "{dir}/store/runs.sqlite"} + tinyModel() +
                                   QStringList{"--set", assignment},
            2, QStringList{"nothing was created"} + mentions};
}

void addConfigs(std::vector<BadInput> &cases)
{
    // Numbers that pass as doubles but are 0 (or beyond any image) once the model trains in float32.
    cases.push_back(set("data.std below float32", "data.std=0.2,1e-300,0.2",
                        {"data.std: must lie in [1e-6, 1]", "divided by it in float32"}));
    cases.push_back(set("optim.eps below float32", "optim.eps=1e-300", {"optim.eps: must be at least 1e-30"}));
    cases.push_back(set("optim.lr below float32", "optim.lr=1e-300", {"optim.lr: must be at least 1e-12"}));
    cases.push_back(set("data.crop_pct near 0", "data.crop_pct=1e-300", {"data.crop_pct: must lie in [0.05, 1]"}));
    // JSON that QJsonDocument reads without a word.
    cases.push_back(file("duplicate key", "{\n  \"embed_dim\": 16,\n  \"depth\": 1,\n  \"embed_dim\": 864\n}",
                         {"line 4", "\"embed_dim\" is given twice", "keep one"}));
    cases.push_back(file("duplicate key nested and dotted", "{\n\"gate\": {\"kind\": \"none\"},\n\"gate.kind\": \"cde\"\n}",
                         {"gate.kind", "given twice", "lines 2 and 3"}));
    cases.push_back(file("duplicate key inside a group", "{\"optim\": {\n\"lr\": 0.1,\n\"lr\": 0.2}}",
                         {"line 3", "in optim", "\"lr\" is given twice"}));
    cases.push_back(file("number in quotes", "{\n\"optim.lr\": \"0.001\"\n}",
                         {"line 2", "optim.lr", "expected a number", "write 0.001 without quotes"}));
    cases.push_back(file("whole number in quotes", "{\"depth\": \"2\"}", {"line 1", "depth", "without quotes"}));
    cases.push_back(file("boolean in quotes", "{\"qkv_bias\": \"true\"}", {"qkv_bias", "expected true or false"}));
    cases.push_back(file("boolean as a number", "{\"qkv_bias\": 1}", {"qkv_bias", "expected true or false"}));
    cases.push_back(file("fraction for a whole number", "{\"depth\": 2.5}", {"depth", "expected a whole number"}));
    cases.push_back(file("huge whole number", "{\"depth\": 1e30}", {"depth", "whole number between"}));
    cases.push_back(file("whole number past int", "{\"train.epochs\": 3000000000}", {"train.epochs", "between"}));
    cases.push_back(file("negative seed", "{\"train.seed\": -1}", {"train.seed", "between 0 and"}));
    cases.push_back(file("number beyond a double", "{\n\"optim.lr\": 1e999\n}", {"line 2", "optim.lr", "too large"}));
    cases.push_back(file("NaN", "{\"optim.lr\": NaN}", {"optim.lr", "NaN and Infinity are not numbers"}));
    {
        BadInput quoted = file("NaN in quotes", "{\"optim.lr\": \"NaN\"}", {"optim.lr", "finite numbers only"});
        quoted.absent = {"without quotes"};  // unquoted, NaN is refused too
        cases.push_back(quoted);
    }
    cases.push_back(file("seed past 2^63", "{\"train.seed\": 9223372036854775808}",
                         {"train.seed", "'9223372036854775808' is out of range", "between 0 and 2^63-1"}));
    cases.push_back(file("Infinity", "{\"optim.lr\": -Infinity}", {"NaN and Infinity"}));
    cases.push_back(file("null value", "{\"depth\": null}", {"depth", "null"}));
    cases.push_back(file("list for one value", "{\"depth\": [1]}", {"depth", "not a list"}));
    cases.push_back(file("object for one value", "{\"depth\": {\"value\": 1}}", {"depth", "not an object"}));
    cases.push_back(file("number for a text", "{\"data.name\": 5}", {"data.name", "expected a text"}));
    cases.push_back(file("number for a choice", "{\"gate.kind\": 1}", {"gate.kind", "expected a text"}));
    cases.push_back(file("unknown choice", "{\"gate.kind\": \"magic\"}", {"gate.kind", "use one of: none, cde"}));
    cases.push_back(file("block list as text", "{\"gate.blocks\": \"0,1\"}", {"gate.blocks", "[0, 2]"}));
    cases.push_back(file("mean as text", "{\"data.mean\": \"0.5\"}", {"data.mean", "\"auto\" or a list"}));
    cases.push_back(file("mean with a text item", "{\"data.mean\": [0.5, \"x\", 0.5]}", {"data.mean", "item 1"}));
    cases.push_back(file("unknown key", "{\n\"optim.lrr\": 0.1\n}", {"line 2", "optim.lrr", "unknown setting", "--keys"}));
    cases.push_back(file("unknown group", "{\"optimiser\": {\"lr\": 0.1}}", {"optimiser.lr", "unknown setting"}));
    cases.push_back(file("key with a line break and quotes", "{\"a\\nb\\\"c\": 1}", {"a\\nb\\\"c", "unknown setting"}));
    cases.push_back(file("path with a control character", "{\"data.path\": \"/data/x\\u0000y\"}",
                         {"data.path", "control character"}));
    cases.push_back(file("tab in a text", "{\"data.path\": \"a\tb\"}", {"tab inside a text", "\\t"}));
    // (Settings tinyModel()'s --set does not give again: a later --set would override them.)
    cases.push_back(file("negative size", "{\n\"data.train_size\": -5\n}", {"line 2", "data.train_size", "at least 1"}));
    cases.push_back(file("zero log interval", "{\"train\": {\n\"log_every\": 0}}", {"line 2", "train.log_every", "at least 1"}));
    cases.push_back(file("fraction out of range", "{\"data.val_fraction\": 1.5}", {"data.val_fraction", "(0, 1)"}));
    // Not JSON at all, or not an object.
    cases.push_back(file("trailing comma", "{\n\"depth\": 1,\n}", {"line 3", "trailing comma"}));
    cases.push_back(file("text after the object", "{\"depth\": 1}\nthen some", {"line 2", "more text after"}));
    cases.push_back(file("two objects", "{\"depth\": 1}\n{\"depth\": 2}", {"line 2", "more text after"}));
    cases.push_back(file("comment", "{\n// the depth\n\"depth\": 1}", {"line 2", "no comments"}));
    cases.push_back(file("single quotes", "{'depth': 1}", {"single quotes"}));
    cases.push_back(file("unquoted key", "{depth: 1}", {"double quotes"}));
    cases.push_back(file("Python", "{\"optim.lr\": None}", {"None is Python"}));
    cases.push_back(file("missing comma", "{\"depth\": 1\n\"embed_dim\": 16}", {"line 2", "comma is missing"}));
    cases.push_back(file("cut short", "{\"depth\": 1,\n\"embed_dim\": 1", {"a } is missing"}));
    cases.push_back(file("one byte", "{", {"a } is missing"}));
    cases.push_back(file("list root", "[1, 2]", {"JSON object of settings", "not a list"}));
    cases.push_back(file("number root", "42", {"JSON object of settings"}));
    cases.push_back(file("only white space", " \n\t\n", {"no JSON value"}));
    cases.push_back(file("binary garbage", QByteArray("\x7f\x45\x4c\x46\x02\x01\x01\x00\x00\x00", 10), {"line 1"}));
    cases.push_back(file("UTF-16", QByteArray("\xff\xfe{\0}\0", 6), {"UTF-16", "save it as UTF-8"}));
    cases.push_back(file("invalid UTF-8", "{\"data.path\": \"caf\xe9\"}", {"not UTF-8"}));
    cases.push_back(file("nested ten thousand deep", QByteArray(10000, '['), {"deeper than 100"}));
    cases.push_back(file("backslash path", "{\"data.path\": \"C:\\data\"}", {"not an escape", "backslash"}));
    // The file itself.
    cases.push_back({"config file/missing", {}, trainWithConfig("none.json"), 2, {"{dir}/none.json", "does not exist"}});
    cases.push_back({"config file/empty", [](const CaseFolder &f) { f.write("c.json", {}); }, trainWithConfig(), 2,
                     {"{dir}/c.json", "is empty"}});
    cases.push_back({"config file/a folder", [](const CaseFolder &f) { f.mkdir("c.json"); }, trainWithConfig(), 2,
                     {"{dir}/c.json", "is a folder"}});
    cases.push_back({"config file/dangling link", [](const CaseFolder &f) { f.symlink("gone.json", "c.json"); },
                     trainWithConfig(), 2, {"{dir}/c.json", "symbolic link to 'gone.json', which does not exist"}});
    cases.push_back({"config file/link loop", [](const CaseFolder &f) { f.symlink("c.json", "c.json"); },
                     trainWithConfig(), 2, {"{dir}/c.json", "loop"}});
    cases.push_back({"config file/fifo nobody writes", [](const CaseFolder &f) { f.fifo("c.json"); }, trainWithConfig(),
                     2, {"{dir}/c.json", "is empty"}});
    cases.push_back({"config file/dev zero", {}, QStringList{"train", "--store", "{dir}/store/runs.sqlite", "--config",
                                                             "/dev/zero"},
                     2, {"/dev/zero", "is a device"}});
    cases.push_back({"config file/link to dev zero", [](const CaseFolder &f) { f.symlink("/dev/zero", "c.json"); },
                     trainWithConfig(), 2, {"{dir}/c.json", "is a device"}});
    cases.push_back({"config file/no read permission",
                     [](const CaseFolder &f) {
                         f.write("c.json", "{}");
                         f.chmod("c.json", 0);
                     },
                     trainWithConfig(), 2, {"{dir}/c.json", "permission denied", "chmod"}});
    cases.push_back({"config file/folder without permission",
                     [](const CaseFolder &f) {
                         f.write("locked/c.json", "{}");
                         f.chmod("locked", 0);
                     },
                     trainWithConfig("locked/c.json"), 2, {"{dir}/locked/c.json", "permission denied"}});
    cases.push_back({"config file/too large",
                     [](const CaseFolder &f) {
                         f.write("c.json", "{}");
                         QFile(f.path("c.json")).resize(qint64(40) << 20);
                     },
                     trainWithConfig(), 2, {"{dir}/c.json", "more than the 16.0 MiB"}});
    cases.push_back({"config file/spaces and unicode in the path",
                     [](const CaseFolder &f) { f.write("my cönfig ü/c 1.json", "{\"depth\": \"1\"}"); },
                     trainWithConfig("my cönfig ü/c 1.json"), 2, {"{dir}/my cönfig ü/c 1.json", "depth"}});
    cases.push_back({"config file/under a file", [](const CaseFolder &f) { f.write("plain", "x"); },
                     trainWithConfig("plain/c.json"), 2, {"{dir}/plain/c.json", "a part of the path is a file"}});
    // Standard input.
    cases.push_back({"config stdin/duplicate key", {},
                     QStringList{"train", "--store", "{dir}/store/runs.sqlite", "--config", "-"} + tinyModel(), 2,
                     {"standard input, line 2", "given twice"}, "{\"depth\": 1,\n\"depth\": 2}"});
    cases.push_back({"config stdin/empty", {},
                     QStringList{"config", "--check", "--json", "--config", "-"}, 2,
                     {"\"ok\":false", "standard input is empty"}});
    // --set and --preset.
    cases.push_back(set("not a number", "depth=abc", {"--set depth=abc", "depth", "'abc' is not a whole number"}));
    cases.push_back(set("no equals sign", "depth", {"--set depth", "'depth' is not key=value"}));
    cases.push_back(set("unknown key", "optim.lrr=1", {"--set optim.lrr=1", "unknown setting 'optim.lrr'"}));
    cases.push_back(set("empty value", "optim.lr=", {"optim.lr", "is not a finite number"}));
    cases.push_back(set("nan", "optim.lr=nan", {"optim.lr", "is not a finite number"}));
    // One rule for white space around the value, wherever it is; hex floats, '==' and underflow said as such.
    cases.push_back(set("space after the equals sign", "depth= 2", {"--set depth= 2", "space around it", "write depth=2"}));
    cases.push_back(set("space after the value", "depth=2 ", {"space around it", "write depth=2"}));
    cases.push_back(set("space before the key", " depth=2", {"space around it", "write depth=2"}));
    cases.push_back(set("hexadecimal float", "optim.lr=0x1p-3", {"optim.lr", "hexadecimal", "decimal"}));
    cases.push_back(set("double equals sign", "data.path==x", {"starts with '='", "write data.path=x"}));
    cases.push_back(set("underflow", "optim.lr=1e-400", {"optim.lr", "too small to represent", "round to 0"}));
    cases.push_back(set("overflow", "optim.lr=1e400", {"optim.lr", "too large to represent"}));
    cases.push_back(set("negative seed", "train.seed=-1", {"train.seed", "out of range", "between 0 and"}));
    // A key given twice with different values: the last is used, and said.
    cases.push_back({"set/given twice (warning)", {},
                     QStringList{"config", "--check"} + tinyModel() + QStringList{"--set", "depth=2"}, 0,
                     {"warning: --set depth is given 2 times (1, 2): the last, 2, is used"}});
    cases.push_back(set("line break in a path", "data.path=a\nb", {"data.path", "control character"}));
    cases.push_back(set("a trillion built-in images", "data.train_size=1000000000000",
                        {"data.train_size", "at most 100000000 images"}));
    cases.push_back(set("negative epochs", "train.epochs=-3", {"train.epochs", "must be at least 1"}));
    cases.push_back({"preset/unknown", {}, {"train", "--store", "{dir}/store/runs.sqlite", "--preset", "vit-huge-9000"}, 2,
                     {"--preset", "unknown preset 'vit-huge-9000'", "gatefold-cli presets"}});
    // config --check --json: one object, the problems by key.
    cases.push_back({"check/duplicate key as JSON", [](const CaseFolder &f) { f.write("c.json", "{\"depth\": 1,\n\"depth\": 2}"); },
                     {"config", "--check", "--json", "--config", "{dir}/c.json"}, 2,
                     {"\"ok\":false", "\"key\":\"depth\"", "line 2", "given twice"}});
    cases.push_back({"check/data.path missing", {}, {"config", "--check", "--json", "--set", "data.name=cifar10"}, 2,
                     {"\"ok\":false", "\"key\":\"data.path\"", "set it to the folder"}});
    cases.push_back({"check/in_chans 3 for one-channel data", [](const CaseFolder &f) { writeMnist(f, "mnist"); },
                     QStringList{"config", "--check", "--json", "--set", "data.name=mnist", "--set", "data.path={dir}/mnist"}
                         + tinyModel(10, 3),
                     2, {"\"ok\":false", "\"key\":\"in_chans\"", "set in_chans=1", "\"channels\":1"}});
    cases.push_back({"check/num_classes", [](const CaseFolder &f) { writeCifar10(f, "c10"); },
                     QStringList{"config", "--check", "--json", "--set", "data.name=cifar10", "--set", "data.path={dir}/c10"}
                         + tinyModel(7, 3),
                     2, {"\"key\":\"num_classes\"", "set num_classes=10"}});
    cases.push_back({"check/mean for three channels on grey data", [](const CaseFolder &f) { writeMnist(f, "mnist"); },
                     QStringList{"config", "--check", "--set", "data.name=mnist", "--set", "data.path={dir}/mnist",
                                 "--set", "data.mean=0.5,0.5,0.5", "--set", "data.std=0.2,0.2,0.2"}
                         + tinyModel(10, 1),
                     2, {"data.mean", "1 channel(s)"}});
    cases.push_back({"check/batch larger than the split", {},
                     QStringList{"train", "--store", "{dir}/store/runs.sqlite"} + tinyModel()
                         + QStringList{"--set", "data.train_size=3", "--set", "train.batch_size=4"},
                     2, {"train.batch_size", "more than the 3 training images", "at most 3"}});
    cases.push_back({"check/init.from missing", {},
                     QStringList{"train", "--store", "{dir}/store/runs.sqlite", "--set", "init.from={dir}/none.pt"}
                         + tinyModel(),
                     2, {"init.from", "{dir}/none.pt", "does not exist"}});
    cases.push_back({"check/init.from a folder", [](const CaseFolder &f) { f.mkdir("ckpt"); },
                     QStringList{"config", "--check", "--set", "init.from={dir}/ckpt"} + tinyModel(), 2,
                     {"init.from", "is a folder"}});
    // Accepted, but said: a joining warm-up longer than the run (the model would never be foldable).
    cases.push_back({"check/warm-up longer than the run (warning)", {},
                     QStringList{"config", "--check", "--set", "join.branches=2", "--set", "join.warmup_steps=100000"}
                         + tinyModel(),
                     0, {"warning: join.warmup_steps", "never reaches 1", "train longer"}});
}

} // namespace

GATEFOLD_BAD_INPUTS(addConfigs);

} // namespace gatefold::test
