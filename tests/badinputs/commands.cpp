// Options of the commands that name files or processes: analyze --image and
// --views, data --samples, queue --handed-by, --parallel and --resume, and
// the engine log a failure outside a run points to. Each is refused with
// what stands there or what is wrong, before anything is read, written or
// started; no library's own text (OpenCV's assertions) reaches the user.

#include "badinput.h"
#include "badinputfiles.h"

namespace gatefold::test {
namespace {

QStringList analyzeImage(const QString &file)
{
    return {"analyze", "--run", "1", "--store", "{dir}/store/runs.sqlite", "--images", "2", "--image", file};
}

QStringList samples(const QString &file)
{
    return QStringList{"data", "--samples", file} + tinyModel();
}

QStringList queue(const QStringList &options)
{
    return QStringList{"queue", "--store", "{dir}/store/runs.sqlite"} + options;
}

const QByteArray kGif("GIF89a\x01\x00\x01\x00\x80\x00\x00\x00\x00\x00\xff\xff\xff!\xf9\x04\x01\x00\x00\x00\x00,\x00\x00"
                      "\x00\x00\x01\x00\x01\x00\x00\x02\x02D\x01\x00;",
                      43);

void addCommands(std::vector<BadInput> &cases)
{
    const auto store = [](const CaseFolder &f) { f.copyStore("store"); };
    // analyze --image: what stands there, named; a GIF is a format it does not read, not a damaged file.
    cases.push_back({"analyze image/dev zero", store, analyzeImage("/dev/zero"), 2, {"/dev/zero", "is a device"},
                     {}, false, {"no such file"}});
    cases.push_back({"analyze image/a folder", store, analyzeImage("{dir}/store"), 2, {"{dir}/store", "is a folder"},
                     {}, false, {"no such file"}});
    cases.push_back({"analyze image/a fifo",
                     [](const CaseFolder &f) {
                         f.copyStore("store");
                         f.fifo("x.png");
                     },
                     analyzeImage("{dir}/x.png"), 2, {"{dir}/x.png", "is a fifo"}});
    cases.push_back({"analyze image/a GIF",
                     [](const CaseFolder &f) {
                         f.copyStore("store");
                         f.write("x.gif", kGif);
                     },
                     analyzeImage("{dir}/x.gif"), 1, {"{dir}/x.gif", "GIF", "does not read", "JPEG, PNG"}, {}, false,
                     {"damaged"}});
    cases.push_back({"analyze views/empty names", store,
                     {"analyze", "--run", "1", "--store", "{dir}/store/runs.sqlite", "--views", ",,"}, 2,
                     {"--views", "empty view name"}});
    // A negative number where a run id belongs: said as such, not as Qt's "Unknown option '1'".
    cases.push_back({"runs show/negative id", store, {"runs", "show", "-1", "--store", "{dir}/store/runs.sqlite"}, 2,
                     {"'-1'", "negative number", "whole numbers > 0"}, {}, false, {"Unknown option"}});
    cases.push_back({"runs delete/negative id", store, {"runs", "delete", "-12", "--store", "{dir}/store/runs.sqlite"}, 2,
                     {"'-12'", "negative number"}, {}, false, {"Unknown option"}});
    // data --samples: the name, the extension and the folder are checked before the data set is read.
    cases.push_back({"data samples/GIF", {}, samples("{dir}/s.gif"), 2, {"{dir}/s.gif", ".gif", "use .png or .jpg"}});
    cases.push_back({"data samples/no extension", {}, samples("{dir}/s"), 2, {"{dir}/s", "no extension"}});
    cases.push_back({"data samples/a folder", {}, samples("{dir}"), 2, {"is a folder", "{dir}/samples.png"}});
    cases.push_back({"data samples/dev full", {}, samples("/dev/full"), 2, {"/dev/full", "is a device"}});
    cases.push_back({"data samples/missing folder", {}, samples("{dir}/none/s.png"), 2, {"{dir}/none", "does not exist"}});
    // queue: a pid is not a run id; --parallel as sweep's; a process that hands nothing over is not waited for.
    cases.push_back({"queue/handed-by negative", store, queue({"--handed-by", "-5"}), 2,
                     {"--handed-by '-5' is not a process id"}, {}, false, {"run id"}});
    cases.push_back({"queue/parallel 100000", store, queue({"--parallel", "100000"}), 2, {"from 1 to 64"}});
    cases.push_back({"queue/handed-by pid 1", store, queue({"--handed-by", "1", "1"}), 2,
                     {"--handed-by 1", "not a Gatefold window", "leave --handed-by out"}});
    // A finished run is not resumed: no engine starts, nothing is written into its folder.
    cases.push_back({"queue/resume a finished run", store, queue({"--resume", "1"}), 1,
                     {"run 1 is finished", "not resumed"}, {}, false, {"run 1 finished:"}});
    // A failure outside a run, with a home this user cannot write: the log named is one it wrote.
    cases.push_back({"engine log/home not writable", store,
                     {"analyze", "--run", "1", "--store", "{dir}/store/runs.sqlite", "--images", "2", "--out", "{dir}/a"},
                     1,
                     {"stopped", "The detail is in", "engine.log"},
                     {},
                     false,
                     {"/proc"},
                     {"GATEFOLD_TEST_THROW_AT=after-checkpoint-load", "HOME=/proc", "XDG_DATA_HOME=/proc/gatefold"}});
}

} // namespace

GATEFOLD_BAD_INPUTS(addCommands);

} // namespace gatefold::test
