// safetensors (export verification reads what it wrote; a user may hand one
// in): decoded, every tensor's shape must hold exactly its data, and what
// decodes must encode and decode to the same tensors, bit for bit.

#include "fuzzharnesses.h"

#include "export/safetensors.h"

#include <algorithm>
#include <cstring>

namespace gatefold::fuzz {
namespace {

bool sameTensors(std::vector<exporting::NamedTensor> a, std::vector<exporting::NamedTensor> b)
{
    // File order breaks ties between equal offsets arbitrarily: compare by name.
    auto byName = [](const auto &x, const auto &y) { return x.name < y.name; };
    std::sort(a.begin(), a.end(), byName);
    std::sort(b.begin(), b.end(), byName);
    if (a.size() != b.size())
        return false;
    for (size_t i = 0; i < a.size(); ++i)
        if (a[i].name != b[i].name || a[i].shape != b[i].shape || a[i].data.size() != b[i].data.size()
            // memcmp of an empty tensor's data() (null) is undefined: compare only what is there.
            || (!a[i].data.empty()
                && std::memcmp(a[i].data.data(), b[i].data.data(), a[i].data.size() * sizeof(float)) != 0))
            return false;
    return true;
}

} // namespace

bool fuzzSafetensors(const std::uint8_t *data, std::size_t size)
{
    const QByteArray bytes = QByteArray::fromRawData(reinterpret_cast<const char *>(data), qsizetype(size));
    QString error;
    const auto tensors = exporting::decodeSafetensors(bytes, &error);
    if (!tensors) {
        FUZZ_CHECK(!error.isEmpty(), "refused without a reason");
        return false;
    }
    for (const auto &t : *tensors) {
        std::uint64_t elements = 1;
        for (const auto dim : t.shape) {
            FUZZ_CHECK(dim >= 0, "tensor " + t.name + " was accepted with a negative dimension");
            elements *= std::uint64_t(dim);
        }
        FUZZ_CHECK(elements == t.data.size(), "tensor " + t.name + ": its shape does not hold its data");
    }
    const QByteArray again = exporting::encodeSafetensors(*tensors);
    const auto back = exporting::decodeSafetensors(again, &error);
    FUZZ_CHECK(back.has_value(), "what it decoded does not encode and decode again: " + error);
    FUZZ_CHECK(sameTensors(*tensors, *back), "a round trip through encodeSafetensors changes the tensors");
    return true;
}

} // namespace gatefold::fuzz
