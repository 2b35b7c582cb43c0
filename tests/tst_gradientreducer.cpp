// core/dist on its own: two ranks as two threads of this process, each with its own c10d
// TCPStore client and Gloo process group over loopback (real sockets, real collectives). The
// bucketed gradient reducer against the mean of the ranks' gradients computed apart; buckets
// launched during backward; parameters without a gradient; the group's sums and broadcast; a
// world read from the environment as torchrun and srun set it.

#include "testmain.h"
#ifndef Q_MOC_RUN  // moc needs none of these; following them (LibTorch's too) costs it seconds a file
#include <QtTest/QtTest>

#include "dist/distgroup.h"
#include "dist/gradientreducer.h"
#include "dist/worldinfo.h"

#include <torch/torch.h>

#include <functional>
#include <thread>
#endif

using namespace gatefold::dist;

namespace {

using std::chrono::seconds;

// Runs `body(group)` on ranks 0 and 1, each on its own thread; rank 0 serves the rendezvous.
void onTwoRanks(const std::function<void(DistGroup &)> &body)
{
    WorldInfo world = localWorld(2);
    QString error;
    auto leader = DistGroup::create(world, seconds(20), &error);
    QVERIFY2(leader, qPrintable(error));
    world.masterPort = leader->masterPort();
    world.rank = world.localRank = 1;
    std::string failure;
    std::thread other([&] {
        try {
            QString why;
            auto group = DistGroup::create(world, seconds(20), &why);
            if (!group)
                throw std::runtime_error(why.toStdString());
            group->connect(Backend::Gloo);
            body(*group);
        } catch (const std::exception &e) {
            failure = e.what();
        }
    });
    leader->connect(Backend::Gloo);
    body(*leader);
    other.join();
    QVERIFY2(failure.empty(), failure.c_str());
}

// A small MLP with one parameter that the forward pass never uses.
struct Net {
    torch::Tensor w1, b1, w2, unused;
    explicit Net(std::uint64_t seed)
    {
        torch::manual_seed(seed);
        w1 = torch::randn({16, 8}).requires_grad_();
        b1 = torch::randn({16}).requires_grad_();
        w2 = torch::randn({4, 16}).requires_grad_();
        unused = torch::randn({3}).requires_grad_();
    }
    std::vector<torch::Tensor> parameters() const { return {w1, b1, w2, unused}; }
    torch::Tensor loss(const torch::Tensor &x) const
    {
        return torch::tanh(x.matmul(w1.t()) + b1).matmul(w2.t()).pow(2).mean();
    }
};

torch::Tensor batchOf(int rank)
{
    return torch::randn({6, 8}, torch::TensorOptions().dtype(torch::kFloat32)) + double(rank);
}

} // namespace

class TstGradientReducer : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void averagesGradientsInBuckets();
    void groupSumsAndBroadcasts();
    void worldFromTheEnvironment();
};

// Both ranks hold the same weights and different batches: after the reducer each holds the mean of
// the two gradients, which the test computes apart on each rank's batch. Buckets of 256 bytes make
// one bucket a parameter, so the reduction of the first ones starts while backward still runs.
void TstGradientReducer::averagesGradientsInBuckets()
{
    torch::manual_seed(7);
    const torch::Tensor batches[2] = {batchOf(0), batchOf(1)};
    // The expected mean, on one thread, without any communication.
    std::vector<torch::Tensor> expected;
    {
        Net net(1);
        for (const auto &b : batches)
            net.loss(b).backward();
        for (const auto &p : net.parameters())
            expected.push_back(p.grad().defined() ? p.grad() / 2.0 : torch::zeros_like(p));
    }
    std::vector<torch::Tensor> got[2];
    std::int64_t overlapped[2] = {0, 0}, buckets[2] = {0, 0};
    onTwoRanks([&](DistGroup &group) {
        Net net(1);
        GradientReducer reducer(group, net.parameters(), 256, 256);
        for (int step = 0; step < 2; ++step) {  // the second step reuses the buckets
            for (auto &p : net.parameters())
                if (p.grad().defined())
                    p.mutable_grad().zero_();
            const auto loss = net.loss(batches[group.rank()]);
            reducer.prepare(loss);
            loss.backward();
            reducer.finish();
        }
        for (const auto &p : net.parameters())
            got[group.rank()].push_back(p.grad().clone());
        overlapped[group.rank()] = reducer.overlappedBuckets();
        buckets[group.rank()] = reducer.bucketCount();
    });
    for (int r = 0; r < 2; ++r) {
        QCOMPARE(buckets[r], std::int64_t(4));
        QVERIFY2(overlapped[r] >= 1, "no bucket was reduced during backward");
        QCOMPARE(got[r].size(), expected.size());
        for (size_t k = 0; k < expected.size(); ++k) {
            // float32 sums of two terms in another order: a few ulps.
            const double diff = (got[r][k] - expected[k]).abs().max().item<double>();
            QVERIFY2(diff <= 1e-6 * (1.0 + expected[k].abs().max().item<double>()),
                     qPrintable(QStringLiteral("rank %1, parameter %2: |Δ| %3").arg(r).arg(k).arg(diff)));
        }
        QCOMPARE(got[r].back().abs().sum().item<double>(), 0.0);  // never used: a zero gradient on every rank
    }
    // Both ranks hold bit-identical averages (the optimiser steps then agree).
    for (size_t k = 0; k < expected.size(); ++k)
        QVERIFY(torch::equal(got[0][k], got[1][k]));
}

void TstGradientReducer::groupSumsAndBroadcasts()
{
    onTwoRanks([](DistGroup &group) {
        auto t = torch::tensor({1.0 + group.rank(), 10.0}, torch::kFloat64);
        group.allReduceSum(t);
        if (t[0].item<double>() != 3.0 || t[1].item<double>() != 20.0)
            throw std::runtime_error("allReduceSum did not sum");
        if (group.allReduceMax(group.rank() == 1 ? 5.0 : 1.0) != 5.0)
            throw std::runtime_error("allReduceMax did not take the maximum");
        auto w = torch::full({3}, double(group.rank() + 1));
        group.broadcast({w});
        if (!torch::equal(w, torch::ones({3})))
            throw std::runtime_error("broadcast did not give rank 0's tensor");
        if (group.rank() == 0)
            group.setKey(QStringLiteral("job"), "hello");
        if (group.getKey(QStringLiteral("job"), seconds(10)) != "hello")
            throw std::runtime_error("the job key did not travel");
    });
}

void TstGradientReducer::worldFromTheEnvironment()
{
    const char *names[] = {"RANK", "WORLD_SIZE", "LOCAL_RANK", "LOCAL_WORLD_SIZE", "MASTER_ADDR", "MASTER_PORT",
                           "SLURM_STEP_ID", "SLURM_PROCID", "SLURM_STEP_NUM_TASKS", "SLURM_LOCALID",
                           "SLURM_STEP_TASKS_PER_NODE", "GATEFOLD_LAUNCHER", "TORCHELASTIC_USE_AGENT_STORE"};
    QHash<QString, QByteArray> saved;
    for (const char *n : names) {
        if (qEnvironmentVariableIsSet(n))
            saved.insert(n, qgetenv(n));
        qunsetenv(n);
    }
    QString error;
    QVERIFY(!gatefold::dist::worldFromEnvironment(&error) && error.isEmpty());  // a single process
    qputenv("RANK", "1");
    qputenv("WORLD_SIZE", "2");
    qputenv("MASTER_PORT", "29555");
    auto w = gatefold::dist::worldFromEnvironment(&error);
    QVERIFY2(w, qPrintable(error));
    QCOMPARE(w->rank, 1);
    QCOMPARE(w->size, 2);
    QCOMPARE(w->masterAddr, QStringLiteral("127.0.0.1"));
    QCOMPARE(w->launcher, QStringLiteral("torchrun"));
    qputenv("RANK", "2");
    QVERIFY(!gatefold::dist::worldFromEnvironment(&error));
    QVERIFY2(error.contains("RANK/WORLD_SIZE"), qPrintable(error));
    qputenv("RANK", "0");
    qputenv("MASTER_PORT", "abc");
    error.clear();
    QVERIFY(!gatefold::dist::worldFromEnvironment(&error));
    QVERIFY2(error.contains("MASTER_PORT"), qPrintable(error));
    // srun: SLURM_* inside a job step, RANK/WORLD_SIZE unset.
    qunsetenv("RANK");
    qunsetenv("WORLD_SIZE");
    qputenv("MASTER_PORT", "29556");
    qputenv("MASTER_ADDR", "node1");
    qputenv("SLURM_STEP_ID", "0");
    qputenv("SLURM_PROCID", "3");
    qputenv("SLURM_STEP_NUM_TASKS", "4");
    qputenv("SLURM_LOCALID", "1");
    qputenv("SLURM_STEP_TASKS_PER_NODE", "2(x2)");
    error.clear();
    w = gatefold::dist::worldFromEnvironment(&error);
    QVERIFY2(w, qPrintable(error));
    QCOMPARE(w->rank, 3);
    QCOMPARE(w->size, 4);
    QCOMPARE(w->localRank, 1);
    QCOMPARE(w->localSize, 2);
    QCOMPARE(w->masterAddr, QStringLiteral("node1"));
    QCOMPARE(w->launcher, QStringLiteral("srun"));
    // Several machines without MASTER_ADDR: refused, saying how to set it.
    qunsetenv("MASTER_ADDR");
    error.clear();
    QVERIFY(!gatefold::dist::worldFromEnvironment(&error));
    QVERIFY2(error.contains("MASTER_ADDR"), qPrintable(error));
    for (const char *n : names)
        qunsetenv(n);
    for (auto it = saved.begin(); it != saved.end(); ++it)
        qputenv(it.key().toUtf8().constData(), it.value());
}

GATEFOLD_TEST_MAIN(TstGradientReducer)
#include "tst_gradientreducer.moc"
