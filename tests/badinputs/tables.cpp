// Bad table specs (table --spec): refused with the line and the entry, the
// store left as it was and nothing written.

#include "badinput.h"

namespace gatefold::test {
namespace {

QStringList table(const QString &file = QStringLiteral("t.json"))
{
    return {"table", "--store", "{dir}/store/runs.sqlite", "--all", "--spec", "{dir}/" + file, "--out", "{dir}/t.tex"};
}

BadInput spec(const QString &name, const QByteArray &json, const QStringList &mentions)
{
    return {"table spec/" + name,
            [json](const CaseFolder &f) {
                f.copyStore("store");
                f.write("t.json", json);
            },
            table(), 2, QStringList{"{dir}/t.json", "nothing was written"} + mentions};
}

BadInput specFile(const QString &name, const std::function<void(const CaseFolder &)> &make, const QStringList &mentions)
{
    return {"table spec file/" + name,
            [make](const CaseFolder &f) {
                f.copyStore("store");
                make(f);
            },
            table(), 2, QStringList{"{dir}/t.json"} + mentions};
}

void addTables(std::vector<BadInput> &cases)
{
    const QByteArray ok = "{\"source\": \"name\"}";
    cases.push_back(spec("duplicate key", "{\"columns\": [" + ok + "],\n\"caption\": \"a\",\n\"caption\": \"b\"}",
                         {"line 3", "\"caption\" is given twice"}));
    cases.push_back(spec("duplicate key in a column", "{\"columns\": [{\"source\": \"name\",\n\"decimals\": 1,\n\"decimals\": 9}]}",
                         {"line 3", "in columns[0]", "\"decimals\" is given twice"}));
    cases.push_back(spec("decimals in quotes", "{\"columns\": [{\"source\": \"params\",\n\"decimals\": \"2\"}]}",
                         {"line 2", "columns[0].decimals", "expected a whole number, not the text \"2\""}));
    cases.push_back(spec("decimals out of range", "{\"columns\": [{\"source\": \"params\", \"decimals\": 13}]}",
                         {"columns[0].decimals", "from 0 to 12"}));
    cases.push_back(spec("fractional decimals", "{\"columns\": [{\"source\": \"params\", \"decimals\": 1.5}]}",
                         {"columns[0].decimals", "from 0 to 12, not the number 1.5"}));
    cases.push_back(spec("scale NaN", "{\"columns\": [{\"source\": \"params\", \"scale\": NaN}]}", {"NaN and Infinity"}));
    cases.push_back(spec("scale zero", "{\"columns\": [{\"source\": \"params\", \"scale\": 0}]}", {"scale must be a non-zero"}));
    cases.push_back(spec("scale in quotes", "{\"columns\": [{\"source\": \"params\", \"scale\": \"1e-6\"}]}",
                         {"columns[0].scale", "expected a number"}));
    cases.push_back(spec("boolean in quotes", "{\"columns\": [{\"source\": \"params\", \"thousands\": \"yes\"}]}",
                         {"columns[0].thousands", "expected true or false"}));
    cases.push_back(spec("unknown column key", "{\"columns\": [{\"source\": \"name\",\n\"colour\": \"red\"}]}",
                         {"line 2", "unknown key 'colour'"}));
    cases.push_back(spec("unknown key", "{\"columns\": [" + ok + "], \"colour\": 1}", {"unknown key 'colour'"}));
    cases.push_back(spec("columns not a list", "{\"columns\": {\"source\": \"name\"}}", {"columns", "expected a list"}));
    cases.push_back(spec("columns missing", "{\"caption\": \"x\"}", {"\"columns\" is missing"}));
    cases.push_back(spec("no columns", "{\"columns\": []}", {"no columns"}));
    cases.push_back(spec("column not an object", "{\"columns\": [\"name\"]}", {"columns[0]", "a column is an object"}));
    cases.push_back(spec("column without a source", "{\"columns\": [{\"header\": \"x\"}]}", {"needs a \"source\""}));
    cases.push_back(spec("source a number", "{\"columns\": [{\"source\": 3}]}", {"columns[0].source", "expected a text"}));
    cases.push_back(spec("unknown source", "{\"columns\": [{\"source\": \"wat\"}]}", {"unknown source"}));
    cases.push_back(spec("unknown statistic", "{\"columns\": [{\"source\": \"metric:val/top1\", \"stat\": \"best\"}]}",
                         {"unknown statistic 'best'"}));
    cases.push_back(spec("unknown format", "{\"columns\": [{\"source\": \"params\", \"format\": \"roman\"}]}",
                         {"format 'roman'"}));
    cases.push_back(spec("unknown best", "{\"columns\": [{\"source\": \"params\", \"best\": \"up\"}]}", {"best 'up'"}));
    cases.push_back(spec("negative sort column", "{\"columns\": [" + ok + "], \"sort_column\": -1}",
                         {"sort_column", "from 0 to 1000"}));
    cases.push_back(spec("sort column beyond the columns", "{\"columns\": [" + ok + "], \"sort_column\": 4}",
                         {"sort column 5 does not exist"}));
    cases.push_back(spec("caption a number", "{\"columns\": [" + ok + "], \"caption\": 1}", {"caption", "expected a text"}));
    cases.push_back(spec("row not an object", "{\"columns\": [" + ok + "], \"rows\": [1]}", {"rows[0]", "a row is an object"}));
    cases.push_back(spec("row texts not texts", "{\"columns\": [" + ok + "], \"rows\": [{\"texts\": [1]}]}",
                         {"rows[0].texts", "not a text"}));
    cases.push_back(spec("row match with a list", "{\"columns\": [" + ok + "], \"rows\": [{\"match\": {\"depth\": [1]}}]}",
                         {"rows[0].match", "\"depth\" must be a text, number or true/false"}));
    cases.push_back(spec("not JSON", "{\"columns\": [\n{\"source\": \"name\"},\n", {"not valid JSON", "line 3"}));
    cases.push_back(spec("list root", "[" + ok + "]", {"a table spec is a JSON object"}));
    cases.push_back(specFile("missing", [](const CaseFolder &) {}, {"does not exist"}));
    cases.push_back(specFile("a folder", [](const CaseFolder &f) { f.mkdir("t.json"); }, {"is a folder"}));
    cases.push_back(specFile("empty", [](const CaseFolder &f) { f.write("t.json", {}); }, {"is empty"}));
    cases.push_back(specFile("fifo", [](const CaseFolder &f) { f.fifo("t.json"); }, {"is empty"}));
    cases.push_back(specFile("dev zero", [](const CaseFolder &f) { f.symlink("/dev/zero", "t.json"); }, {"is a device"}));
    cases.push_back(specFile("unreadable", [](const CaseFolder &f) {
        f.write("t.json", "{}");
        f.chmod("t.json", 0);
    }, {"permission denied"}));
}

} // namespace

GATEFOLD_BAD_INPUTS(addTables);

} // namespace gatefold::test
