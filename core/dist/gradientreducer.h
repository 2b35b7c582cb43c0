#pragma once

#include "distgroup.h"

#include <torch/types.h>

#include <cstdint>
#include <memory>
#include <mutex>
#include <vector>

namespace gatefold::dist {

// Averages the gradients of `parameters` over the ranks of a group as DDP does:
// the parameters are packed, in reverse order (the order backward produces
// their gradients), into buckets of about `bucketBytes` (the first one
// `firstBucketBytes`, so communication starts early); a hook on each parameter
// copies its gradient into its bucket as backward makes it, and a bucket whose
// gradients are all there is summed across the ranks (an asynchronous
// all-reduce) while backward goes on. Buckets are launched strictly in order,
// so every rank issues the same collectives in the same order even when a
// parameter gets no gradient: prepare() walks the loss's autograd graph, as
// DDP's find_unused_parameters does, and counts a parameter it cannot reach
// as arrived with a zero gradient, so it holds back no bucket. finish() waits
// for the buckets, divides by the world size and writes the averages into .grad.
class GradientReducer
{
public:
    GradientReducer(DistGroup &group, std::vector<torch::Tensor> parameters,
                    std::int64_t bucketBytes = 25 << 20, std::int64_t firstBucketBytes = 1 << 20);
    ~GradientReducer();
    GradientReducer(const GradientReducer &) = delete;
    GradientReducer &operator=(const GradientReducer &) = delete;

    // After the forward pass, before backward. addHeld (gradient accumulation's last micro-batch):
    // each parameter's bucket slot gets this backward's gradient plus the .grad it already holds
    // (the earlier micro-batches', summed locally), so the average covers them all.
    void prepare(const torch::Tensor &loss, bool addHeld = false);
    void finish();   // after backward: every parameter's .grad is the mean over the ranks

    std::int64_t bucketCount() const { return std::int64_t(m_buckets.size()); }
    std::int64_t bytesPerStep() const { return m_bytes; }
    // Seconds finish() waited for communication that backward did not hide (the last step).
    double exposedSeconds() const { return m_exposedSeconds; }
    // Buckets whose all-reduce started during backward (the last step).
    std::int64_t overlappedBuckets() const { return m_overlapped; }

private:
    struct Slot {
        std::size_t bucket = 0;
        std::int64_t offset = 0;
        std::int64_t numel = 0;
    };
    struct Bucket {
        torch::Tensor buffer;          // flat, the parameters' dtype and device
        std::vector<std::size_t> members;
        std::size_t waiting = 0;       // gradients not yet copied in this step
        std::shared_ptr<DistGroup::Pending> pending;
    };

    void onGradient(std::size_t index, const torch::Tensor &grad);
    void launchReady();  // in order, from m_nextLaunch, while buckets are complete

    DistGroup &m_group;
    std::vector<torch::Tensor> m_parameters;
    std::vector<Slot> m_slots;
    std::vector<Bucket> m_buckets;
    std::vector<bool> m_arrived;
    std::vector<unsigned> m_hooks;
    std::size_t m_nextLaunch = 0;
    bool m_inBackward = false;
    bool m_addHeld = false;
    std::int64_t m_bytes = 0;
    double m_exposedSeconds = 0.0;
    std::int64_t m_overlapped = 0;
    std::mutex m_mutex;  // CUDA backward runs hooks on its device threads
};

} // namespace gatefold::dist
