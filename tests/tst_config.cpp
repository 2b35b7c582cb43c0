#include <QtTest/QtTest>

#include "model/configfields.h"
#include "model/configvalidator.h"
#include "model/presets.h"

using namespace gatefold::model;

class TstConfig : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void presetsAreValid();
};

void TstConfig::presetsAreValid()
{
    for (const auto &p : presets::all())
        QVERIFY2(validateConfig(p.make()).empty(), p.name.c_str());
}

QTEST_GUILESS_MAIN(TstConfig)
#include "tst_config.moc"
