// Options and situations of the commands that name files or processes.
// Each is refused with what stands there or what is wrong, before anything
// is read, written or started; no library's own text reaches the user.

#include "badinput.h"
#include "badinputfiles.h"

namespace gatefold::test {
namespace {

void addCommands(std::vector<BadInput> &cases)
{
    const auto store = [](const CaseFolder &f) { f.copyStore("store"); };
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
