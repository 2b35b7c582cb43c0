// Options and situations of the commands that name files or processes.
// Each is refused with what stands there or what is wrong, before anything
// is read, written or started; no library's own text reaches the user.

#include "badinput.h"
#include "badinputfiles.h"

namespace gatefold::test {
namespace {

QStringList queue(const QStringList &options)
{
    return QStringList{"queue", "--store", "{dir}/store/runs.sqlite"} + options;
}

void addCommands(std::vector<BadInput> &cases)
{
    const auto store = [](const CaseFolder &f) { f.copyStore("store"); };
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
