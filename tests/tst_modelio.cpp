// saveWeights / loadWeights: a round trip is exact; every refusal names what
// is wrong and leaves the target model as it was. The pickle archive of
// checkpoints (picklearchive.h): what it writes reads back as written, with no
// type tags; what it never writes is refused.

#include "testmain.h"
#ifndef Q_MOC_RUN  // moc needs none of these; following them (LibTorch's too) costs it seconds a file
#include <QtTest/QtTest>

#include "model/modelio.h"
#include "model/picklearchive.h"
#include "testsupport.h"

#include <torch/serialize/output-archive.h>
#include <torch/torch.h>

#include <fstream>
#include <sstream>
#include <sys/stat.h>
#include <functional>
#endif

using namespace gatefold::model;
using namespace gatefold::test;


namespace {

// Every kind of parameter a model can hold: shared C, per-layer E, a plain block.
ViTConfig ioConfig()
{
    ViTConfig c = tinyCde();
    c.gate.blocks = {0, 2};
    c.gate.embedInit = EmbedInit::Normal;
    return c;
}

std::vector<char> readChars(const QString &path)
{
    std::ifstream in(path.toStdString(), std::ios::binary);
    return {std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
}

// {"t": 0, 1, …, 19 (float32)} as a pickle archive, and where in it the storage's element count
// (20) and the tensor's size (20) are pickled: both BININT1 ('K') after the storage's 'cpu'.
struct PickledTwenty {
    std::string bytes;
    size_t numelAt = 0;
    size_t sizeAt = 0;
};

PickledTwenty pickledTwenty()
{
    PickledTwenty p;
    auto dict = c10::impl::GenericDict(c10::StringType::get(), c10::AnyType::get());
    dict.insert("t", torch::arange(20, torch::kFloat32));
    writePickleArchive(dict, &p.bytes);
    const size_t cpu = p.bytes.find("cpu");
    p.numelAt = p.bytes.find("K\x14", cpu) + 1;
    p.sizeAt = p.bytes.find("K\x14", p.numelAt) + 1;
    return p;
}

void writeChars(const QString &path, const std::vector<char> &bytes)
{
    std::ofstream out(path.toStdString(), std::ios::binary | std::ios::trunc);
    out.write(bytes.data(), std::streamsize(bytes.size()));
}

} // namespace

class TstModelIo : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void init();
    void roundTripIsExact();
    void otherConfigIsRefused_data();
    void otherConfigIsRefused();
    void damagedFileIsRefused_data();
    void damagedFileIsRefused();
    void missingFileIsRefused();
    void notAFileIsRefused_data();
    void notAFileIsRefused();
    void unwritablePathFails();
    void pickleArchiveRoundTrip();
    void pickleArchiveRefusesWhatItNeverWrites_data();
    void pickleArchiveRefusesWhatItNeverWrites();

private:
    QTemporaryDir m_dir;
    QString m_saved;  // ioConfig() weights, written by init()
};

void TstModelIo::init()
{
    QVERIFY(m_dir.isValid());
    torch::manual_seed(30);
    auto m = build(ioConfig());
    randomize(*m);
    m_saved = m_dir.filePath("saved.pt");
    std::string error;
    QVERIFY2(saveWeights(m, m_saved.toStdString(), &error), error.c_str());
}

void TstModelIo::roundTripIsExact()
{
    torch::manual_seed(31);
    auto original = build(ioConfig());
    randomize(*original);
    const QString path = m_dir.filePath("roundtrip.pt");
    std::string error;
    QVERIFY2(saveWeights(original, path.toStdString(), &error), error.c_str());
    QVERIFY(QFileInfo::exists(path));
    QVERIFY(!QFileInfo::exists(path + ".partial"));  // the temporary file is renamed away

    torch::manual_seed(32);  // other random weights
    auto loaded = build(ioConfig());
    original->eval();
    loaded->eval();
    auto x = images(ioConfig(), 2);
    QVERIFY(!torch::equal(loaded->forward(x), original->forward(x)));
    QVERIFY2(loadWeights(loaded, path.toStdString(), &error), error.c_str());
    QVERIFY(sameAsSnapshot(*loaded, snapshot(*original)));
    QVERIFY(torch::equal(loaded->forward(x), original->forward(x)));
    // The shared codebook is loaded in place: the gates still read the model's parameter.
    for (const auto &gate : loaded->gates())
        QVERIFY(gate->codebook().is_same(loaded->cde->codebook));
}

void TstModelIo::otherConfigIsRefused_data()
{
    QTest::addColumn<ConfigEdit>("edit");
    QTest::addColumn<QString>("tensor");  // what the error must name
    // Names are checked in sorted order, so the first mismatch is named.
    QTest::newRow("other K: shape differs") << ConfigEdit([](ViTConfig &c) { c.gate.codebookSize = 7; })
                                            << "'blocks.0.mlp.gate.embed' has shape";
    QTest::newRow("deeper: tensor missing from the file")
        << ConfigEdit([](ViTConfig &c) { c.depth = 4; }) << "blocks.3.";
    QTest::newRow("shallower: extra tensor in the file")
        << ConfigEdit([](ViTConfig &c) {
               c.depth = 2;
               c.gate.blocks = {0};
           })
        << "blocks.2.";
    QTest::newRow("plain model: gate tensors in the file")
        << ConfigEdit([](ViTConfig &c) { c.gate.kind = GateKind::None; }) << "'blocks.0.mlp.gate.embed'";
    QTest::newRow("per-layer C: codebook missing") << ConfigEdit([](ViTConfig &c) {
        c.gate.codebookSharing = Sharing::PerLayer;
    }) << "mlp.gate.codebook";
    QTest::newRow("wider MLP") << ConfigEdit([](ViTConfig &c) { c.mlpRatio = 3.0; }) << "mlp.fc";
}

void TstModelIo::otherConfigIsRefused()
{
    QFETCH(ConfigEdit, edit);
    QFETCH(QString, tensor);
    ViTConfig c = ioConfig();
    edit(c);
    torch::manual_seed(33);
    auto target = build(c);
    const auto before = snapshot(*target);
    std::string error;
    QVERIFY(!loadWeights(target, m_saved.toStdString(), &error));
    QVERIFY2(QString::fromStdString(error).contains(tensor), error.c_str());
    QVERIFY2(QString::fromStdString(error).contains(m_saved), error.c_str());  // says which file
    QVERIFY(sameAsSnapshot(*target, before));
}

void TstModelIo::damagedFileIsRefused_data()
{
    QTest::addColumn<int>("kind");
    QTest::addColumn<QString>("mention");
    QTest::newRow("truncated to half") << 0 << "corrupt";
    QTest::newRow("truncated to 10 bytes") << 1 << "corrupt";
    QTest::newRow("empty") << 2 << "corrupt";
    QTest::newRow("text, not a pickle") << 3 << "corrupt";
    QTest::newRow("a pickled tensor, not a dict") << 4 << "not a Gatefold weights file";
}

void TstModelIo::damagedFileIsRefused()
{
    QFETCH(int, kind);
    QFETCH(QString, mention);
    const auto good = readChars(m_saved);
    QVERIFY(good.size() > 1000);
    std::vector<char> bytes;
    switch (kind) {
    case 0:
        bytes.assign(good.begin(), good.begin() + good.size() / 2);
        break;
    case 1:
        bytes.assign(good.begin(), good.begin() + 10);
        break;
    case 2:
        break;
    case 3: {
        const std::string text = "weights: none\n";
        bytes.assign(text.begin(), text.end());
        break;
    }
    case 4:
        bytes = torch::pickle_save(c10::IValue(torch::ones({3})));
        break;
    }
    const QString path = m_dir.filePath("damaged.pt");
    writeChars(path, bytes);

    torch::manual_seed(34);
    auto target = build(ioConfig());
    const auto before = snapshot(*target);
    std::string error;
    QVERIFY(!loadWeights(target, path.toStdString(), &error));
    QVERIFY2(QString::fromStdString(error).startsWith(path + ": "), error.c_str());
    QVERIFY2(QString::fromStdString(error).contains(mention), error.c_str());
    QVERIFY(sameAsSnapshot(*target, before));
}

void TstModelIo::missingFileIsRefused()
{
    torch::manual_seed(35);
    auto target = build(ioConfig());
    const auto before = snapshot(*target);
    const QString path = m_dir.filePath("nowhere/none.pt");
    std::string error;
    QVERIFY(!loadWeights(target, path.toStdString(), &error));
    QVERIFY2(QString::fromStdString(error).contains(path), error.c_str());
    QVERIFY2(QString::fromStdString(error).contains("does not exist"), error.c_str());
    QVERIFY(sameAsSnapshot(*target, before));
}

void TstModelIo::notAFileIsRefused_data()
{
    QTest::addColumn<QString>("kind");
    QTest::addColumn<QString>("says");
    QTest::newRow("/dev/zero") << "device" << "is a device";  // read for ever before
    QTest::newRow("fifo") << "fifo" << "is a fifo";            // waited on for ever before
    QTest::newRow("folder") << "folder" << "is a folder";
}

void TstModelIo::notAFileIsRefused()
{
    QFETCH(QString, kind);
    QFETCH(QString, says);
    QString path = QStringLiteral("/dev/zero");
    if (kind == QLatin1String("fifo")) {
        path = m_dir.filePath("weights.fifo");
        QVERIFY(QFileInfo::exists(path) || ::mkfifo(QFile::encodeName(path).constData(), 0644) == 0);
    } else if (kind == QLatin1String("folder")) {
        path = m_dir.path();
    }
    torch::manual_seed(36);
    auto target = build(ioConfig());
    const auto before = snapshot(*target);
    std::string error;
    QVERIFY(!loadWeights(target, path.toStdString(), &error));
    QVERIFY2(QString::fromStdString(error).contains(path) && QString::fromStdString(error).contains(says), error.c_str());
    QVERIFY(sameAsSnapshot(*target, before));
}

void TstModelIo::unwritablePathFails()
{
    torch::manual_seed(36);
    auto m = build(ioConfig());
    const QString path = m_dir.filePath("no/such/dir/w.pt");
    std::string error;
    QVERIFY(!saveWeights(m, path.toStdString(), &error));
    QVERIFY2(QString::fromStdString(error).contains(path), error.c_str());
    QVERIFY(!QFileInfo::exists(path));
}


void TstModelIo::pickleArchiveRoundTrip()
{
    auto inner = c10::impl::GenericDict(c10::IntType::get(), c10::AnyType::get());
    inner.insert(std::int64_t(3), torch::randn({2, 3}, torch::kFloat64));
    auto list = c10::impl::GenericList(c10::AnyType::get());
    list.push_back(std::int64_t(1) << 40);
    list.push_back(std::string("é"));
    const torch::Tensor base = torch::randn({4, 5});
    auto dict = c10::impl::GenericDict(c10::StringType::get(), c10::AnyType::get());
    dict.insert("float", 0.1);
    dict.insert("bool", true);
    dict.insert("none", c10::IValue());
    dict.insert("tuple", c10::ivalue::Tuple::create({0.9, 0.999}));
    dict.insert("list", list);
    dict.insert("inner", inner);
    dict.insert("view", base.slice(0, 1, 3));  // shares the storage of "base"
    dict.insert("base", base);
    dict.insert("bytes", torch::arange(256, torch::kInt64).to(torch::kUInt8));
    std::string bytes;
    writePickleArchive(dict, &bytes);
    QVERIFY(bytes.find("restore_type_tag") == std::string::npos);  // no TorchScript type tags
    QCOMPARE(archiveContent(bytes.data(), bytes.size()), ArchiveContent::PickledValue);
    const c10::IValue back = readPickleArchive(bytes.data(), bytes.size());
    QVERIFY(back.isGenericDict());
    const auto d = back.toGenericDict();
    QCOMPARE(d.size(), dict.size());
    QCOMPARE(d.at("float").toDouble(), 0.1);
    QVERIFY(d.at("bool").toBool() && d.at("none").isNone());
    QCOMPARE(d.at("tuple").toTupleRef().elements()[1].toDouble(), 0.999);
    QCOMPARE(d.at("list").toListRef()[0].toInt(), std::int64_t(1) << 40);
    QCOMPARE(d.at("list").toListRef()[1].toStringRef(), std::string("é"));
    QVERIFY(torch::equal(d.at("inner").toGenericDict().at(std::int64_t(3)).toTensor(), inner.at(std::int64_t(3)).toTensor()));
    QVERIFY(torch::equal(d.at("view").toTensor(), base.slice(0, 1, 3)));
    QVERIFY(torch::equal(d.at("base").toTensor(), base));
    QVERIFY(torch::equal(d.at("bytes").toTensor(), dict.at("bytes").toTensor()));
    // A TorchScript module archive (torch::serialize::OutputArchive, older checkpoints) is told apart.
    torch::serialize::OutputArchive archive;
    archive.write("x", torch::ones({2}));
    std::ostringstream module;
    archive.save_to(module);
    const std::string moduleBytes = module.str();
    QCOMPARE(archiveContent(moduleBytes.data(), moduleBytes.size()), ArchiveContent::ScriptModule);
}

void TstModelIo::pickleArchiveRefusesWhatItNeverWrites_data()
{
    QTest::addColumn<QByteArray>("bytes");
    QTest::addColumn<QString>("reason");
    PickledTwenty storage = pickledTwenty();
    storage.bytes[storage.numelAt] = char(0x7f);  // 127 elements claimed, 20 stored
    QTest::newRow("a storage larger than its record") << QByteArray::fromStdString(storage.bytes) << "reaches past the data stored for it";
    PickledTwenty size = pickledTwenty();
    size.bytes[size.sizeAt] = char(0x15);  // 21 elements of a storage of 20
    QTest::newRow("a tensor larger than its storage") << QByteArray::fromStdString(size.bytes) << "reaches past the data stored for it";
    auto dict = c10::Dict<std::string, torch::Tensor>();
    dict.insert("t", torch::ones({2}));
    const std::vector<char> tagged = torch::pickle_save(c10::IValue(dict));
    QTest::newRow("a TorchScript type tag (torch::pickle_save)")
        << QByteArray(tagged.data(), qsizetype(tagged.size())) << "TorchScript type or class";
    QTest::newRow("truncated") << QByteArray::fromStdString(pickledTwenty().bytes.substr(0, 200)) << "";
}

void TstModelIo::pickleArchiveRefusesWhatItNeverWrites()
{
    QFETCH(QByteArray, bytes);
    QFETCH(QString, reason);
    QString error;
    try {
        readPickleArchive(bytes.constData(), size_t(bytes.size()));
    } catch (const std::exception &e) {
        error = QString::fromStdString(e.what());
    }
    QVERIFY2(!error.isEmpty(), "read without an error");
    QVERIFY2(error.contains(reason), qPrintable(error));
}

GATEFOLD_TEST_MAIN(TstModelIo)
#include "tst_modelio.moc"
