<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="en">
<context>
    <name>EngineInfo</name>
    <message numerus="yes">
        <location filename="../core/launch/engineinfo.cpp" line="+34"/>
        <source>cpu (%n thread(s))</source>
        <translation>
            <numerusform>cpu (%n thread)</numerusform>
            <numerusform>cpu (%n threads)</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>MlflowTransfer</name>
    <message numerus="yes">
        <location filename="../widgets/mlflowtransfer.cpp" line="+55"/>
        <source>Exported %n run(s) to MLflow experiment &apos;%1&apos; in %2 — mlflow ui --backend-store-uri file:%2</source>
        <translation>
            <numerusform>Exported %n run to MLflow experiment &apos;%1&apos; in %2 — mlflow ui --backend-store-uri file:%2</numerusform>
            <numerusform>Exported %n runs to MLflow experiment &apos;%1&apos; in %2 — mlflow ui --backend-store-uri file:%2</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location line="+24"/>
        <source>Imported %n run(s) from %1</source>
        <translation>
            <numerusform>Imported %n run from %1</numerusform>
            <numerusform>Imported %n runs from %1</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location line="+2"/>
        <source>skipped %n (imported before, or deleted in MLflow)</source>
        <translation>
            <numerusform>skipped %n (imported before, or deleted in MLflow)</numerusform>
            <numerusform>skipped %n (imported before, or deleted in MLflow)</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>QuitDialog</name>
    <message numerus="yes">
        <location filename="../widgets/quitdialog.cpp" line="+15"/>
        <source>%n run(s) are training.</source>
        <translation>
            <numerusform>%n run is training.</numerusform>
            <numerusform>%n runs are training.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location line="+2"/>
        <source>%n more wait in the queue.</source>
        <translation>
            <numerusform>%n more waits in the queue.</numerusform>
            <numerusform>%n more wait in the queue.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location line="+1"/>
        <source>%n run(s) wait in the queue.</source>
        <translation>
            <numerusform>%n run waits in the queue.</numerusform>
            <numerusform>%n runs wait in the queue.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location line="+2"/>
        <source>Sweeps with early stopping run by this window: %n. Quitting stops them either way (their runs save a checkpoint); Run ▸ Continue sweep carries them on later.</source>
        <translation>
            <numerusform>Sweep with early stopping run by this window: %n. Quitting stops it either way (its runs save a checkpoint); Run ▸ Continue sweep carries it on later.</numerusform>
            <numerusform>Sweeps with early stopping run by this window: %n. Quitting stops them either way (their runs save a checkpoint); Run ▸ Continue sweep carries them on later.</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>WorldText</name>
    <message numerus="yes">
        <location filename="../widgets/worldtext.cpp" line="+22"/>
        <source>Not started yet: it asks for %n process(es) (compute.processes).</source>
        <translation>
            <numerusform>Not started yet: it asks for %n process (compute.processes).</numerusform>
            <numerusform>Not started yet: it asks for %n processes (compute.processes).</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>gatefold::widgets::BestRunsDialog</name>
    <message numerus="yes">
        <location filename="../widgets/bestrunsdialog.cpp" line="+35"/>
        <source>Select the best runs among the %n shown (runs without the metric are left out).</source>
        <translation>
            <numerusform>Select the best runs among the %n run shown (runs without the metric are left out).</numerusform>
            <numerusform>Select the best runs among the %n shown (runs without the metric are left out).</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>gatefold::widgets::CodebookView</name>
    <message numerus="yes">
        <location filename="../widgets/codebookview.cpp" line="+364"/>
        <source>Code %1: usage %2 %, used by %n image(s) here; most patches first:</source>
        <translation>
            <numerusform>Code %1: usage %2 %, used by %n image here; most patches first:</numerusform>
            <numerusform>Code %1: usage %2 %, used by %n images here; most patches first:</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>gatefold::widgets::ConfigForm</name>
    <message numerus="yes">
        <location filename="../widgets/configform.cpp" line="+324"/>
        <source>%n problem(s) in the run config.</source>
        <translation>
            <numerusform>%n problem in the run config.</numerusform>
            <numerusform>%n problems in the run config.</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>gatefold::widgets::EmbeddingFiltersView</name>
    <message numerus="yes">
        <location filename="../widgets/embeddingfiltersview.cpp" line="+100"/>
        <source>Patch-embedding filters: run %1 (%2), the first %n principal component(s)</source>
        <translation>
            <numerusform>Patch-embedding filters: run %1 (%2), the first principal component</numerusform>
            <numerusform>Patch-embedding filters: run %1 (%2), the first %n principal components</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>gatefold::widgets::InspectPanel</name>
    <message numerus="yes">
        <location filename="../widgets/inspectpanel.cpp" line="+209"/>
        <source>%n file(s)</source>
        <translation>
            <numerusform>%n file</numerusform>
            <numerusform>%n files</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location line="+172"/>
        <source>Run %1 &apos;%2&apos;, %3 checkpoint (epoch %4, step %5), %n image(s), on %6 in %7 s.</source>
        <translation>
            <numerusform>Run %1 &apos;%2&apos;, %3 checkpoint (epoch %4, step %5), %n image, on %6 in %7 s.</numerusform>
            <numerusform>Run %1 &apos;%2&apos;, %3 checkpoint (epoch %4, step %5), %n images, on %6 in %7 s.</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>gatefold::widgets::MainWindow</name>
    <message numerus="yes">
        <location filename="../widgets/mainwindowruns.cpp" line="+63"/>
        <source>Stopping %n run(s) at a checkpoint…</source>
        <translation>
            <numerusform>Stopping %n run at a checkpoint…</numerusform>
            <numerusform>Stopping %n runs at a checkpoint…</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location filename="../widgets/mainwindowsweeps.cpp" line="+47"/>
        <source>Submitting the sweep &apos;%1&apos; (%n run(s)) to Slurm…</source>
        <translation>
            <numerusform>Submitting the sweep &apos;%1&apos; (%n run) to Slurm…</numerusform>
            <numerusform>Submitting the sweep &apos;%1&apos; (%n runs) to Slurm…</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location line="+25"/>
        <source>Starting the sweep &apos;%1&apos; (%n run(s)) with early stopping…</source>
        <translation>
            <numerusform>Starting the sweep &apos;%1&apos; (%n run) with early stopping…</numerusform>
            <numerusform>Starting the sweep &apos;%1&apos; (%n runs) with early stopping…</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location line="+40"/>
        <source>Sweep %1: %n run(s), early stopping decided by its controller.</source>
        <translation>
            <numerusform>Sweep %1: %n run, early stopping decided by its controller.</numerusform>
            <numerusform>Sweep %1: %n runs, early stopping decided by its controller.</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>gatefold::widgets::RunController</name>
    <message numerus="yes">
        <location filename="../widgets/runcontroller.cpp" line="+467"/>
        <source>Sweep %1: %n run(s) submitted to Slurm as job array %2.</source>
        <translation>
            <numerusform>Sweep %1: %n run submitted to Slurm as job array %2.</numerusform>
            <numerusform>Sweep %1: %n runs submitted to Slurm as job array %2.</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>gatefold::widgets::RunFormPanel</name>
    <message numerus="yes">
        <location filename="../widgets/runformpanel.cpp" line="+231"/>
        <source>…and %n more, shown at their settings.</source>
        <translation>
            <numerusform>…and %n more, shown at its setting.</numerusform>
            <numerusform>…and %n more, shown at their settings.</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>gatefold::widgets::SectionList</name>
    <message numerus="yes">
        <location filename="../widgets/sectionlist.cpp" line="+79"/>
        <source>%n problem(s) in this section</source>
        <translation>
            <numerusform>%n problem in this section</numerusform>
            <numerusform>%n problems in this section</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location line="+1"/>
        <source>%n value(s) here look unintended</source>
        <translation>
            <numerusform>%n value here looks unintended</numerusform>
            <numerusform>%n values here look unintended</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>gatefold::widgets::SettingsDialog</name>
    <message numerus="yes">
        <location filename="../widgets/settingsdialog.cpp" line="+150"/>
        <source>%n run(s) in %1 (schema %2); files under %3.</source>
        <translation>
            <numerusform>%n run in %1 (schema %2); files under %3.</numerusform>
            <numerusform>%n runs in %1 (schema %2); files under %3.</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>gatefold::widgets::StrandedRunsDialog</name>
    <message numerus="yes">
        <location filename="../widgets/strandedrunsdialog.cpp" line="+21"/>
        <source>%n run(s) of this store wait for an engine that is gone: queued by a window or queue that ended, or training when their engine died. Tick the ones to take up.</source>
        <translation>
            <numerusform>%n run of this store waits for an engine that is gone: queued by a window or queue that ended, or training when its engine died. Tick it to take it up.</numerusform>
            <numerusform>%n runs of this store wait for an engine that is gone: queued by a window or queue that ended, or training when their engine died. Tick the ones to take up.</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>gatefold::widgets::SweepBuilder</name>
    <message numerus="yes">
        <location filename="../widgets/sweepbuilder.cpp" line="+215"/>
        <source>%n run(s): </source>
        <translation>
            <numerusform>%n run: </numerusform>
            <numerusform>%n runs: </numerusform>
        </translation>
    </message>
</context>
<context>
    <name>gatefold::widgets::TableBuilder</name>
    <message numerus="yes">
        <location filename="../widgets/tablepreview.cpp" line="+95"/>
        <source>%n row(s)</source>
        <translation>
            <numerusform>%n row</numerusform>
            <numerusform>%n rows</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location line="+3"/>
        <source>† %n row(s) pool runs differing in more than the seed; never bold.</source>
        <translation>
            <numerusform>† %n row pools runs differing in more than the seed; never bold.</numerusform>
            <numerusform>† %n rows pool runs differing in more than the seed; never bold.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location line="+17"/>
        <source>The engine is timing the models of %n cell(s); they fill in as the numbers arrive.</source>
        <translation>
            <numerusform>The engine is timing the model of %n cell; it fills in as the number arrives.</numerusform>
            <numerusform>The engine is timing the models of %n cells; they fill in as the numbers arrive.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location filename="../widgets/tablebuilder.cpp" line="+107"/>
        <source>%n selected run(s); groups show their mean ± the spread chosen under Spread.</source>
        <translation>
            <numerusform>%n selected run; groups show their mean ± the spread chosen under Spread.</numerusform>
            <numerusform>%n selected runs; groups show their mean ± the spread chosen under Spread.</numerusform>
        </translation>
    </message>
</context>
</TS>
