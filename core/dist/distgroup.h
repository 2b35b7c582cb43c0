#pragma once

#include "worldinfo.h"

#include <torch/types.h>

#include <QByteArray>
#include <QString>

#include <chrono>
#include <memory>
#include <vector>

#include <torch/version.h>

#include <functional>
#include <stdexcept>

namespace c10d {
class Store;
class ProcessGroup;
class Backend;
}

namespace gatefold::dist {

// LibTorch 2 splits the process group into a front and per-device backends; the
// collectives DistGroup calls have the same signatures on both.
#if TORCH_VERSION_MAJOR >= 2
using GroupBase = c10d::Backend;
#else
using GroupBase = c10d::ProcessGroup;
#endif

// Raised when a collective cannot complete: a rank died (its connection
// closed), did not answer within the timeout, or said it failed. what() names
// the rank where it is known.
class RankLost : public std::runtime_error
{
public:
    using std::runtime_error::runtime_error;
};

enum class Backend { Gloo, Nccl };

// A rank's membership of a data-parallel job: c10d's TCPStore for the
// rendezvous and for small keys (the job description rank 0 publishes, a
// rank's last words), and a c10d process group (Gloo on the CPU, NCCL for CUDA
// tensors where this LibTorch has it) for the collectives. Every collective
// waits at most `timeout`; a failure becomes RankLost.
class DistGroup
{
public:
    // Rank 0 (unless torchrun's agent holds the store) serves the TCPStore at
    // world.masterPort (0: a free port, then masterPort() says which). Does
    // not wait for the other ranks: connect() does.
    static std::unique_ptr<DistGroup> create(WorldInfo world, std::chrono::milliseconds timeout, QString *error);
    ~DistGroup();
    DistGroup(const DistGroup &) = delete;
    DistGroup &operator=(const DistGroup &) = delete;

    // Builds the process group: waits until every rank has joined (at most the timeout).
    void connect(Backend backend);
    // The timeout of the collectives (before connect()).
    void setTimeout(std::chrono::milliseconds timeout) { m_timeout = timeout; }
    // Whether this LibTorch build has c10d's NCCL process group (and this build uses it).
    static bool ncclAvailable();

    const WorldInfo &world() const { return m_world; }
    int rank() const { return m_world.rank; }
    int size() const { return m_world.size; }
    int masterPort() const;
    QString backendName() const;

    // Small values in the TCPStore under the job's prefix. get() waits up to `timeout` for the key.
    void setKey(const QString &key, const QByteArray &value);
    QByteArray getKey(const QString &key, std::chrono::milliseconds timeout);
    bool hasKey(const QString &key);
    // This rank's last words, for rank 0's message when the job ends (best effort, never throws).
    void sayFailed(const QString &message);
    // What the other ranks said with sayFailed(), "rank N: message" each.
    QStringList failures();

    // Collectives (blocking): in place on every rank.
    void broadcast(std::vector<torch::Tensor> tensors, int root = 0);
    void allReduceSum(torch::Tensor &tensor);
    double allReduceMax(double value);
    void barrier();
    // For the gradient reducer: an asynchronous sum; wait() on the result (RankLost on failure).
    class Pending;
    std::shared_ptr<Pending> allReduceSumAsync(torch::Tensor tensor);

    // Turns what c10d throws into RankLost with what is known about the ranks.
    [[noreturn]] void lost(const std::exception &e, const char *during);
    // Extra words for lost() (the local launcher knows which child died and how).
    void setDiagnosis(std::function<QString()> diagnosis) { m_diagnosis = std::move(diagnosis); }

private:
    DistGroup() = default;
    WorldInfo m_world;
    std::chrono::milliseconds m_timeout{300000};
    c10::intrusive_ptr<c10d::Store> m_store;
    c10::intrusive_ptr<GroupBase> m_group;
    Backend m_backend = Backend::Gloo;
    std::function<QString()> m_diagnosis;
};

class DistGroup::Pending
{
public:
    virtual ~Pending() = default;
    virtual void wait() = 0;
};

} // namespace gatefold::dist
