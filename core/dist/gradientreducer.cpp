#include "gradientreducer.h"

#include <torch/csrc/autograd/variable.h>
#include <torch/torch.h>

#include <chrono>
#include <unordered_set>

namespace gatefold::dist {

GradientReducer::GradientReducer(DistGroup &group, std::vector<torch::Tensor> parameters, std::int64_t bucketBytes,
                                 std::int64_t firstBucketBytes)
    : m_group(group)
    , m_parameters(std::move(parameters))
    , m_slots(m_parameters.size())
    , m_arrived(m_parameters.size(), false)
{
    // Reverse order, one dtype and device per bucket.
    std::vector<std::vector<std::size_t>> members;
    std::int64_t filled = 0;
    for (std::size_t k = m_parameters.size(); k-- > 0;) {
        const auto &p = m_parameters[k];
        const std::int64_t cap = members.size() <= 1 ? firstBucketBytes : bucketBytes;
        const bool fits = !members.empty() && filled + p.nbytes() <= std::size_t(cap)
            && m_parameters[members.back().front()].options().type_equal(p.options());
        if (!fits) {
            members.emplace_back();
            filled = 0;
        }
        members.back().push_back(k);
        filled += std::int64_t(p.nbytes());
    }
    m_buckets.resize(members.size());
    for (std::size_t b = 0; b < members.size(); ++b) {
        std::int64_t offset = 0;
        for (std::size_t k : members[b]) {
            m_slots[k] = {b, offset, m_parameters[k].numel()};
            offset += m_parameters[k].numel();
        }
        m_buckets[b].members = members[b];
        m_buckets[b].buffer = torch::zeros({offset}, m_parameters[members[b].front()].options().requires_grad(false));
        m_bytes += std::int64_t(m_buckets[b].buffer.nbytes());
    }
    for (std::size_t k = 0; k < m_parameters.size(); ++k)
        m_hooks.push_back(
            m_parameters[k].register_hook([this, k](const torch::Tensor &grad) { onGradient(k, grad); }));
}

GradientReducer::~GradientReducer()
{
    for (std::size_t k = 0; k < m_hooks.size(); ++k)
        m_parameters[k].remove_hook(m_hooks[k]);
}

namespace {

// The autograd nodes backward from `loss` will run.
std::unordered_set<const torch::autograd::Node *> reachable(const torch::Tensor &loss)
{
    std::unordered_set<const torch::autograd::Node *> seen;
    std::vector<torch::autograd::Node *> stack{loss.grad_fn().get()};
    while (!stack.empty()) {
        torch::autograd::Node *node = stack.back();
        stack.pop_back();
        if (!node || !seen.insert(node).second)
            continue;
        for (const auto &edge : node->next_edges())
            stack.push_back(edge.function.get());
    }
    return seen;
}

} // namespace

void GradientReducer::prepare(const torch::Tensor &loss, bool addHeld)
{
    const auto graph = reachable(loss);
    std::lock_guard<std::mutex> lock(m_mutex);
    for (auto &b : m_buckets) {
        b.waiting = b.members.size();
        b.pending.reset();
        b.buffer.zero_();
    }
    std::fill(m_arrived.begin(), m_arrived.end(), false);
    m_nextLaunch = 0;
    m_overlapped = 0;
    m_addHeld = addHeld;
    // A parameter backward will not reach gets no gradient: zero (or what it holds), arrived now.
    for (std::size_t k = 0; k < m_parameters.size(); ++k) {
        const auto accumulator = torch::autograd::impl::try_get_grad_accumulator(m_parameters[k]);
        if (!accumulator || !graph.count(accumulator.get())) {
            const Slot &s = m_slots[k];
            if (addHeld && m_parameters[k].grad().defined())
                m_buckets[s.bucket].buffer.narrow(0, s.offset, s.numel).copy_(m_parameters[k].grad().reshape({-1}));
            m_arrived[k] = true;
            --m_buckets[m_slots[k].bucket].waiting;
        }
    }
    m_inBackward = true;
    launchReady();
}

void GradientReducer::onGradient(std::size_t index, const torch::Tensor &grad)
{
    std::lock_guard<std::mutex> lock(m_mutex);
    if (!m_inBackward || m_arrived[index])
        return;  // a backward outside a training step (e.g. an analysis) is not reduced
    const Slot &s = m_slots[index];
    Bucket &b = m_buckets[s.bucket];
    auto slot = b.buffer.narrow(0, s.offset, s.numel);
    slot.copy_(grad.detach().reshape({-1}));
    // Tensor hooks run before AccumulateGrad: .grad still holds the earlier micro-batches' sum.
    const auto &held = m_parameters[index].grad();
    if (m_addHeld && held.defined())
        slot.add_(held.detach().reshape({-1}));
    m_arrived[index] = true;
    --b.waiting;
    launchReady();
    if (m_nextLaunch > 0)
        m_overlapped = std::int64_t(m_nextLaunch);
}

void GradientReducer::launchReady()
{
    while (m_nextLaunch < m_buckets.size() && m_buckets[m_nextLaunch].waiting == 0) {
        Bucket &b = m_buckets[m_nextLaunch++];
        b.pending = m_group.allReduceSumAsync(b.buffer);
    }
}

void GradientReducer::finish()
{
    const auto t0 = std::chrono::steady_clock::now();
    {
        std::lock_guard<std::mutex> lock(m_mutex);
        m_inBackward = false;
        // Parameters without a gradient this step count as zero: the rest go out in order.
        for (auto &b : m_buckets)
            b.waiting = 0;
        launchReady();
    }
    const double scale = 1.0 / double(m_group.size());
    for (auto &b : m_buckets) {
        b.pending->wait();
        b.buffer.mul_(scale);
        for (std::size_t k : b.members) {
            auto &p = m_parameters[k];
            const Slot &s = m_slots[k];
            const auto average = b.buffer.narrow(0, s.offset, s.numel).view(p.sizes());
            if (p.grad().defined())
                p.mutable_grad().copy_(average);
            else
                p.mutable_grad() = average.clone();
        }
    }
    m_exposedSeconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
}

} // namespace gatefold::dist
