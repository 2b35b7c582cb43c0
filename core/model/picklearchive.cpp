#include "picklearchive.h"

#include "boundedbytes.h"

#include <caffe2/serialize/inline_container.h>
#include <torch/csrc/jit/serialization/export.h>
#include <torch/csrc/jit/serialization/pickler.h>
#include <torch/csrc/jit/serialization/unpickler.h>

#include <algorithm>
#include <cstring>
#include <map>
#include <stdexcept>

namespace gatefold::model {
namespace {

// Deeper than any value Gatefold writes (a checkpoint nests 4 levels).
constexpr int kMaxPickleNesting = 32;

// The unpickler's resolver of classes and type tags, and its parser of type names (by default a
// TorchScript type parser that is not safe on damaged text:
// fuzz/regressions/checkpoint/libtorch-1.13-scripttypeparser-segv.pt). A plain value needs neither.
std::runtime_error typeRefusal(const std::string &type)
{
    return std::runtime_error("the archive holds a TorchScript type or class ('" + type.substr(0, 60)
                              + "'), which a plain pickled value never does");
}

c10::TypePtr refuseTypeName(const std::string &type)
{
    throw typeRefusal(type);
}

c10::StrongTypePtr refuseClass(const c10::QualifiedName &name)
{
    throw typeRefusal(name.qualifiedName());
}

// Whether `t` lies inside its storage and the storage inside the record it was read from (the
// unpickler trusts the sizes, strides and element counts it is given).
bool tensorInsideRecord(const at::Tensor &t, const std::map<const void *, std::size_t> &records)
{
    if (t.layout() != at::kStrided || !t.device().is_cpu())
        return false;
    const std::size_t storageBytes = t.storage().nbytes();
    if (storageBytes > 0) {
        const auto record = records.find(t.storage().data());
        if (record == records.end() || storageBytes > record->second)
            return false;
    }
    std::int64_t last = t.storage_offset();  // the element furthest into the storage
    if (last < 0)
        return false;
    for (std::int64_t d = 0; d < t.dim(); ++d) {
        const std::int64_t size = t.sizes()[d], stride = t.strides()[d];
        if (size < 0 || stride < 0)
            return false;
        if (size == 0)
            return true;  // no element
        std::int64_t reach = 0;
        if (__builtin_mul_overflow(size - 1, stride, &reach) || __builtin_add_overflow(last, reach, &last))
            return false;
    }
    std::int64_t end = 0;
    return !__builtin_mul_overflow(last + 1, std::int64_t(t.element_size()), &end) && std::uint64_t(end) <= storageBytes;
}

void checkPickledValue(const c10::IValue &v, const std::map<const void *, std::size_t> &records, int depth)
{
    if (depth > kMaxPickleNesting)
        throw std::runtime_error("the archive's value nests deeper than " + std::to_string(kMaxPickleNesting)
                                 + " levels");
    if (v.isTensor()) {
        if (v.toTensor().defined() && !tensorInsideRecord(v.toTensor(), records))
            throw std::runtime_error("a tensor of the archive reaches past the data stored for it");
    } else if (v.isGenericDict()) {
        for (const auto &entry : v.toGenericDict()) {
            checkPickledValue(entry.key(), records, depth + 1);
            checkPickledValue(entry.value(), records, depth + 1);
        }
    } else if (v.isList()) {
        for (const c10::IValue &item : v.toListRef())
            checkPickledValue(item, records, depth + 1);
    } else if (v.isTuple()) {
        for (const c10::IValue &item : v.toTupleRef().elements())
            checkPickledValue(item, records, depth + 1);
    } else if (!v.isString() && !v.isInt() && !v.isDouble() && !v.isBool() && !v.isNone()) {
        throw std::runtime_error(std::string("the archive holds a value of kind ") + v.tagKind()
                                 + ", which a plain pickled value never does");
    }
}

} // namespace

void writePickleArchive(const c10::IValue &value, std::string *out)
{
    std::vector<char> pickled;
    auto append = [&pickled](const char *bytes, std::size_t n) { pickled.insert(pickled.end(), bytes, bytes + n); };
    torch::jit::Pickler pickler(append, /*tensor_table=*/nullptr, /*type_renamer=*/nullptr, /*memoized_class_types=*/nullptr,
                                /*get_tensor_id=*/nullptr, /*tag_aggregates=*/false);
    pickler.protocol();
    pickler.pushIValue(value);
    pickler.stop();
    // The archive's size, reserved: no doubling of a checkpoint-sized buffer (records are aligned
    // to 64 bytes, and each has a local header and a central directory entry).
    std::size_t expected = pickled.size() + 4096;
    for (const auto &tensor : pickler.tensorData())
        expected += tensor.storage().nbytes() + 256;
    out->reserve(out->size() + expected);
    caffe2::serialize::PyTorchStreamWriter zip([out](const void *bytes, std::size_t n) {
        out->append(static_cast<const char *>(bytes), n);
        return n;
    });
    torch::jit::writeArchiveAndTensors("data", pickled.data(), pickled.size(), pickler.tensorData(), zip);
    zip.writeEndOfFile();
}

ArchiveContent archiveContent(const char *data, std::size_t size)
{
    caffe2::serialize::PyTorchStreamReader reader(std::make_shared<BoundedBytes>(data, size));
    return reader.hasRecord("constants.pkl") ? ArchiveContent::ScriptModule : ArchiveContent::PickledValue;
}

c10::IValue readPickleArchive(const char *data, std::size_t size)
{
    caffe2::serialize::PyTorchStreamReader reader(std::make_shared<BoundedBytes>(data, size));
    if (!reader.hasRecord("data.pkl"))
        throw std::runtime_error("the archive holds no data.pkl");
    at::DataPtr pickle;
    std::size_t pickleSize = 0;
    std::tie(pickle, pickleSize) = reader.getRecord("data.pkl");
    std::size_t offset = 0;
    auto readPickle = [&](char *buf, std::size_t n) {
        n = std::min(n, pickleSize - offset);
        if (n > 0)
            std::memcpy(buf, static_cast<const char *>(pickle.get()) + offset, n);
        offset += n;
        return n;
    };
    std::map<const void *, std::size_t> records;  // where each storage's bytes were read to, and how many
    auto readRecord = [&](const std::string &key) {
        at::DataPtr bytes;
        std::size_t n = 0;
        std::tie(bytes, n) = reader.getRecord("data/" + key);
        records[bytes.get()] = n;
        return bytes;
    };
    torch::jit::Unpickler unpickler(readPickle, refuseClass, /*obj_loader=*/nullptr, readRecord, at::Device(at::kCPU),
                                    /*use_storage_device=*/false, refuseTypeName);
    unpickler.set_version(reader.version());
    c10::IValue value = unpickler.parse_ivalue();
    checkPickledValue(value, records, 0);
    return value;
}

} // namespace gatefold::model
