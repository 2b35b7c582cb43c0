#pragma once

#include <caffe2/serialize/read_adapter_interface.h>

#include <cstddef>
#include <cstdint>

namespace gatefold::model {

// Bytes in memory for LibTorch's zip reader (caffe2::serialize::PyTorchStreamReader),
// every read clamped to their end: a short read is the reader's "damaged archive",
// never a read past the buffer. LibTorch 1.13's own in-memory reader serves miniz's
// whole 4 KB blocks past the end of a truncated archive (AddressSanitizer:
// heap-buffer-overflow in mz_zip_reader_init). A view: the bytes must outlive it.
class BoundedBytes final : public caffe2::serialize::ReadAdapterInterface
{
public:
    BoundedBytes(const char *data, std::size_t size) : m_data(data), m_size(size) {}
    std::size_t size() const override { return m_size; }
    std::size_t read(std::uint64_t pos, void *buf, std::size_t n, const char *what = "") const override;

private:
    const char *m_data;
    std::size_t m_size;
};

} // namespace gatefold::model
