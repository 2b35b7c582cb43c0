#pragma once

#include <ATen/core/ivalue.h>

#include <cstddef>
#include <string>

namespace gatefold::model {

// torch's pickle archive, in memory: a zip of `data.pkl` (the pickled value)
// and one record per tensor storage (`data/0`, `data/1`, …) — the file that
// Python's torch.save writes and torch.load reads.

// Appends `value` (dicts, lists, tuples, strings, numbers, booleans, None and
// tensors) to `out` as such an archive. Unlike torch::pickle_save, its dicts and
// lists carry no TorchScript type tags (the global
// torch.jit._pickle.restore_type_tag), which Python's restricted unpickler
// (torch.load(weights_only=True)) refuses. Throws c10::Error where LibTorch
// cannot pickle the value.
void writePickleArchive(const c10::IValue &value, std::string *out);

// What a torch zip archive holds.
enum class ArchiveContent {
    PickledValue,  // data.pkl is a value (writePickleArchive, torch::pickle_save)
    ScriptModule,  // a TorchScript module (torch::save, torch::serialize::OutputArchive): code and constants
};

// Throws (c10::Error) on bytes that are not a torch zip archive.
ArchiveContent archiveContent(const char *data, std::size_t size);

// The value of a PickledValue archive, its dicts and lists generic ones
// (Dict<Any, Any>, List<Any>) and its tensors on the CPU. Reads through
// BoundedBytes, accepts no class and no type tag (so no TorchScript type
// parser runs on the bytes), and checks that every tensor lies inside its
// storage and every storage inside its record. Throws (c10::Error,
// std::runtime_error) on damaged bytes.
c10::IValue readPickleArchive(const char *data, std::size_t size);

} // namespace gatefold::model
