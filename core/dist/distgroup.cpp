#include "distgroup.h"

#include <torch/csrc/distributed/c10d/PrefixStore.hpp>
#include <torch/csrc/distributed/c10d/ProcessGroupGloo.hpp>
#include <torch/csrc/distributed/c10d/TCPStore.hpp>
#ifdef USE_C10D_NCCL
#include <torch/csrc/distributed/c10d/ProcessGroupNCCL.hpp>
#endif
#include <torch/version.h>

#include <QStringList>

namespace gatefold::dist {
namespace {

std::vector<uint8_t> bytes(const QByteArray &value)
{
    return std::vector<uint8_t>(value.begin(), value.end());
}

std::shared_ptr<::gloo::transport::Device> glooDevice(const WorldInfo &world)
{
    const QString iface = qEnvironmentVariable("GLOO_SOCKET_IFNAME");
    if (!iface.isEmpty())
        return c10d::ProcessGroupGloo::createDeviceForInterface(iface.toStdString());
    if (world.allLocal())
        return c10d::ProcessGroupGloo::createDeviceForHostname("127.0.0.1");
    return c10d::ProcessGroupGloo::createDefaultDevice();
}

class WorkPending : public DistGroup::Pending
{
public:
    WorkPending(DistGroup *group, c10::intrusive_ptr<c10d::Work> work)
        : m_group(group)
        , m_work(std::move(work))
    {
    }
    void wait() override
    {
        try {
            m_work->wait();
        } catch (const std::exception &e) {
            m_group->lost(e, "the gradient all-reduce");
        }
    }

private:
    DistGroup *m_group;
    c10::intrusive_ptr<c10d::Work> m_work;
};

} // namespace

std::unique_ptr<DistGroup> DistGroup::create(WorldInfo world, std::chrono::milliseconds timeout, QString *error)
{
    std::unique_ptr<DistGroup> group(new DistGroup);
    group->m_world = world;
    group->m_timeout = timeout;
    c10d::TCPStoreOptions options;
    options.port = std::uint16_t(world.masterPort);
    options.isServer = world.isLeader() && !world.agentStore;
    options.numWorkers = c10::nullopt;  // the process group's own rendezvous waits for the ranks
    options.waitWorkers = false;
    options.timeout = timeout;
    try {
        auto tcp = c10::make_intrusive<c10d::TCPStore>(world.masterAddr.toStdString(), options);
        group->m_world.masterPort = tcp->getPort();
        group->m_store = c10::make_intrusive<c10d::PrefixStore>("gatefold/" + world.keyPrefix.toStdString(), tcp);
    } catch (const std::exception &e) {
        *error = world.isLeader() && !world.agentStore
            ? QStringLiteral("cannot serve the rendezvous of %1 ranks on port %2: %3; set MASTER_PORT to a free port")
                  .arg(world.size)
                  .arg(world.masterPort)
                  .arg(QString::fromUtf8(e.what()).section('\n', 0, 0))
            : QStringLiteral("cannot reach rank 0's rendezvous at %1:%2 within %3 s: %4; check MASTER_ADDR and "
                             "MASTER_PORT and that rank 0 started")
                  .arg(world.masterAddr)
                  .arg(world.masterPort)
                  .arg(timeout.count() / 1000)
                  .arg(QString::fromUtf8(e.what()).section('\n', 0, 0));
        return nullptr;
    }
    return group;
}

DistGroup::~DistGroup() = default;

int DistGroup::masterPort() const
{
    return m_world.masterPort;
}

bool DistGroup::ncclAvailable()
{
#ifdef USE_C10D_NCCL
    return true;
#else
    return false;
#endif
}

QString DistGroup::backendName() const
{
    return m_backend == Backend::Nccl ? QStringLiteral("nccl") : QStringLiteral("gloo");
}

void DistGroup::connect(Backend backend)
{
    m_backend = backend;
    try {
        if (backend == Backend::Nccl) {
#ifdef USE_C10D_NCCL
            auto options = c10d::ProcessGroupNCCL::Options::create();
            options->timeout = m_timeout;
            m_group = c10::make_intrusive<c10d::ProcessGroupNCCL>(m_store, rank(), size(), options);
#else
            throw std::runtime_error("this LibTorch was built without NCCL; use compute.dist_backend=gloo");
#endif
        } else {
            auto options = c10d::ProcessGroupGloo::Options::create(m_timeout);
            options->devices.push_back(glooDevice(m_world));
            options->threads = 2;
            m_group = c10::make_intrusive<c10d::ProcessGroupGloo>(m_store, rank(), size(), options);
        }
    } catch (const std::exception &e) {
        lost(e, "joining the process group");
    }
}

void DistGroup::setKey(const QString &key, const QByteArray &value)
{
    m_store->set(key.toStdString(), bytes(value));
}

QByteArray DistGroup::getKey(const QString &key, std::chrono::milliseconds timeout)
{
    m_store->wait({key.toStdString()}, timeout);
    const auto value = m_store->get(key.toStdString());
    return QByteArray(reinterpret_cast<const char *>(value.data()), qsizetype(value.size()));
}

bool DistGroup::hasKey(const QString &key)
{
    return m_store->check({key.toStdString()});
}

void DistGroup::sayFailed(const QString &message)
{
    try {
        setKey(QStringLiteral("failed/%1").arg(rank()), message.toUtf8());
    } catch (...) {
    }
}

QStringList DistGroup::failures()
{
    QStringList said;
    for (int r = 0; r < size(); ++r) {
        if (r == rank())
            continue;
        try {
            const QString key = QStringLiteral("failed/%1").arg(r);
            if (hasKey(key))
                said << QStringLiteral("rank %1: %2").arg(r).arg(QString::fromUtf8(getKey(key, m_timeout)));
        } catch (...) {
            break;  // the store itself is gone (rank 0 died)
        }
    }
    return said;
}

void DistGroup::lost(const std::exception &e, const char *during)
{
    const QString what = QString::fromUtf8(e.what()).section('\n', 0, 0).trimmed();
    QStringList why;
    if (m_diagnosis)
        why << m_diagnosis();
    why << failures();
    why.removeAll(QString());
    const bool timedOut = what.contains(QLatin1String("imed out"), Qt::CaseInsensitive)
        || what.contains(QLatin1String("timeout"), Qt::CaseInsensitive);
    QString cause;
    if (!why.isEmpty())
        cause = why.join(QStringLiteral("; "));
    else if (timedOut)
        cause = QStringLiteral("a rank did not answer within compute.dist_timeout (%1 s): it hangs or its machine is "
                               "unreachable")
                    .arg(m_timeout.count() / 1000);
    else
        cause = QStringLiteral("another rank stopped (its connection closed)");
    throw RankLost(QStringLiteral("the data-parallel job lost a rank: %1 (rank %2, during %3: %4)")
                       .arg(cause)
                       .arg(rank())
                       .arg(QLatin1String(during), what)
                       .toStdString());
}

void DistGroup::broadcast(std::vector<torch::Tensor> tensors, int root)
{
    try {
        c10d::BroadcastOptions options;
        options.rootRank = root;
        options.timeout = m_timeout;
        for (auto &t : tensors) {
            std::vector<torch::Tensor> one{t};
            m_group->broadcast(one, options)->wait();
        }
    } catch (const RankLost &) {
        throw;
    } catch (const std::exception &e) {
        lost(e, "the broadcast of the weights");
    }
}

void DistGroup::allReduceSum(torch::Tensor &tensor)
{
    // NCCL reduces CUDA tensors only: small CPU values travel through this rank's device.
    const bool staged = m_backend == Backend::Nccl && !tensor.is_cuda();
    torch::Tensor wire = staged ? tensor.to(torch::Device(torch::kCUDA, m_world.localRank)) : tensor;
    try {
        std::vector<torch::Tensor> one{wire};
        c10d::AllreduceOptions options;
        options.timeout = m_timeout;
        m_group->allreduce(one, options)->wait();
    } catch (const std::exception &e) {
        lost(e, "an all-reduce");
    }
    if (staged)
        tensor.copy_(wire.cpu());
}

double DistGroup::allReduceMax(double value)
{
    auto t = torch::full({1}, value, torch::kFloat64);
    if (m_backend == Backend::Nccl)
        t = t.to(torch::Device(torch::kCUDA, m_world.localRank));
    try {
        std::vector<torch::Tensor> one{t};
        c10d::AllreduceOptions options;
        options.reduceOp = c10d::ReduceOp::MAX;
        options.timeout = m_timeout;
        m_group->allreduce(one, options)->wait();
    } catch (const std::exception &e) {
        lost(e, "a step");
    }
    return t.item<double>();
}

void DistGroup::barrier()
{
    try {
        c10d::BarrierOptions options;
        options.timeout = m_timeout;
        m_group->barrier(options)->wait();
    } catch (const std::exception &e) {
        lost(e, "a barrier");
    }
}

std::shared_ptr<DistGroup::Pending> DistGroup::allReduceSumAsync(torch::Tensor tensor)
{
    try {
        std::vector<torch::Tensor> one{std::move(tensor)};
        c10d::AllreduceOptions options;
        options.timeout = m_timeout;
        return std::make_shared<WorkPending>(this, m_group->allreduce(one, options));
    } catch (const std::exception &e) {
        lost(e, "the gradient all-reduce");
    }
}

} // namespace gatefold::dist
