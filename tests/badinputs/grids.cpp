// Bad sweep grid files and --seeds: refused before any run is created,
// naming the file, the line and the entry; a grid over train.seed beside a
// seeds list (today: silently overridden) among them.

#include "badinput.h"
#include "badinputfiles.h"

namespace gatefold::test {
namespace {

QStringList sweep(const QString &file = QStringLiteral("g.json"))
{
    return QStringList{"sweep", "--store", "{dir}/store/runs.sqlite", "--grid", "{dir}/" + file} + tinyModel();
}

BadInput grid(const QString &name, const QByteArray &json, const QStringList &mentions,
              const QStringList &extra = {})
{
    return {"grid/" + name, [json](const CaseFolder &f) { f.write("g.json", json); }, sweep() + extra, 2,
            QStringList{"{dir}/g.json", "nothing was created"} + mentions};
}

void addGrids(std::vector<BadInput> &cases)
{
    cases.push_back(grid("seed axis and seeds list",
                         "{\"grid\": {\"train.seed\": [0, 1]},\n\"seeds\": [0]}",
                         {"line 2", "the grid varies train.seed too", "list the seeds in one place"}));
    cases.push_back(grid("seed axis and --seeds", "{\"grid\": {\"train.seed\": [0, 1]}}",
                         {"--seeds cannot be combined with a grid over train.seed"}, {"--seeds", "2,3"}));
    cases.push_back(grid("duplicate axis", "{\"grid\": {\n\"optim.lr\": [0.1],\n\"optim.lr\": [0.2]}}",
                         {"line 3", "\"optim.lr\" is given twice"}));
    cases.push_back(grid("duplicate entry", "{\"name\": \"a\",\n\"name\": \"b\", \"grid\": {\"depth\": [1]}}",
                         {"line 2", "\"name\" is given twice"}));
    cases.push_back(grid("value in quotes", "{\"grid\": {\"optim.lr\": [\n0.1,\n\"0.001\"]}}",
                         {"line 3", "optim.lr", "value 2 of 2", "write 0.001 without quotes"}));
    cases.push_back(grid("value listed twice", "{\"grid\": {\"optim.lr\": [0.001, 1e-3]}}",
                         {"values 1 and 2 are the same", "list each value once"}));
    cases.push_back(grid("seed listed twice", "{\"grid\": {\"depth\": [1]}, \"seeds\": [0, 1, 0]}",
                         {"seeds: 0 is listed twice"}));
    cases.push_back(grid("fractional seed", "{\"grid\": {\"depth\": [1]}, \"seeds\": [1.5]}",
                         {"seeds: the number 1.5 is not a whole number"}));
    cases.push_back(grid("negative seed", "{\"grid\": {\"depth\": [1]}, \"seeds\": [-3]}", {"seeds", "not a whole number >= 0"}));
    cases.push_back(grid("seeds not a list", "{\"grid\": {\"depth\": [1]}, \"seeds\": 3}", {"seeds: must be a list"}));
    cases.push_back(grid("empty seeds", "{\"grid\": {\"depth\": [1]}, \"seeds\": []}", {"seeds: the list is empty"}));
    cases.push_back(grid("empty grid", "{\"grid\": {}}", {"grid: must be an object of settings to vary"}));
    cases.push_back(grid("grid not an object", "{\"grid\": [\"optim.lr\"]}", {"grid: must be an object"}));
    cases.push_back(grid("axis not a list", "{\"grid\": {\"optim.lr\": 0.1}}", {"optim.lr: must be a non-empty list"}));
    cases.push_back(grid("empty axis", "{\"grid\": {\"optim.lr\": []}}", {"optim.lr: must be a non-empty list"}));
    cases.push_back(grid("unknown setting", "{\"grid\": {\"optim.lrr\": [1]}}", {"optim.lrr: unknown setting"}));
    cases.push_back(grid("unknown entry", "{\"grid\": {\"depth\": [1]}, \"seed\": [0]}", {"\"seed\": unknown entry"}));
    cases.push_back(grid("name not a text", "{\"name\": 7, \"grid\": {\"depth\": [1]}}", {"name: must be a text"}));
    cases.push_back(grid("name with a line break", "{\"name\": \"a\\nb\", \"grid\": {\"depth\": [1]}}",
                         {"name: must be a text on one line"}));
    cases.push_back(grid("base value in quotes", "{\"base\": {\n\"train.epochs\": \"2\"}, \"grid\": {\"depth\": [1]}}",
                         {"line 2: base: train.epochs", "without quotes"}));
    cases.push_back(grid("base not an object", "{\"base\": [1], \"grid\": {\"depth\": [1]}}", {"base", "JSON object"}));
    cases.push_back(grid("NaN in an axis", "{\"grid\": {\"optim.lr\": [NaN]}}", {"NaN and Infinity"}));
    cases.push_back(grid("mixed axis", "{\"grid\": {\"depth\": [1, \"two\"]}}", {"depth", "value 2 of 2"}));
    cases.push_back(grid("a hundred thousand runs",
                         "{\"grid\": {\"optim.lr\": [1,2,3,4,5,6,7,8,9,10], \"optim.min_lr\": [0,1e-9,2e-9,3e-9,4e-9,5e-9,6e-9,"
                         "7e-9,8e-9,9e-9], \"optim.weight_decay\": [0,1,2,3,4,5,6,7,8,9], \"optim.eps\": [1,2,3,4,5,6,7,8,9,10],"
                         "\"train.log_every\": [1,2,3,4,5,6,7,8,9,10]}}",
                         {"more than 10000 runs", "split the sweep"}));
    cases.push_back(grid("a point that does not validate", "{\"grid\": {\"depth\": [1, 0]}}",
                         {"[depth=0 seed=0] depth", "at least 1"}));
    // (A point's problem names the point, not the file: the file as such is sound.)
    cases.push_back({"grid/a point whose data is missing",
                     [](const CaseFolder &f) {
                         f.write("g.json", "{\"base\": {\"data.name\": \"cifar10\"}, \"grid\": {\"data.path\": [\"nowhere\"]}}");
                     },
                     sweep(), 2, {"nothing was created", "[data.path=nowhere seed=0] data.path", "nowhere' does not exist"}});
    // Random search (issue 21): distributions, the search entries and their options.
    cases.push_back(grid("uniform under grid", "{\"grid\": {\n\"optim.lr\": {\"uniform\": [0.001, 0.01]}}}",
                         {"line 2", "uniform draws values at random", "\"method\": \"random\""}));
    cases.push_back(grid("log range from 0",
                         "{\"method\": \"random\", \"runs\": 2, \"grid\": {\n\"optim.weight_decay\": {\"log_uniform\": [0, 1]}}}",
                         {"line 2", "log_uniform: the low end must be above 0"}));
    cases.push_back(grid("two distributions", "{\"method\": \"random\", \"runs\": 2, \"grid\": {\"depth\": "
                                              "{\"int_uniform\": [1, 2], \"choice\": [1]}}}",
                         {"give one distribution, not 2"}));
    cases.push_back(grid("random without runs", "{\"method\": \"random\", \"grid\": {\"depth\": [1, 2]}}",
                         {"random search needs the number of settings to draw"}));
    cases.push_back({"grid/search options", [](const CaseFolder &f) { f.write("g.json", "{\"grid\": {\"depth\": [1]}}"); },
                     sweep() + QStringList{"--method", "bayes", "--runs", "0", "--search-seed", "-4"}, 2,
                     {"--method: 'bayes' is not a search method", "--runs: '0' is not a whole number from 1 to 10000",
                      "--search-seed: '-4' is not a whole number from 0 to 2^53", "nothing was created"}});
    cases.push_back(grid("runs beside a grid", "{\"grid\": {\"depth\": [1, 2]}}", {"--runs applies to random search only"},
                         {"--runs", "5"}));
    cases.push_back(grid("not JSON", "{\"grid\": {\"depth\": [1,]}}", {"not valid JSON", "trailing comma"}));
    cases.push_back(grid("list root", "[{\"grid\": {}}]", {"a grid file is a JSON object"}));
    cases.push_back({"grid/seeds option repeated", [](const CaseFolder &f) { f.write("g.json", "{\"grid\": {\"depth\": [1]}}"); },
                     sweep() + QStringList{"--seeds", "1,2,1"}, 2, {"--seeds: 1 is listed twice"}});
    cases.push_back({"grid/seeds option not numbers", [](const CaseFolder &f) { f.write("g.json", "{\"grid\": {\"depth\": [1]}}"); },
                     sweep() + QStringList{"--seeds", "1,,x"}, 2, {"--seeds: '' is not a whole number", "'x'"}});
    cases.push_back({"grid file/missing", {}, sweep("none.json"), 2, {"{dir}/none.json", "does not exist"}});
    cases.push_back({"grid file/a folder", [](const CaseFolder &f) { f.mkdir("g.json"); }, sweep(), 2,
                     {"{dir}/g.json", "is a folder"}});
    cases.push_back({"grid file/empty", [](const CaseFolder &f) { f.write("g.json", {}); }, sweep(), 2,
                     {"{dir}/g.json", "is empty"}});
    cases.push_back({"grid file/fifo", [](const CaseFolder &f) { f.fifo("g.json"); }, sweep(), 2, {"{dir}/g.json", "is empty"}});
    cases.push_back({"grid file/dev zero", {}, QStringList{"sweep", "--store", "{dir}/store/runs.sqlite", "--grid", "/dev/zero"},
                     2, {"/dev/zero", "is a device"}});
    cases.push_back({"grid file/no permission",
                     [](const CaseFolder &f) {
                         f.write("g.json", "{\"grid\": {\"depth\": [1]}}");
                         f.chmod("g.json", 0);
                     },
                     sweep(), 2, {"{dir}/g.json", "permission denied"}});
    cases.push_back({"grid file/existing store untouched",
                     [](const CaseFolder &f) {
                         f.copyStore("store");
                         f.write("g.json", "{\"grid\": {\"depth\": [1, 1]}}");
                     },
                     sweep(), 2, {"values 1 and 2 are the same"}});
}

} // namespace

GATEFOLD_BAD_INPUTS(addGrids);

} // namespace gatefold::test
