// CIFAR-10/-100 binary batches: the input is one batch file (data_batch_1.bin
// of CIFAR-10, train.bin of CIFAR-100) in a folder whose other files are
// whole; every image of what opens is read.

#include "fuzzharnesses.h"
#include "scratchdir.h"

#include "data/cifarbinary.h"

#include <memory>

namespace gatefold::fuzz {
namespace {

// One record: label byte(s), then 3072 pixel bytes.
std::string record(int labelBytes)
{
    return std::string(size_t(labelBytes), '\1') + std::string(3072, '\x80');
}

const ScratchDir &cifarFolder()
{
    static const ScratchDir dir("cifar");
    static const bool ready = [] {
        const ScratchDir &d = dir;
        for (int b = 2; b <= 5; ++b)
            d.write("data_batch_" + std::to_string(b) + ".bin", record(1));
        d.write("test_batch.bin", record(1));
        d.write("test.bin", record(2));
        return true;
    }();
    (void)ready;
    return dir;
}

// Opens the folder as `cifar100`/`coarse`; reads everything of an accepted set.
bool openAndRead(const ScratchDir &dir, bool cifar100, bool coarse, const std::string &inputFile)
{
    std::string error;
    const auto set = data::CifarBinary::open(dir.path(), cifar100, coarse, &error);
    if (!set) {
        FUZZ_CHECK(error.find(inputFile) != std::string::npos, "a refusal that does not name the file: " + error);
        return false;
    }
    const int classes = int(set->classNames().size());
    FUZZ_CHECK(classes == (!cifar100 ? 10 : coarse ? 20 : 100), "wrong class count");
    for (data::Split split : {data::Split::Train, data::Split::Val}) {
        for (std::int64_t i = 0; i < set->size(split); ++i) {
            const int label = set->label(split, i);
            FUZZ_CHECK(label >= 0 && label < classes, "a label out of range was accepted");
            const cv::Mat image = set->image(split, i);
            FUZZ_CHECK(image.rows == 32 && image.cols == 32 && image.type() == CV_8UC3, "an image of the wrong shape");
            FUZZ_CHECK(!set->origin(split, i).empty(), "an image without an origin");
        }
    }
    return true;
}

} // namespace

bool fuzzCifar(const std::uint8_t *data, std::size_t size)
{
    const ScratchDir &dir = cifarFolder();
    dir.write("data_batch_1.bin", data, size);
    dir.write("train.bin", data, size);
    const bool ten = openAndRead(dir, false, false, dir.file("data_batch_1.bin"));
    const bool hundred = openAndRead(dir, true, false, dir.file("train.bin"));
    const bool coarse = openAndRead(dir, true, true, dir.file("train.bin"));
    return ten || hundred || coarse;
}

} // namespace gatefold::fuzz
