<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="zh_CN">
<context>
    <name>FieldGroups</name>
    <message>
        <location filename="../widgets/fieldgroups.cpp" line="+20"/>
        <source>Data</source>
        <translatorcomment>Tab name of the run config form.</translatorcomment>
        <translation>数据</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Augmentation</source>
        <translatorcomment>Tab name of the run config form.</translatorcomment>
        <translation>数据增强</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Model</source>
        <translatorcomment>Tab name of the run config form.</translatorcomment>
        <translation>模型</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Gates (CDE)</source>
        <translatorcomment>Tab name of the run config form.</translatorcomment>
        <translation>门控 (CDE)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Folds (joining)</source>
        <translatorcomment>Tab name of the run config form.</translatorcomment>
        <translation>折叠（合并）</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Optimisation</source>
        <translatorcomment>Tab name of the run config form.</translatorcomment>
        <translation>优化</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Schedules</source>
        <translatorcomment>Tab name of the run config form.</translatorcomment>
        <translation>调度</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Compute</source>
        <translatorcomment>Tab name of the run config form.</translatorcomment>
        <translation>计算资源</translation>
    </message>
</context>
<context>
    <name>RunQueue</name>
    <message>
        <location filename="../core/launch/runqueue.cpp" line="+53"/>
        <location line="+3"/>
        <source>cancelled before it started</source>
        <translation>在开始前已取消</translation>
    </message>
</context>
<context>
    <name>RunStatus</name>
    <message>
        <location filename="../widgets/statusicon.cpp" line="+43"/>
        <source>queued</source>
        <translation>排队中</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>running</source>
        <translation>运行中</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>finished</source>
        <translation>已完成</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>failed</source>
        <translation>失败</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>cancelled</source>
        <translation>已取消</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>crashed</source>
        <translation>已崩溃</translation>
    </message>
</context>
<context>
    <name>gatefold::launch::RunProcess</name>
    <message>
        <location filename="../core/launch/runprocess.cpp" line="+133"/>
        <source>the engine died (%1)%2</source>
        <translation>引擎已崩溃（%1）%2</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>the engine exited with status %1</source>
        <translation>引擎已退出，状态码 %1</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>cannot start the engine %1: %2</source>
        <translation>无法启动引擎 %1：%2</translation>
    </message>
</context>
<context>
    <name>gatefold::widgets::CompareView</name>
    <message>
        <location filename="../widgets/compareview.cpp" line="+19"/>
        <source>Only differences</source>
        <translation>仅显示差异</translation>
    </message>
    <message>
        <location line="+49"/>
        <source>val top-1 (last)</source>
        <translation>验证 Top-1（最新）</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>val top-1 (best)</source>
        <translation>验证 Top-1（最佳）</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>val loss (last)</source>
        <translation>验证损失（最新）</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>train loss (last)</source>
        <translation>训练损失（最新）</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>images/s (last)</source>
        <translation>图像/秒（最新）</translation>
    </message>
    <message>
        <location line="+20"/>
        <source>step (last)</source>
        <translation>步数（最新）</translation>
    </message>
</context>
<context>
    <name>gatefold::widgets::ConfigForm</name>
    <message numerus="yes">
        <location filename="../widgets/configform.cpp" line="+203"/>
        <source>%n problem(s) in the run config.</source>
        <translation>
            <numerusform>运行配置中有 %n 个问题。</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>gatefold::widgets::CurvePlot</name>
    <message>
        <location filename="../widgets/curveplot.cpp" line="+39"/>
        <source>step</source>
        <translation>步数</translation>
    </message>
    <message>
        <location line="+305"/>
        <source>unknown image format &apos;%1&apos;; use .png, .svg or .pdf</source>
        <translation>未知的图像格式“%1”；请使用 .png、.svg 或 .pdf</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>cannot write %1</source>
        <translation>无法写入 %1</translation>
    </message>
</context>
<context>
    <name>gatefold::widgets::GroupView</name>
    <message>
        <location filename="../widgets/groupview.cpp" line="+52"/>
        <source>Group by:</source>
        <translation>分组依据：</translation>
    </message>
    <message>
        <location line="+36"/>
        <source>Runs</source>
        <translation>运行</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Best val top-1 (%)</source>
        <translation>最佳验证 Top-1 (%)</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Last val top-1 (%)</source>
        <translation>最新验证 Top-1 (%)</translation>
    </message>
</context>
<context>
    <name>gatefold::widgets::MainWindow</name>
    <message>
        <location filename="../widgets/mainwindow.cpp" line="+65"/>
        <source>Gatefold</source>
        <translation>Gatefold</translation>
    </message>
    <message>
        <location line="+18"/>
        <source>Filter runs (name, status, tags, notes…)</source>
        <translation>筛选运行（名称、状态、标签、备注…）</translation>
    </message>
    <message>
        <location line="+12"/>
        <source>Smoothing: weight of the debiased exponential moving average</source>
        <translation>平滑：去偏指数移动平均的权重</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Log scale</source>
        <translation>对数刻度</translation>
    </message>
    <message>
        <location line="+2"/>
        <location line="+377"/>
        <source>Metric:</source>
        <translation>指标：</translation>
    </message>
    <message>
        <location line="-375"/>
        <source>step</source>
        <translation>步数</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>epoch</source>
        <translation>轮次</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>wall time (min)</source>
        <translation>实际耗时（分钟）</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>against</source>
        <translation>横轴：</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Smoothing:</source>
        <translation>平滑：</translation>
    </message>
    <message>
        <location line="+41"/>
        <source>Run</source>
        <translation>运行</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Engine messages</source>
        <translation>引擎消息</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>Compare</source>
        <translation>对比</translation>
    </message>
    <message>
        <location line="+15"/>
        <source>Queue run</source>
        <translation>加入队列</translation>
    </message>
    <message>
        <location line="+37"/>
        <source>%1: %2</source>
        <translation>%1：%2</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>%1 running, %2 queued — store %3</source>
        <translation>%1 个运行中，%2 个排队中 — 运行存储 %3</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Store %1</source>
        <translation>运行存储 %1</translation>
    </message>
    <message>
        <location line="-87"/>
        <location line="+110"/>
        <source>Runs</source>
        <translation>运行</translation>
    </message>
    <message>
        <location line="-136"/>
        <source>EMA</source>
        <translation>EMA</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>moving average</source>
        <translation>移动平均</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Debiased exponential moving average, or the mean of the last points (slider: window)</source>
        <translation>去偏指数移动平均，或最近若干点的均值（滑块：窗口大小）</translation>
    </message>
    <message>
        <location line="+26"/>
        <source>Groups</source>
        <translation>分组</translation>
    </message>
    <message>
        <location line="+111"/>
        <source>&amp;File</source>
        <translation>文件(&amp;F)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>&amp;Run</source>
        <translation>运行(&amp;R)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>&amp;View</source>
        <translation>视图(&amp;V)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>&amp;Help</source>
        <translation>帮助(&amp;H)</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>&amp;Export curves…</source>
        <translation>导出曲线(&amp;E)…</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Ctrl+E</source>
        <translation>Ctrl+E</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>&amp;Settings…</source>
        <translation>设置(&amp;S)…</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>&amp;Quit</source>
        <translation>退出(&amp;Q)</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>&amp;Queue run</source>
        <translation>加入队列(&amp;Q)</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Ctrl+Return</source>
        <translation>Ctrl+Return</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>&amp;Cancel</source>
        <translation>取消(&amp;C)</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Ctrl+.</source>
        <translation>Ctrl+.</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>&amp;Sweep…</source>
        <translation>扫描(&amp;S)…</translation>
    </message>
    <message>
        <location line="+10"/>
        <source>Sweep</source>
        <translation>参数扫描</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Ctrl+Shift+Return</source>
        <translation>Ctrl+Shift+Return</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>&amp;Resume</source>
        <translation>继续(&amp;R)</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Re-&amp;run</source>
        <translation>重新运行(&amp;E)</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>&amp;Duplicate into form</source>
        <translation>复制到表单(&amp;D)</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>copy of run %1</source>
        <translation>运行 %1 的副本</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Ctrl+D</source>
        <translation>Ctrl+D</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Re&amp;fresh</source>
        <translation>刷新(&amp;F)</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Runs at a time:</source>
        <translation>同时运行数：</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>&amp;About Gatefold</source>
        <translation>关于 Gatefold(&amp;A)</translation>
    </message>
    <message numerus="yes">
        <location line="+76"/>
        <source>mean ± std over %n seed(s)</source>
        <translation>
            <numerusform>%n 个随机种子的均值 ± 标准差</numerusform>
        </translation>
    </message>
    <message>
        <location line="+34"/>
        <location line="+4"/>
        <source>Export curves</source>
        <translation>导出曲线</translation>
    </message>
    <message>
        <location line="-3"/>
        <source>Images (*.png *.svg *.pdf)</source>
        <translation>图像 (*.png *.svg *.pdf)</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>About Gatefold</source>
        <translation>关于 Gatefold</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>&lt;h3&gt;Gatefold %1&lt;/h3&gt;&lt;p&gt;A workbench for Vision Transformer research: CDE gates and progressive joining.&lt;/p&gt;&lt;p&gt;Qt %2 · LibTorch %3&lt;/p&gt;&lt;p&gt;Devices: %4&lt;/p&gt;&lt;p&gt;Engine: %5&lt;/p&gt;&lt;p&gt;Run store: %6&lt;/p&gt;</source>
        <translation>&lt;h3&gt;Gatefold %1&lt;/h3&gt;&lt;p&gt;面向 Vision Transformer 研究的工作台：CDE 门控与渐进式合并。&lt;/p&gt;&lt;p&gt;Qt %2 · LibTorch %3&lt;/p&gt;&lt;p&gt;设备：%4&lt;/p&gt;&lt;p&gt;引擎：%5&lt;/p&gt;&lt;p&gt;运行存储：%6&lt;/p&gt;</translation>
    </message>
    <message>
        <location line="+28"/>
        <source>Add setting column…</source>
        <translation>添加设置项列…</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Add setting column</source>
        <translation>添加设置项列</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Setting:</source>
        <translation>设置项：</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>Add metric column…</source>
        <translation>添加指标列…</translation>
    </message>
    <message>
        <location line="+4"/>
        <location line="+4"/>
        <source>Add metric column</source>
        <translation>添加指标列</translation>
    </message>
    <message>
        <location line="-1"/>
        <source>last</source>
        <translation>最新</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>best (highest)</source>
        <translation>最佳（最高）</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>lowest</source>
        <translation>最低</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Value:</source>
        <translation>取值：</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>Remove this column</source>
        <translation>移除此列</translation>
    </message>
    <message>
        <location line="+33"/>
        <source>Quit Gatefold</source>
        <translation>退出 Gatefold</translation>
    </message>
    <message numerus="yes">
        <location line="+1"/>
        <source>%n run(s) are training. Quitting stops them at a checkpoint; they can be resumed. Quit?</source>
        <translation>
            <numerusform>%n 个运行正在训练。退出会在检查点处停止它们，之后可以继续。确定退出吗？</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>gatefold::widgets::RunController</name>
    <message>
        <location filename="../widgets/runcontroller.cpp" line="+75"/>
        <source>run</source>
        <translation>运行</translation>
    </message>
    <message>
        <location line="+29"/>
        <source>only a failed, cancelled or crashed run can be resumed</source>
        <translation>只有失败、已取消或已崩溃的运行才能继续</translation>
    </message>
    <message>
        <location line="+26"/>
        <source>run %1 has no readable config</source>
        <translation>运行 %1 没有可读取的配置</translation>
    </message>
</context>
<context>
    <name>gatefold::widgets::RunFormPanel</name>
    <message>
        <location filename="../widgets/runformpanel.cpp" line="+29"/>
        <source>&amp;Queue run</source>
        <translation>加入队列(&amp;Q)</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>run name</source>
        <translation>运行名称</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Load…</source>
        <translation>加载…</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Save…</source>
        <translation>保存…</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Read a JSON run config (as gatefold-cli config --json writes it)</source>
        <translation>读取 JSON 运行配置（即 gatefold-cli config --json 输出的格式）</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Write this config as a JSON file for gatefold-cli train --config</source>
        <translation>将此配置写入 JSON 文件，供 gatefold-cli train --config 使用</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Preset:</source>
        <translation>预设：</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Name:</source>
        <translation>名称：</translation>
    </message>
    <message>
        <location line="+48"/>
        <source>cannot read %1: %2</source>
        <translation>无法读取 %1：%2</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>%1 is not a valid run config:
%2</source>
        <translation>%1 不是有效的运行配置：
%2</translation>
    </message>
    <message>
        <location line="+11"/>
        <source>cannot write %1: %2</source>
        <translation>无法写入 %1：%2</translation>
    </message>
    <message>
        <location line="+8"/>
        <location line="+3"/>
        <source>Load run config</source>
        <translation>加载运行配置</translation>
    </message>
    <message>
        <location line="-3"/>
        <location line="+9"/>
        <source>JSON (*.json)</source>
        <translation>JSON 文件 (*.json)</translation>
    </message>
    <message>
        <location line="-1"/>
        <location line="+4"/>
        <source>Save run config</source>
        <translation>保存运行配置</translation>
    </message>
</context>
<context>
    <name>gatefold::widgets::RunTableModel</name>
    <message>
        <location filename="../widgets/runtablemodel.cpp" line="+104"/>
        <source>best</source>
        <translation>最佳</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>lowest</source>
        <translation>最低</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>last</source>
        <translation>最新</translation>
    </message>
    <message>
        <location line="+65"/>
        <source>epoch %1</source>
        <translation>第 %1 轮</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>%1 img/s</source>
        <translation>%1 图像/秒</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>ETA %1</source>
        <translation>剩余 %1</translation>
    </message>
    <message>
        <location line="+36"/>
        <source>ID</source>
        <translation>ID</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Name</source>
        <translation>名称</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Status</source>
        <translation>状态</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Progress</source>
        <translation>进度</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Val top-1</source>
        <translation>验证 Top-1</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Best top-1</source>
        <translation>最佳 Top-1</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Device</source>
        <translation>设备</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Tags</source>
        <translation>标签</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Notes</source>
        <translation>备注</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Created</source>
        <translation>创建时间</translation>
    </message>
</context>
<context>
    <name>gatefold::widgets::SettingsDialog</name>
    <message>
        <location filename="../widgets/settingsdialog.cpp" line="+28"/>
        <source>Settings</source>
        <translation>设置</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Browse…</source>
        <translation>浏览…</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Run store</source>
        <translation>运行存储</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>SQLite run store (*.sqlite)</source>
        <translation>SQLite 运行存储 (*.sqlite)</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>all cores, shared by the runs at a time</source>
        <translation>全部核心，由同时进行的运行共享</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>compute.threads of runs queued with 0 (this machine has %1 cores)</source>
        <translation>用于以 compute.threads 为 0 加入队列的运行（本机有 %1 个核心）</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>automatic (CUDA when present)</source>
        <translation>自动（有 CUDA 时使用 CUDA）</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>CPU</source>
        <translation>CPU</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>CUDA</source>
        <translation>CUDA</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>System</source>
        <translation>跟随系统</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Light</source>
        <translation>浅色</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Dark</source>
        <translation>深色</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>System language</source>
        <translation>系统语言</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>Run store:</source>
        <translation>运行存储：</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>A new store location applies at the next start.</source>
        <translation>新的存储位置将在下次启动时生效。</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Threads per run:</source>
        <translation>每个运行的线程数：</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Device for new runs:</source>
        <translation>新运行使用的设备：</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Theme:</source>
        <translation>主题：</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Language:</source>
        <translation>语言：</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>The language applies at the next start.</source>
        <translation>语言将在下次启动时生效。</translation>
    </message>
</context>
<context>
    <name>gatefold::widgets::SweepBuilder</name>
    <message>
        <location filename="../widgets/sweepbuilder.cpp" line="+42"/>
        <source>Sweep</source>
        <translation>参数扫描</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Setting</source>
        <translation>设置项</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Values</source>
        <translation>取值</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>seeds, e.g. 0, 1, 2</source>
        <translation>随机种子，例如 0, 1, 2</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Add setting</source>
        <translation>添加设置项</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Remove setting</source>
        <translation>移除设置项</translation>
    </message>
    <message>
        <location line="+12"/>
        <source>Name:</source>
        <translation>名称：</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Seeds:</source>
        <translation>随机种子：</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Queue sweep</source>
        <translation>将扫描加入队列</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Settings to vary (values separated by commas; by semicolons when a value is a list). Every combination is run once per seed, over the run form&apos;s config.</source>
        <translation>要变化的设置项（取值以逗号分隔；若取值本身是列表则以分号分隔）。每种组合对每个随机种子各运行一次，基于运行表单中的配置。</translation>
    </message>
    <message numerus="yes">
        <location line="+89"/>
        <source>%n run(s): </source>
        <translation>
            <numerusform>%n 个运行：</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>main</name>
    <message>
        <location filename="../app/gui/main.cpp" line="+37"/>
        <source>Gatefold: a workbench for Vision Transformer research.</source>
        <translation>Gatefold：面向 Vision Transformer 研究的工作台。</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Run store file (default: the one in Settings, else %1).</source>
        <translation>运行存储文件（默认：设置中指定的文件，否则为 %1）。</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>path</source>
        <translation>路径</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Select these runs (comma-separated ids).</source>
        <translation>选中这些运行（以逗号分隔的 ID）。</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>ids</source>
        <translation>ID列表</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Save a picture of the window to this PNG after N ms (with --screenshot-after) and quit.</source>
        <translation>在 N 毫秒后（由 --screenshot-after 指定）将窗口截图保存到此 PNG 文件并退出。</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>file</source>
        <translation>文件</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Milliseconds before the screenshot.</source>
        <translation>截图前等待的毫秒数。</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>ms</source>
        <translation>毫秒</translation>
    </message>
    <message>
        <location line="+11"/>
        <source>Gatefold</source>
        <translation>Gatefold</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>The run store cannot be opened:
%1</source>
        <translation>无法打开运行存储：
%1</translation>
    </message>
</context>
</TS>
