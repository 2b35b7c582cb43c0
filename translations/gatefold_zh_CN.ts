<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="zh_CN">
<context>
    <name>AshaSettings</name>
    <message>
        <location filename="../widgets/ashasettings.cpp" line="+27"/>
        <source>the rung &quot;%1&quot; is not a whole number of epochs from 1 on</source>
        <translation>梯级“%1”不是从 1 起的整数轮数</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>the rungs must increase (%1 comes after %2)</source>
        <translation>梯级必须递增（%1 排在 %2 之后）</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>the rung at epoch %1 is past the runs&apos; last epoch (train.epochs is %2)</source>
        <translation>第 %1 轮的梯级超出了运行的最后一轮（train.epochs 为 %2）</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>name at least one rung: the epochs at which runs are compared, e.g. 1, 3, 9</source>
        <translation>请至少指定一个梯级：即比较各运行的轮次，例如 1, 3, 9</translation>
    </message>
</context>
<context>
    <name>BackgroundQueue</name>
    <message>
        <location filename="../core/launch/backgroundqueue.cpp" line="+80"/>
        <source>cannot start %1 queue: %2</source>
        <translation>无法启动 %1 queue：%2</translation>
    </message>
</context>
<context>
    <name>ConfigForm</name>
    <message>
        <location filename="../widgets/costsummary.cpp" line="+14"/>
        <source>Parameters and GFLOPs: — (the model settings have problems)</source>
        <translation>参数量与 GFLOPs：—（模型设置有问题）</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>%1 parameters · %2 GMACs (%3 GFLOPs) per image, forward</source>
        <translation>%1 个参数 · 每张图像前向计算 %2 GMACs（%3 GFLOPs）</translation>
    </message>
</context>
<context>
    <name>ConfigProblem</name>
    <message>
        <location filename="../core/config/configenums.cpp" line="+15"/>
        <source>unknown value &apos;%1&apos;; use one of: %2</source>
        <translation>未知的值“%1”；请使用以下之一：%2</translation>
    </message>
    <message>
        <location filename="../core/config/fieldcodecs.cpp" line="+136"/>
        <source>&apos;%1&apos; is not &apos;all&apos; or a comma-separated list of block indices</source>
        <translation>“%1”既不是 all，也不是以逗号分隔的块索引列表</translation>
    </message>
    <message>
        <location filename="../core/config/configvalidator.cpp" line="+38"/>
        <source>a dropout rate must lie in [0, 1), not %1.</source>
        <translation>dropout 比率必须在 [0, 1) 内，而不是 %1。</translation>
    </message>
    <message>
        <location line="+11"/>
        <source>The image size must be at least 1, not %1.</source>
        <translation>图像尺寸必须至少为 1，而不是 %1。</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>The patch size must be at least 1, not %1.</source>
        <translation>patch 尺寸必须至少为 1，而不是 %1。</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>The number of input channels must be at least 1, not %1.</source>
        <translation>输入通道数必须至少为 1，而不是 %1。</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>The number of classes must be at least 1, not %1.</source>
        <translation>类别数必须至少为 1，而不是 %1。</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>The width must be at least 1, not %1.</source>
        <translation>宽度必须至少为 1，而不是 %1。</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>The depth must be at least 1, not %1.</source>
        <translation>深度必须至少为 1，而不是 %1。</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>The number of heads must be at least 1, not %1.</source>
        <translation>注意力头数必须至少为 1，而不是 %1。</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>The patch size %1 is larger than the image (%2 px); choose a smaller patch.</source>
        <translation>patch 尺寸 %1 大于图像（%2 像素）；请选择更小的 patch。</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>The image size %1 is not divisible by the patch size %2; patches must tile the image (e.g. 224/16, 32/4).</source>
        <translation>图像尺寸 %1 不能被 patch 尺寸 %2 整除；patch 必须恰好铺满图像（例如 224/16、32/4）。</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>The width %1 is not divisible by %2 heads; every head needs an equal share of the width (e.g. 192 with 3 heads).</source>
        <translation>宽度 %1 不能被 %2 个注意力头整除；每个头需要分到相同的宽度（例如宽度 192 配 3 个头）。</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>The MLP ratio %1 leaves no hidden units; use a positive ratio such as 4.</source>
        <translation>MLP 比例 %1 使隐藏层没有任何单元；请使用正的比例，例如 4。</translation>
    </message>
    <message>
        <location line="+17"/>
        <source>The rotary base theta must be a finite number &gt; 0, not %1 (the CDE reference code uses 10000).</source>
        <translation>旋转基数 theta 必须是大于 0 的有限数，而不是 %1（CDE 参考代码使用 10000）。</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>2-D rotary embeddings split each head&apos;s width %1 (embed_dim / num_heads) into a row half and a column half of channel pairs, so it must be a multiple of 4; change embed_dim or num_heads, or use pos.kind=learned.</source>
        <translation>二维旋转嵌入将每个头的宽度 %1（embed_dim / num_heads）分为由通道对组成的行半部和列半部，因此它必须是 4 的倍数；请修改 embed_dim 或 num_heads，或使用 pos.kind=learned。</translation>
    </message>
    <message>
        <location line="+13"/>
        <source>Block %1 does not exist; a model of depth %2 has blocks 0 to %3.</source>
        <translation>块 %1 不存在；深度为 %2 的模型只有块 0 到 %3。</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Block %1 is listed twice; list each gated block once.</source>
        <translation>块 %1 被列出了两次；每个门控块只需列出一次。</translation>
    </message>
    <message>
        <location line="+10"/>
        <source>The codebook needs at least one code, not %1 (typical: 256 or 512).</source>
        <translation>码本至少需要一个码字，而不是 %1（常用：256 或 512）。</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>The mixture size k must be at least 1, not %1.</source>
        <translation>混合数 k 必须至少为 1，而不是 %1。</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>k = %1 is larger than the codebook (K = %2); use k &lt;= K (k = K is the full softmax).</source>
        <translation>k = %1 大于码本大小（K = %2）；请使用 k &lt;= K（k = K 即完整 softmax）。</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>The temperature tau must be positive, not %1; the cosine logits are tau times a value in [-1, 1].</source>
        <translation>温度 tau 必须为正数，而不是 %1；余弦 logits 等于 tau 乘以 [-1, 1] 内的值。</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>The gate strength lambda must be a finite number &gt;= 0, not %1 (0 disables the gate, 1 is full strength).</source>
        <translation>门控强度 lambda 必须是 &gt;= 0 的有限数，而不是 %1（0 表示关闭门控，1 为全强度）。</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Assigning once per image uses a single codebook; set gate.codebook to shared or gate.scope to per-layer.</source>
        <translation>每张图像只分配一次时只使用一个码本；请将 gate.codebook 设为 shared，或将 gate.scope 设为 per-layer。</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>A block needs 1 to 16 parallel branches, not %1 (1 is a plain ViT; the paper uses 2 to 4).</source>
        <translation>每个块需要 1 到 16 个并行分支，而不是 %1（1 即普通 ViT；论文使用 2 到 4）。</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>The joining strength lambda must lie in [0, 1], not %1 (0: independent branches, 1: joined and foldable).</source>
        <translation>合并强度 lambda 必须在 [0, 1] 内，而不是 %1（0：分支相互独立，1：已合并且可折叠）。</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>The diversity weight alpha must be a finite number &gt;= 0, not %1 (the paper uses 0.05; 0 turns it off).</source>
        <translation>多样性权重 alpha 必须是 &gt;= 0 的有限数，而不是 %1（论文使用 0.05；0 表示关闭）。</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>The warm-up cannot have %1 steps; use 0 (instant) or more.</source>
        <translation>预热不能为 %1 步；请使用 0（立即）或更大的值。</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>The adjustment phase cannot have %1 steps; use 0 or more.</source>
        <translation>调整阶段不能为 %1 步；请使用 0 或更大的值。</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>The start step cannot be negative (%1); use 0 or more.</source>
        <translation>起始步不能为负数（%1）；请使用 0 或更大的值。</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>LayerNorm absorption is a property of the folded deploy form: set join.deployed=true with it, or leave it off for training (a fold applies it; `gatefold-cli cost --absorb-norms` shows its cost).</source>
        <translation>LayerNorm 吸收是折叠后部署形式的属性：请同时设置 join.deployed=true，或在训练时保持关闭（fold 会应用它；`gatefold-cli cost --absorb-norms` 可显示其开销）。</translation>
    </message>
    <message>
        <location line="+19"/>
        <source>No block is gated; list at least one block, or set gate.kind to none.</source>
        <translation>没有任何块被门控；请至少列出一个块，或将 gate.kind 设为 none。</translation>
    </message>
    <message>
        <location filename="../core/config/textvalues.cpp" line="+57"/>
        <source>&apos;%1&apos; is out of range: give a whole number between %2 and %3</source>
        <translation>“%1”超出范围：请给出 %2 到 %3 之间的整数</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>&apos;%1&apos; is not a whole number between %2 and %3</source>
        <translation>“%1”不是 %2 到 %3 之间的整数</translation>
    </message>
    <message>
        <location line="+37"/>
        <source>&apos;%1&apos; is too small to represent (it would round to 0; the smallest is about 2.2e-308); give 0 or a larger number</source>
        <translation>“%1”太小，无法表示（会被舍入为 0；最小约为 2.2e-308）；请给出 0 或更大的数</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>&apos;%1&apos; is too large to represent (the largest is about 1.8e308)</source>
        <translation>“%1”太大，无法表示（最大约为 1.8e308）</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>&apos;%1&apos; is a hexadecimal number; write it in decimal (e.g. 0.125)</source>
        <translation>“%1”是十六进制数；请用十进制书写（例如 0.125）</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>&apos;%1&apos; is not a finite number</source>
        <translation>“%1”不是有限的数值</translation>
    </message>
    <message>
        <location line="+16"/>
        <source>&apos;%1&apos; is not a boolean; use true or false</source>
        <translation>“%1”不是布尔值；请使用 true 或 false</translation>
    </message>
    <message>
        <location filename="../core/config/fieldcodecs.cpp" line="+32"/>
        <source>expected auto or numbers separated by commas (one per channel): &apos;%1&apos; is not a finite number</source>
        <translation>应为 auto 或以逗号分隔的数值（每个通道一个）：“%1”不是有限的数值</translation>
    </message>
    <message>
        <location filename="../core/config/runvalidation.cpp" line="+30"/>
        <source>must be at least 1</source>
        <translation>必须至少为 1</translation>
    </message>
    <message>
        <location line="+100"/>
        <source>must be greater than 0</source>
        <translation>必须大于 0</translation>
    </message>
    <message>
        <location line="-99"/>
        <source>is a probability in [0, 1]</source>
        <translation>是概率，必须在 [0, 1] 内</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>must lie in [0, 1)</source>
        <translation>必须在 [0, 1) 内</translation>
    </message>
    <message>
        <location line="+48"/>
        <source>must lie in (0, 1]</source>
        <translation>必须在 (0, 1] 内</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>must be 0 (off) or a positive alpha</source>
        <translation>必须为 0（关闭）或正的 alpha</translation>
    </message>
    <message>
        <location line="-48"/>
        <source>must lie between 0 and train.epochs</source>
        <translation>必须在 0 和 train.epochs 之间</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>unknown data set &apos;%1&apos;; use one of: %2</source>
        <translation>未知的数据集“%1”；请使用以下之一：%2</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>set it to the folder holding the %1 files</source>
        <translation>请设为存放 %1 文件的文件夹</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>must be 0 (as stored), 1 or 3</source>
        <translation>必须为 0（保持原样）、1 或 3</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>must lie in (0, 1)</source>
        <translation>必须在 (0, 1) 内</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>must lie in [0.05, 1]: the share of the resized image&apos;s shorter side the centre crop keeps (0.875 or 1 as a rule)</source>
        <translation>必须位于 [0.05, 1]：中心裁剪保留的缩放后图像短边的比例（通常为 0.875 或 1）</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>must lie between -1 (auto) and 64</source>
        <translation>必须在 -1（auto）和 64 之间</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>must lie between 1 and 64</source>
        <translation>必须在 1 和 64 之间</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>must be 0 (none) or a size in MiB</source>
        <translation>必须为 0（不缓存）或以 MiB 为单位的大小</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>give data.mean and data.std together, with one value per channel (or both auto)</source>
        <translation>请同时给出 data.mean 和 data.std，每个通道一个值（或两者都设为 auto）</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>one value per channel: 1 or 3 values</source>
        <translation>每个通道一个值：共 1 个或 3 个值</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>in the images&apos; [0, 1] scale (e.g. 0.485, not 123.7)</source>
        <translation>应采用图像的 [0, 1] 尺度（例如 0.485，而不是 123.7）</translation>
    </message>
    <message>
        <location line="+10"/>
        <source>the built-in data set draws at most 100000000 images per split</source>
        <translation>内置数据集每个划分最多抽取 100000000 张图像</translation>
    </message>
    <message>
        <location line="+13"/>
        <source>must lie between 0 and 10</source>
        <translation>必须在 0 和 10 之间</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>must lie in [0, 10]</source>
        <translation>必须在 [0, 10] 内</translation>
    </message>
    <message>
        <location line="+22"/>
        <source>must lie between 0 and optim.lr</source>
        <translation>必须在 0 和 optim.lr 之间</translation>
    </message>
    <message>
        <location line="-6"/>
        <location line="+8"/>
        <source>must be 0 or more</source>
        <translation>必须为 0 或更大</translation>
    </message>
    <message>
        <location filename="../core/config/fieldcodecs.cpp" line="-148"/>
        <source>contains a line break or another control character; give it on one line</source>
        <translation>包含换行符或其他控制字符；请写在一行内</translation>
    </message>
    <message>
        <location filename="../core/config/runvalidation.cpp" line="-45"/>
        <source>must lie in [1e-6, 1], in the images&apos; [0, 1] scale (e.g. 0.229, not 58.4); the inputs are divided by it in float32</source>
        <translation>必须位于 [1e-6, 1]，采用图像的 [0, 1] 尺度（例如 0.229，而不是 58.4）；输入会在 float32 中除以它</translation>
    </message>
    <message>
        <location line="+40"/>
        <source>must be at least 1e-12: a smaller step is lost in float32 rounding and the weights never change</source>
        <translation>必须至少为 1e-12：更小的步长会在 float32 舍入中丢失，权重永远不会改变</translation>
    </message>
    <message>
        <location line="+10"/>
        <source>must be at least 1e-30: AdamW adds it in float32, where a smaller value is 0 and a zero gradient gives NaN (1e-8 as a rule)</source>
        <translation>必须至少为 1e-30：AdamW 在 float32 中加上它，更小的值在那里为 0，零梯度会得到 NaN（通常为 1e-8）</translation>
    </message>
    <message>
        <location filename="../core/config/distillplan.cpp" line="+49"/>
        <source>&apos;%1&apos; is neither uniform nor a list of teacher layers (0-based, one per student block, e.g. 3,7,11)</source>
        <translation>&apos;%1&apos; 既不是 uniform，也不是教师层列表（从 0 开始，每个学生块一个，例如 3,7,11）</translation>
    </message>
    <message>
        <location line="+11"/>
        <source>names %1 teacher layer(s) for %2 student block(s); give one per block or write uniform</source>
        <translation>为 %2 个学生块指定了 %1 个教师层；请每个块指定一个，或写 uniform</translation>
    </message>
    <message>
        <location line="+19"/>
        <location line="+1"/>
        <location filename="../core/config/runvalidation.cpp" line="+2"/>
        <source>must be 0 (off) or more</source>
        <translation>必须为 0（关闭）或更大</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>must lie in (0, 100]</source>
        <translation>必须在 (0, 100] 内</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>distill.teacher is set but both distill.attention and distill.logits are 0: give one a weight, or clear distill.teacher</source>
        <translation>已设置 distill.teacher，但 distill.attention 和 distill.logits 均为 0：请为其中一个设置权重，或清空 distill.teacher</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>a deployed (folded) student does not train; distil into the training form (join.deployed = false)</source>
        <translation>已部署（折叠）的学生模型不能训练；请蒸馏到训练形式（join.deployed = false）</translation>
    </message>
    <message>
        <location line="+11"/>
        <source>the teacher&apos;s attention maps have %1 tokens and the student&apos;s %2 (img_size / patch_size and the class token must give the same count); choose a teacher of the same token grid</source>
        <translation>教师注意力图有 %1 个标记，学生有 %2 个（img_size / patch_size 与类别标记必须得到相同数量）；请选择标记网格相同的教师</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>the teacher has %1 heads and the student %2: set distill.heads = mean to compare head-averaged maps</source>
        <translation>教师有 %1 个头，学生有 %2 个：请设置 distill.heads = mean 以比较按头平均的注意力图</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>teacher layer %1 is out of range: the teacher has %2 layers (0 … %3)</source>
        <translation>教师层 %1 超出范围：教师有 %2 层（0 … %3）</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>the teacher predicts %1 classes and the student %2: logit distillation needs the same classes (or set distill.logits = 0)</source>
        <translation>教师预测 %1 个类别，学生预测 %2 个：logit 蒸馏需要相同的类别（或设置 distill.logits = 0）</translation>
    </message>
    <message>
        <location filename="../core/config/runvalidation.cpp" line="+3"/>
        <source>must lie in [0, 1) (0: off)</source>
        <translation>必须在 [0, 1) 内（0：关闭）</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>must be 0 (the default ramp) or a number of optimiser steps</source>
        <translation>必须为 0（默认斜坡）或优化器步数</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>must lie in (0, 1] (1: off; 0.65 to 0.75 as a rule for fine-tuning)</source>
        <translation>必须在 (0, 1] 内（1：关闭；微调时通常取 0.65 到 0.75）</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>must lie between 1 (no accumulation) and 4096</source>
        <translation>必须在 1（不累积）到 4096 之间</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>must lie between 0 (all cores) and 1024</source>
        <translation>必须在 0（全部核心）和 1024 之间</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>must lie between 1 and 1024</source>
        <translation>必须在 1 到 1024 之间</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>must lie between 1 and 86400 seconds</source>
        <translation>必须在 1 到 86400 秒之间</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>must be a multiple of compute.processes: every process takes an equal share of the global batch</source>
        <translation>必须是 compute.processes 的倍数：每个进程分得全局批次中相同大小的一份</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>nccl needs CUDA devices (compute.device = cuda or auto); use gloo on the CPU</source>
        <translation>nccl 需要 CUDA 设备（compute.device = cuda 或 auto）；在 CPU 上请使用 gloo</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>applies to CDE gates only (gate.kind = cde); set it to 0</source>
        <translation>仅适用于 CDE 门控（gate.kind = cde）；请设为 0</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>applies to CDE gates only (gate.kind = cde); set it to none</source>
        <translation>仅适用于 CDE 门控（gate.kind = cde）；请设为 none</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>the built-in data set has 10 classes; set num_classes=10</source>
        <translation>内置数据集有 10 个类别；请设置 num_classes=10</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>the built-in data set is RGB; set in_chans=3</source>
        <translation>内置数据集为 RGB 图像；请设置 in_chans=3</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>the built-in data set draws images of at least 8 px; set img_size to 8 or more</source>
        <translation>内置数据集生成的图像至少为 8 像素；请将 img_size 设为 8 或更大</translation>
    </message>
    <message>
        <location filename="../core/config/memorysize.cpp" line="+65"/>
        <source>&apos;%1&apos; is not a memory size; give 0 (this machine&apos;s memory) or a size such as 8G, 512M or 1.5G</source>
        <translation>&apos;%1&apos; 不是内存大小；请填 0（本机内存）或如 8G、512M、1.5G 的大小</translation>
    </message>
    <message>
        <location filename="../core/config/plausibility.cpp" line="+19"/>
        <source>%1 epochs is unusually many: ViTs train for 100 to 300 epochs on ImageNet and up to about 600 on small sets from scratch</source>
        <translation>%1 轮异常多：ViT 在 ImageNet 上训练 100 到 300 轮，在小数据集上从头训练最多约 600 轮</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>a batch of %1 images is unusually large (usual: 64 to 4096); large batches need a larger learning rate and a longer warm-up</source>
        <translation>%1 张图像的批次异常大（常用：64 到 4096）；大批次需要更大的学习率和更长的预热</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>a peak learning rate of %1 is far above AdamW&apos;s usual range for ViTs (1e-4 to 5e-3); above 0.1 training usually diverges</source>
        <translation>峰值学习率 %1 远高于 AdamW 训练 ViT 的常用范围（1e-4 到 5e-3）；超过 0.1 时训练通常会发散</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>stochastic depth of %1 drops most of the last blocks&apos; updates (usual: 0 to 0.3; DeiT-B uses 0.1)</source>
        <translation>随机深度 %1 会丢弃最后几个块的大部分更新（常用：0 到 0.3；DeiT-B 使用 0.1）</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>a codebook of %1 codes is far larger than the CDE paper&apos;s (K = 256 or 512): most codes would stay dead and the assignment costs N x K x d per block</source>
        <translation>%1 个码字的码本远大于 CDE 论文中的码本（K = 256 或 512）：大多数码字会始终闲置（死码），且每个块的分配开销为 N x K x d</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>%1 parallel branches per block is far beyond the joining paper&apos;s 2 to 4: every block trains that many attention and MLP branches side by side</source>
        <translation>每块 %1 个并行分支远超合并论文中的 2 到 4 个：每个块都要并行训练这么多注意力分支和 MLP 分支</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>a diversity weight of %1 can outweigh the classification loss (the joining paper&apos;s: 0.05)</source>
        <translation>多样性权重 %1 可能压过分类损失（合并论文中为 0.05）</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>the warm-up of %1 epochs lasts the whole run of %2: the learning rate reaches optim.lr only at the last step (usual: 5 to 10 % of the run)</source>
        <translation>%1 轮的预热占满了整个 %2 轮的运行：学习率直到最后一步才达到 optim.lr（常用：运行的 5% 到 10%）</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>weight decay %1 is unusually strong for AdamW (usual: 0.01 to 0.3; DeiT uses 0.05)</source>
        <translation>权重衰减 %1 对 AdamW 而言异常强（常用：0.01 到 0.3；DeiT 使用 0.05）</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>label smoothing of %1 leaves the true class little more weight than the others (usual: 0 to 0.2)</source>
        <translation>标签平滑 %1 使真实类别的权重几乎不比其他类别高（常用：0 到 0.2）</translation>
    </message>
</context>
<context>
    <name>EngineEvents</name>
    <message>
        <location filename="../core/launch/engineeventparser.cpp" line="+55"/>
        <source>a whole number</source>
        <translation>整数</translation>
    </message>
    <message>
        <location line="+12"/>
        <source>a number</source>
        <translation>数字</translation>
    </message>
    <message>
        <location line="+9"/>
        <location line="+243"/>
        <source>a text</source>
        <translation>文本</translation>
    </message>
    <message>
        <location line="-234"/>
        <source>true or false</source>
        <translation>true 或 false</translation>
    </message>
    <message>
        <location line="+9"/>
        <location line="+60"/>
        <source>an object</source>
        <translation>对象</translation>
    </message>
    <message>
        <location line="-51"/>
        <source>a list</source>
        <translation>列表</translation>
    </message>
    <message>
        <location line="+20"/>
        <source>%1: &quot;%2&quot; is missing</source>
        <translation>%1：缺少 &quot;%2&quot;</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>%1: &quot;%2&quot; is %3, not %4</source>
        <translation>%1：&quot;%2&quot; 是 %3，而不是%4</translation>
    </message>
    <message>
        <location line="+24"/>
        <source>%1 is %2, not %3</source>
        <translation>%1 是 %2，而不是%3</translation>
    </message>
    <message>
        <location line="+163"/>
        <source>no &quot;event&quot; field: not an engine event</source>
        <translation>没有 &quot;event&quot; 字段：不是引擎事件</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>&quot;event&quot; is %1, not %2</source>
        <translation>&quot;event&quot; 是 %1，而不是%2</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>&quot;%1&quot; event</source>
        <translation>&quot;%1&quot; 事件</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>unknown event &quot;%1&quot; (known: %2)</source>
        <translation>未知事件 &quot;%1&quot;（已知：%2）</translation>
    </message>
    <message>
        <location line="+14"/>
        <source>not JSON (%1 at byte %2)</source>
        <translation>不是 JSON（%1，位于第 %2 字节）</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>not a JSON object</source>
        <translation>不是 JSON 对象</translation>
    </message>
</context>
<context>
    <name>EngineInfo</name>
    <message numerus="yes">
        <location filename="../core/launch/engineinfo.cpp" line="+34"/>
        <source>cpu (%n thread(s))</source>
        <translation>
            <numerusform>cpu（%n 个线程）</numerusform>
        </translation>
    </message>
    <message>
        <location line="+34"/>
        <source>its answer is not the JSON of gatefold-cli --version --json: %1</source>
        <translation>它的回答不是 gatefold-cli --version --json 的 JSON：%1</translation>
    </message>
</context>
<context>
    <name>FieldGroups</name>
    <message>
        <location filename="../core/config/fieldtable.cpp" line="+57"/>
        <source>Training</source>
        <translation>训练</translation>
    </message>
    <message>
        <location line="+1"/>
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
    <message>
        <location line="+1"/>
        <source>Distillation</source>
        <translation>蒸馏</translation>
    </message>
</context>
<context>
    <name>FileDialogs</name>
    <message>
        <location filename="../widgets/filedialogs.cpp" line="+98"/>
        <source>%1 is the run store in use: writing there would replace every run record in it. Choose another name.</source>
        <translation>%1 是正在使用的运行存储：写入该处会替换其中的全部运行记录。请选择其他名称。</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>%1 belongs to the run store in use (SQLite&apos;s %2 file of %3): writing there would damage every run record. Choose another name.</source>
        <translation>%1 属于正在使用的运行存储（%3 的 SQLite %2 文件）：写入该处会损坏全部运行记录。请选择其他名称。</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>%1 is inside %2, where the run store in use keeps its runs&apos; checkpoints and logs: writing there could replace a run&apos;s files. Choose a place outside it.</source>
        <translation>%1 位于 %2 内，正在使用的运行存储在此保存其运行的检查点和日志：写入该处可能替换某个运行的文件。请选择该文件夹之外的位置。</translation>
    </message>
</context>
<context>
    <name>InspectRun</name>
    <message>
        <location filename="../core/inspect/inspectrun.cpp" line="+55"/>
        <source>the model has no CDE gates (gate.kind = none)</source>
        <translation>模型没有 CDE 门控（gate.kind = none）</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>the model&apos;s gates are DeepEmbed tables indexed by token position (gate.kind = deep-embed): they assign no codes</source>
        <translation>模型的门控是按 token 位置索引的 DeepEmbed 表（gate.kind = deep-embed）：它们不分配码字</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>gate.blocks selects no block: the model has no CDE-gated block</source>
        <translation>gate.blocks 未选择任何块：模型没有带 CDE 门控的块</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>the model is folded (join.deployed): one branch per block</source>
        <translation>模型已折叠（join.deployed）：每块只有一个分支</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>the model is single-branch (join.branches = 1); branch views need a joining run</source>
        <translation>模型只有一个分支（join.branches = 1）；分支视图需要合并训练的运行</translation>
    </message>
    <message>
        <location line="+178"/>
        <source>patch-embedding filters&apos; principal components</source>
        <translation>图块嵌入滤波器的主成分</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>position embedding similarity</source>
        <translation>位置嵌入相似度</translation>
    </message>
    <message>
        <location line="+102"/>
        <source>reading %1 %2 images</source>
        <translation>正在读取 %1 张 %2 图像</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>reading %1 image file(s)</source>
        <translation>正在读取 %1 个图像文件</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>predictions</source>
        <translation>预测</translation>
    </message>
    <message>
        <location line="-148"/>
        <source>attention maps</source>
        <translation>注意力图</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>attention rollout (%1 fusion, discard %2)</source>
        <translation>注意力 rollout（%1 融合，丢弃 %2）</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>mean attention distance</source>
        <translation>平均注意力距离</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>codebook assignments</source>
        <translation>码本分配</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>branch feature similarity</source>
        <translation>分支特征相似度</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>branch weight similarity</source>
        <translation>分支权重相似度</translation>
    </message>
    <message>
        <location line="+15"/>
        <source>CKA against %1 on %2 %3 images</source>
        <translation>与 %1 的 CKA（%2 张 %3 图像）</translation>
    </message>
    <message>
        <location line="+10"/>
        <source>failed: %1</source>
        <translation>失败：%1</translation>
    </message>
    <message>
        <location filename="../core/inspect/loadedrun.cpp" line="+44"/>
        <source>opening the data set of run %1</source>
        <translation>正在打开运行 %1 的数据集</translation>
    </message>
    <message>
        <location line="+13"/>
        <source>measuring the input normalisation as the trainer did</source>
        <translation>正在按训练器的方式测量输入归一化</translation>
    </message>
    <message>
        <location line="+108"/>
        <source>loading %1</source>
        <translation>正在加载 %1</translation>
    </message>
    <message>
        <location filename="../core/inspect/embeddingviews.cpp" line="+52"/>
        <source>the model has no learned position embeddings (e.g. rotary position embeddings): there is no table to compare</source>
        <translation>模型没有学习的位置嵌入（例如旋转位置嵌入）：没有可比较的表</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>the model has no patch embedding with P×P filters</source>
        <translation>模型没有 P×P 滤波器的图块嵌入</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>the patch embedding has %1 filter; principal components need at least 2</source>
        <translation>图块嵌入只有 %1 个滤波器；主成分至少需要 2 个</translation>
    </message>
</context>
<context>
    <name>JobStateText</name>
    <message>
        <location filename="../core/slurm/jobstate.cpp" line="+43"/>
        <source>pending</source>
        <translation>等待中</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>running</source>
        <translation>运行中</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>completing</source>
        <translation>正在结束</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>done</source>
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
        <location line="+3"/>
        <source>unknown to Slurm</source>
        <translation>Slurm 中已无记录</translation>
    </message>
</context>
<context>
    <name>MlflowTransfer</name>
    <message>
        <location filename="../widgets/mlflowtransfer.cpp" line="+36"/>
        <location line="+52"/>
        <source>Select the runs to export in the run table first.</source>
        <translation>请先在运行表中选择要导出的运行。</translation>
    </message>
    <message>
        <location line="-47"/>
        <location line="+10"/>
        <source>Nothing was exported: %1</source>
        <translation>未导出任何内容：%1</translation>
    </message>
    <message numerus="yes">
        <location line="+4"/>
        <source>Exported %n run(s) to MLflow experiment &apos;%1&apos; in %2 — mlflow ui --backend-store-uri file:%2</source>
        <translation>
            <numerusform>已将 %n 个运行导出到 %2 中的 MLflow 实验“%1” — mlflow ui --backend-store-uri file:%2</numerusform>
        </translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Run %1: %2</source>
        <translation>运行 %1：%2</translation>
    </message>
    <message>
        <location line="+13"/>
        <source>Nothing was imported: %1</source>
        <translation>未导入任何内容：%1</translation>
    </message>
    <message numerus="yes">
        <location line="+6"/>
        <source>Imported %n run(s) from %1</source>
        <translation>
            <numerusform>已从 %1 导入 %n 个运行</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location line="+2"/>
        <source>skipped %n (imported before, or deleted in MLflow)</source>
        <translation>
            <numerusform>跳过 %n 个（之前已导入，或已在 MLflow 中删除）</numerusform>
        </translation>
    </message>
    <message>
        <location line="+11"/>
        <source>Export runs to an MLflow file store (new, empty or existing)</source>
        <translation>将运行导出到 MLflow 文件存储（新建、空的或已有的）</translation>
    </message>
    <message>
        <location line="+5"/>
        <location line="+13"/>
        <source>Export runs to MLflow</source>
        <translation>将运行导出到 MLflow</translation>
    </message>
    <message>
        <location line="-13"/>
        <source>MLflow experiment:</source>
        <translation>MLflow 实验：</translation>
    </message>
    <message>
        <location line="+19"/>
        <source>Import runs from an MLflow file store (e.g. mlruns)</source>
        <translation>从 MLflow 文件存储（例如 mlruns）导入运行</translation>
    </message>
    <message>
        <location line="+13"/>
        <source>Import from MLflow</source>
        <translation>从 MLflow 导入</translation>
    </message>
</context>
<context>
    <name>PathBrowse</name>
    <message>
        <location filename="../widgets/pathbrowse.cpp" line="+32"/>
        <source>Choose %1</source>
        <translation>选择 %1</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>All files (*)</source>
        <translation>所有文件 (*)</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>CSV (*.csv);;All files (*)</source>
        <translation>CSV (*.csv);;所有文件 (*)</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Checkpoints (*.pt);;All files (*)</source>
        <translation>检查点 (*.pt);;所有文件 (*)</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Checkpoints and exports (*.pt *.safetensors);;All files (*)</source>
        <translation>检查点和导出文件 (*.pt *.safetensors);;所有文件 (*)</translation>
    </message>
</context>
<context>
    <name>PlainIconProvider</name>
    <message>
        <location filename="../widgets/plainiconprovider.cpp" line="+47"/>
        <source>Drive</source>
        <translation>驱动器</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Folder</source>
        <translation>文件夹</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>File</source>
        <translation>文件</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>%1 file</source>
        <translation>%1 文件</translation>
    </message>
</context>
<context>
    <name>PlotExport</name>
    <message>
        <location filename="../widgets/plotexport.cpp" line="+97"/>
        <source>Unknown image format &apos;%1&apos;: use .png, .svg or .pdf.</source>
        <translation>未知的图像格式“%1”：请使用 .png、.svg 或 .pdf。</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Cannot write %1: check that its folder exists and is writable.</source>
        <translation>无法写入 %1：请检查其所在文件夹是否存在且可写。</translation>
    </message>
    <message>
        <location line="+11"/>
        <source>Cannot write %1: %2.</source>
        <translation>无法写入 %1：%2。</translation>
    </message>
</context>
<context>
    <name>QObject</name>
    <message>
        <location filename="../widgets/tablebuilder.cpp" line="+40"/>
        <source>Cannot write %1: %2</source>
        <translation>无法写入 %1：%2</translation>
    </message>
</context>
<context>
    <name>QuitDialog</name>
    <message>
        <location filename="../widgets/quitdialog.cpp" line="+11"/>
        <source>Quit Gatefold</source>
        <translation>退出 Gatefold</translation>
    </message>
    <message numerus="yes">
        <location line="+4"/>
        <source>%n run(s) are training.</source>
        <translation>
            <numerusform>%n 个运行正在训练。</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location line="+2"/>
        <source>%n more wait in the queue.</source>
        <translation>
            <numerusform>另有 %n 个在队列中等待。</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location line="+1"/>
        <source>%n run(s) wait in the queue.</source>
        <translation>
            <numerusform>%n 个运行在队列中等待。</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location line="+2"/>
        <source>Sweeps with early stopping run by this window: %n. Quitting stops them either way (their runs save a checkpoint); Run ▸ Continue sweep carries them on later.</source>
        <translation>
            <numerusform>此窗口运行的提前停止扫描：%n 个。退出时无论如何都会停止它们（其运行会保存检查点）；之后可用“运行 ▸ 继续扫描”接着运行。</numerusform>
        </translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Keep running: the runs train on in the background (the queued ones start in turn, as many at a time as now), and Gatefold shows them again when it next starts.
Stop: each training run saves a checkpoint and ends as cancelled (Resume continues it); queued runs stay queued and are offered when Gatefold next starts.</source>
        <translation>继续运行：这些运行在后台继续训练（排队的运行按顺序启动，同时运行的数量与现在相同），Gatefold 下次启动时会再次显示它们。
停止：每个正在训练的运行保存一个检查点并以“已取消”结束（“继续”可接着训练）；排队的运行保持排队，Gatefold 下次启动时会提供给你处理。</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>&amp;Keep running in the background</source>
        <translation>在后台继续运行(&amp;K)</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>&amp;Stop at a checkpoint</source>
        <translation>在检查点停止(&amp;S)</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Sta&amp;y</source>
        <translation>留下(&amp;Y)</translation>
    </message>
</context>
<context>
    <name>RunField</name>
    <message>
        <location filename="../core/config/modelfields.cpp" line="+25"/>
        <source>input image side in pixels</source>
        <translation>输入图像边长（像素）</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>patch side in pixels; must divide img_size</source>
        <translation>patch 边长（像素）；img_size 必须能被它整除</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>input channels (3 for RGB, 1 for grey)</source>
        <translation>输入通道数（RGB 为 3，灰度为 1）</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>classifier outputs</source>
        <translation>分类器输出数</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>token width d</source>
        <translation>token 宽度 d</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>number of blocks L</source>
        <translation>块数 L</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>attention heads H; must divide embed_dim</source>
        <translation>注意力头数 H；embed_dim 必须能被它整除</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>MLP hidden width d_ff / d</source>
        <translation>MLP 隐藏层宽度 d_ff / d</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>bias on the q, k, v projections (true, false)</source>
        <translation>q、k、v 投影是否带偏置（true、false）</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>pooling for the head</source>
        <translation>分类头的池化方式</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>initial weights: timm trunc-normal 0.02; jax xavier, zero head (faster from scratch on small data)</source>
        <translation>初始权重：timm 为截断正态分布 0.02；jax 为 xavier，分类头置零（小数据从头训练时更快）</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>position embedding: learned (timm&apos;s absolute table pos_embed) or rope2d (q and k rotated by patch row and column in every head; no pos_embed)</source>
        <translation>位置嵌入：learned（timm 的绝对位置表 pos_embed）或 rope2d（每个头中的 q 和 k 按图块的行和列旋转；无 pos_embed）</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>theta of the rotary frequencies theta^(-4i/d_h) under pos.kind=rope2d (&gt; 0; 10000 as the CDE reference code)</source>
        <translation>pos.kind=rope2d 时旋转频率 theta^(-4i/d_h) 中的 theta（&gt; 0；与 CDE 参考代码一样为 10000）</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>dropout after the position embedding and before the head</source>
        <translation>位置嵌入之后和分类头之前的 dropout</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>dropout on attention probabilities</source>
        <translation>作用于注意力概率的 dropout</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>dropout after attention proj and in the MLP</source>
        <translation>注意力输出投影之后及 MLP 中的 dropout</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>stochastic depth at the last block (linear from 0)</source>
        <translation>最后一个块的随机深度（从 0 线性增加）</translation>
    </message>
    <message>
        <location line="+11"/>
        <source>gate in each gated MLP</source>
        <translation>每个门控 MLP 中的门控</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>code assignment</source>
        <translation>码字分配方式</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>what the gate multiplies</source>
        <translation>门控所乘的对象</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>codebook size K</source>
        <translation>码本大小 K</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>mixture size k of soft top-k (k &gt;= K: full softmax)</source>
        <translation>soft top-k 的混合数 k（k &gt;= K：完整 softmax）</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>temperature tau of the cosine logits (&gt; 0)</source>
        <translation>余弦 logits 的温度 tau（&gt; 0）</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>gate strength lambda in y*(1 + lambda*g)</source>
        <translation>y*(1 + lambda*g) 中的门控强度 lambda</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>codebook C across depth</source>
        <translation>码本 C 在深度方向上共享或逐层独立</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>gate matrix E across depth</source>
        <translation>门控矩阵 E 在深度方向上共享或逐层独立</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>assignment per gated block or once per image</source>
        <translation>在每个门控块中各自分配，或每张图像只分配一次</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>gated blocks: all, or a comma-separated list of block indices</source>
        <translation>门控块：all，或以逗号分隔的块索引列表</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>initialisation of E</source>
        <translation>E 的初始化方式</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>initialisation of C</source>
        <translation>C 的初始化方式</translation>
    </message>
    <message>
        <location line="+15"/>
        <source>parallel branches n per block (1: plain ViT)</source>
        <translation>每个块的并行分支数 n（1：普通 ViT）</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>what is joined: logits (the paper&apos;s; folds wide), values (logits and values), projections (q, k and values; folds to a plain ViT)</source>
        <translation>合并的对象：logits（论文中的做法；折叠后变宽），values（logits 和 value），projections（q、k 和 value；折叠为普通 ViT）</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>joining strength lambda in [0, 1] (1: joined)</source>
        <translation>合并强度 lambda，取值 [0, 1]（1：已合并）</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>alpha of the branch diversity regulariser (0: off)</source>
        <translation>分支多样性正则项的 alpha（0：关闭）</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>lambda(t) over the warm-up</source>
        <translation>预热期间的 lambda(t)</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>steps over which lambda rises from 0 to 1</source>
        <translation>lambda 从 0 升到 1 所用的步数</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>steps at lambda = 1 after the warm-up</source>
        <translation>预热后保持 lambda = 1 的步数</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>when joining starts: A/B run start, C mid-run, D to finish with the run, step: join.start_step</source>
        <translation>合并开始的时机：A/B 在运行开始时，C 在运行中途，D 使合并随运行一同结束，step：由 join.start_step 指定</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>first warm-up step when join.stage = step</source>
        <translation>join.stage = step 时预热开始的步</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>folded deploy form (written by fold)</source>
        <translation>折叠后的部署形式（由 fold 写入）</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>deploy form: LayerNorm affines absorbed into the next linears</source>
        <translation>部署形式：LayerNorm 的仿射参数被吸收进后续线性层</translation>
    </message>
    <message>
        <location filename="../core/config/datafields.cpp" line="+24"/>
        <source>data set</source>
        <translation>数据集</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>folder with the data set&apos;s files (all but builtin)</source>
        <translation>存放数据集文件的文件夹（builtin 以外均需要）</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>0: as stored; 1 or 3: grey or RGB</source>
        <translation>0：保持原样；1 或 3：灰度或 RGB</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>cifar100: the 20 superclasses (true, false)</source>
        <translation>cifar100：使用 20 个超类（true、false）</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>folder without val/: fraction held out per class</source>
        <translation>folder 中没有 val/ 时：每个类别留出的比例</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>folder: CSV &apos;file,class&apos; for a flat val/ folder</source>
        <translation>folder：用于扁平 val/ 文件夹的 CSV（“file,class”）</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>evaluation: resize to img_size / crop_pct, centre crop</source>
        <translation>评估：缩放到 img_size / crop_pct，然后中心裁剪</translation>
    </message>
    <message>
        <location line="+12"/>
        <source>threads preparing batches ahead (-1 auto: 0 on CPU, 4 with CUDA; 0: in the step)</source>
        <translation>预先准备批次的线程数（-1 auto：CPU 上为 0，使用 CUDA 时为 4；0：在训练步内准备）</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>training batches prepared ahead at most</source>
        <translation>最多预先准备的训练批次数</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>decoded folder images kept in memory, MiB (0: none)</source>
        <translation>在内存中缓存的已解码 folder 图像，MiB（0：不缓存）</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>input mean per channel in [0, 1], or auto (measured)</source>
        <translation>每个通道的输入均值，取值 [0, 1]，或 auto（自动测量）</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>input standard deviation per channel, or auto (measured)</source>
        <translation>每个通道的输入标准差，或 auto（自动测量）</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>an undecodable image: stop the run, or skip it and count</source>
        <translation>无法解码的图像：stop（中止运行），或 skip（跳过并计数）</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>training images (built-in set)</source>
        <translation>训练图像数（内置数据集）</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>held-out validation images (built-in set)</source>
        <translation>留出的验证图像数（内置数据集）</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>which images the built-in set holds</source>
        <translation>决定内置数据集包含哪些图像</translation>
    </message>
    <message>
        <location line="+11"/>
        <source>random resized crop (area aug.scale_min..1, aspect 3/4..4/3)</source>
        <translation>随机缩放裁剪（面积 aug.scale_min..1，宽高比 3/4..4/3）</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>smallest area fraction of the random resized crop</source>
        <translation>随机缩放裁剪的最小面积比例</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>probability of a horizontal flip</source>
        <translation>水平翻转的概率</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>brightness, contrast, saturation jitter j (factor 1 +- j)</source>
        <translation>亮度、对比度、饱和度抖动 j（因子 1 +- j）</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>RandAugment: ops per image N (0: off)</source>
        <translation>RandAugment：每张图像的操作数 N（0：关闭）</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>RandAugment magnitude M in [0, 10]</source>
        <translation>RandAugment 强度 M，取值 [0, 10]</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>probability of erasing a rectangle with noise</source>
        <translation>用噪声擦除一个矩形区域的概率</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>mixup alpha (0: off)</source>
        <translation>mixup 的 alpha（0：关闭）</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>cutmix alpha (0: off)</source>
        <translation>cutmix 的 alpha（0：关闭）</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>probability that a batch is mixed</source>
        <translation>一个批次被混合的概率</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>with mixup and cutmix: probability of cutmix</source>
        <translation>同时启用 mixup 和 cutmix 时：使用 cutmix 的概率</translation>
    </message>
    <message>
        <location filename="../core/config/trainingfields.cpp" line="+18"/>
        <source>passes over the training split</source>
        <translation>遍历训练集的轮数</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>images per training step, in all: with several processes each takes an equal share</source>
        <translation>每个训练步的图像总数：多个进程时各取相等的一份</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>gradient accumulation: micro-batches of train.batch_size summed into one optimiser step (it sees batch_size x accum_steps images; schedules, logs and checkpoints count optimiser steps)</source>
        <translation>梯度累积：将 train.batch_size 大小的微批次累加为一次优化器步（每步看到 batch_size x accum_steps 张图像；调度、日志和检查点都按优化器步计数）</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>images per evaluation batch</source>
        <translation>每个评估批次的图像数</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>seed of weights, data order and dropout</source>
        <translation>权重、数据顺序和 dropout 的随机种子</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>steps between train/* metrics (their mean over the steps)</source>
        <translation>train/* 指标的记录间隔步数（记录这些步的平均值）</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>deterministic algorithms only (true, false)</source>
        <translation>仅使用确定性算法（true、false）</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>also keep the checkpoint of every k-th epoch as epoch-N.pt, to inspect the run&apos;s history (0: only last and best)</source>
        <translation>另外每隔 k 轮保留一次检查点（epoch-N.pt），以便检查运行的历史（0：只保留 last 和 best）</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>batches clustered for gate.codebook_init = kmeans</source>
        <translation>gate.codebook_init = kmeans 时用于聚类的批次数</translation>
    </message>
    <message>
        <location line="+13"/>
        <source>peak AdamW learning rate (after the warm-up)</source>
        <translation>AdamW 峰值学习率（预热之后）</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>learning rate at the end of the cosine</source>
        <translation>余弦调度结束时的学习率</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>linear learning-rate warm-up, in epochs</source>
        <translation>学习率线性预热的长度，以轮为单位</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>decoupled weight decay (not on norms, biases, embeddings)</source>
        <translation>解耦权重衰减（不作用于归一化层、偏置和嵌入）</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>AdamW beta1</source>
        <translation>AdamW beta1</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>AdamW beta2</source>
        <translation>AdamW beta2</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>AdamW epsilon</source>
        <translation>AdamW epsilon</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>max global gradient L2 norm (0: no clipping)</source>
        <translation>全局梯度 L2 范数上限（0：不裁剪）</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>label smoothing of the training loss</source>
        <translation>训练损失的标签平滑</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>EMA of the weights per step (0: off)</source>
        <translation>每步对权重做 EMA（0：关闭）</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>layer-wise learning-rate decay (timm&apos;s LLRD): block i learns at lr x decay^(depth - i), the embeddings at lr x decay^(depth + 1), head and final norm at lr (1: off)</source>
        <translation>逐层学习率衰减（timm 的 LLRD）：第 i 个块的学习率为 lr x decay^(depth - i)，嵌入为 lr x decay^(depth + 1)，分类头和最终归一化为 lr（1：关闭）</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>optimiser steps over which the EMA decay ramps linearly from 0 to optim.ema_decay (0: min(ema_decay, (1 + n)/(10 + n)))</source>
        <translation>EMA 衰减从 0 线性升至 optim.ema_decay 所用的优化器步数（0：min(ema_decay, (1 + n)/(10 + n))）</translation>
    </message>
    <message>
        <location line="+13"/>
        <source>CDE gate strength ramps 0 -&gt; gate.strength over these epochs</source>
        <translation>CDE 门控强度在这么多轮内逐步上升：0 -&gt; gate.strength</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>tau from gate.temperature to cde.tau_end</source>
        <translation>tau 从 gate.temperature 变化到 cde.tau_end 的方式</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>tau at the end of the run</source>
        <translation>运行结束时的 tau</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>device of each process (auto: CUDA when present); with several processes on CUDA every local rank takes its own device (rank r: cuda:r)</source>
        <translation>每个进程的设备（auto：有 CUDA 时用 CUDA）；多个进程使用 CUDA 时，每个本地 rank 占用自己的设备（rank r：cuda:r）</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>training forward pass: fp32, or bf16 (LibTorch autocast; weights, gradients and optimiser stay fp32, evaluation runs in fp32)</source>
        <translation>训练前向计算：fp32 或 bf16（LibTorch 自动混合精度；权重、梯度和优化器保持 fp32，评估以 fp32 运行）</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>CPU threads of each process (0: all cores, shared evenly by the processes)</source>
        <translation>每个进程的 CPU 线程数（0：全部核心，由各进程平均分配）</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>data-parallel processes (ranks) on this machine; train.batch_size is the global batch, split evenly between them</source>
        <translation>本机上的数据并行进程（rank）数；train.batch_size 是全局批次，平均分给各进程</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>process group of a data-parallel run (auto: NCCL when the ranks hold CUDA devices, else Gloo)</source>
        <translation>数据并行运行的进程组（auto：各 rank 使用 CUDA 设备时为 NCCL，否则为 Gloo）</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>seconds a data-parallel step may wait for a rank before the whole job ends as crashed</source>
        <translation>数据并行的一步等待某个 rank 的最长秒数，超时则整个作业以崩溃结束</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>memory a run may need at its peak, e.g. 8G (0: this machine&apos;s); checked before the run is created</source>
        <translation>运行峰值时可使用的内存，例如 8G（0：本机内存）；在创建运行之前检查</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>checkpoint file to start from (fine-tuning; of another img_size: position embeddings resampled; of another num_classes: a new head); empty: fresh weights</source>
        <translation>作为起点的检查点文件（微调；img_size 不同时重采样位置嵌入，num_classes 不同时使用新的分类头）；空：全新权重</translation>
    </message>
    <message>
        <location line="+16"/>
        <source>teacher to distil from: RUN, RUN:best, RUN:last or RUN:epoch:N (a run&apos;s id or name), a checkpoint file or a safetensors export; empty: no distillation</source>
        <translation>蒸馏所用的教师：RUN、RUN:best、RUN:last 或 RUN:epoch:N（运行的 ID 或名称）、检查点文件或 safetensors 导出；空：不蒸馏</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>weight beta of the MSE between the teacher&apos;s attention maps and the student&apos;s (a parallel block&apos;s: the mean over its branches); 0: off</source>
        <translation>教师与学生注意力图之间 MSE 的权重 beta（并行块取其各分支的平均）；0：关闭</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>teacher layer each student block reads: uniform (block i: ceil((i+1)*L_t/L_s)-1) or one layer per block, e.g. 3,7,11</source>
        <translation>每个学生块读取的教师层：uniform（块 i：ceil((i+1)*L_t/L_s)-1）或每块一层，例如 3,7,11</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>match: compare head by head (equal head counts); mean: compare the head-averaged maps</source>
        <translation>match：逐头比较（头数相同）；mean：比较按头平均的注意力图</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>weight gamma of the soft-label term KL(p_T || p_S) * tau^2; 0: off</source>
        <translation>软标签项 KL(p_T || p_S) * tau^2 的权重 gamma；0：关闭</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>temperature tau of the teacher&apos;s and student&apos;s soft labels</source>
        <translation>教师和学生软标签的温度 tau</translation>
    </message>
</context>
<context>
    <name>RunQuery</name>
    <message>
        <location filename="../core/tables/runquery.cpp" line="+37"/>
        <source>the end of the query</source>
        <translation>查询末尾</translation>
    </message>
    <message>
        <location line="+26"/>
        <source>this &apos;)&apos; closes no &apos;(&apos;</source>
        <translation>此 &apos;)&apos; 没有对应的 &apos;(&apos;</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>expected and, or or the end of the query</source>
        <translation>应为 and、or 或查询末尾</translation>
    </message>
    <message>
        <location line="+18"/>
        <source>%1, found %2</source>
        <translation>%1，实际为 %2</translation>
    </message>
    <message>
        <location line="+41"/>
        <source>nested too deeply (more than %1 parentheses or nots)</source>
        <translation>嵌套过深（超过 %1 层括号或 not）</translation>
    </message>
    <message>
        <location line="+11"/>
        <source>expected &apos;)&apos; to close the &apos;(&apos; at %1</source>
        <translation>应为 &apos;)&apos;，以闭合第 %1 个字符处的 &apos;(&apos;</translation>
    </message>
    <message>
        <location line="+16"/>
        <source>expected a setting, metric or run field (e.g. gate.kind, val/top1, name)</source>
        <translation>应为设置项、指标或运行字段（例如 gate.kind、val/top1、name）</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>expected a metric key with a &apos;/&apos; (e.g. val/top1) in %1(…)</source>
        <translation>%1(…) 中应为带 &apos;/&apos; 的指标键（例如 val/top1）</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>expected &apos;)&apos; after the metric in %1(…)</source>
        <translation>%1(…) 中的指标之后应为 &apos;)&apos;</translation>
    </message>
    <message>
        <location line="+13"/>
        <source>expected a setting, metric or run field: &apos;%1&apos; is none (settings as in the run form, e.g. gate.kind; metrics with a &apos;/&apos;, e.g. val/top1; fields: %2)</source>
        <translation>应为设置项、指标或运行字段：“%1”都不是（设置项与运行表单中相同，例如 gate.kind；指标带 &apos;/&apos;，例如 val/top1；字段：%2）</translation>
    </message>
    <message>
        <location line="+18"/>
        <source>expected an operator (= != &lt; &lt;= &gt; &gt;= ~) after &apos;%1&apos;</source>
        <translation>“%1”之后应为运算符（= != &lt; &lt;= &gt; &gt;= ~）</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>expected a value after &apos;%1&apos; (a number, a word or &quot;quoted text&quot;)</source>
        <translation>“%1”之后应为一个值（数字、单词或 &quot;带引号的文本&quot;）</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>expected a number after &apos;%1&apos; (text compares with =, != or ~)</source>
        <translation>“%1”之后应为数字（文本只能用 =、!= 或 ~ 比较）</translation>
    </message>
    <message>
        <location line="+123"/>
        <source>the query is too long (%1 characters; at most %2)</source>
        <translation>查询过长（%1 个字符；最多 %2 个）</translation>
    </message>
    <message>
        <location filename="../core/tables/runquerytokens.cpp" line="+75"/>
        <source>quoted text is not closed: end it with %1</source>
        <translation>引号中的文本未闭合：请以 %1 结束</translation>
    </message>
    <message>
        <location line="+11"/>
        <source>expected &apos;=&apos; after &apos;!&apos; (not equal is !=; to negate, write not)</source>
        <translation>&apos;!&apos; 之后应为 &apos;=&apos;（不等于写作 !=；取反请写 not）</translation>
    </message>
    <message>
        <location line="+17"/>
        <source>at %1: %2</source>
        <translation>第 %1 个字符处：%2</translation>
    </message>
    <message>
        <location line="+35"/>
        <source>%1 is too large a number (at most about 1.8e308)</source>
        <translation>%1 这个数太大（最多约 1.8e308）</translation>
    </message>
    <message>
        <location line="+19"/>
        <source>unexpected character &apos;%1&apos;: expected a name, a value, an operator (= != &lt; &lt;= &gt; &gt;= ~), and, or, not or parentheses</source>
        <translation>意外的字符“%1”：应为名称、值、运算符（= != &lt; &lt;= &gt; &gt;= ~）、and、or、not 或括号</translation>
    </message>
</context>
<context>
    <name>RunQueue</name>
    <message>
        <location filename="../core/launch/runqueue.cpp" line="+72"/>
        <location line="+3"/>
        <location line="+101"/>
        <source>cancelled before it started</source>
        <translation>在开始前已取消</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>not resumed: %1</source>
        <translation>未继续：%1</translation>
    </message>
</context>
<context>
    <name>RunStatus</name>
    <message>
        <location filename="../widgets/statusicon.cpp" line="+44"/>
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
    <message>
        <location line="+1"/>
        <source>stopped</source>
        <translation>已停止</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>damaged</source>
        <translation>已损坏</translation>
    </message>
</context>
<context>
    <name>SbatchScriptText</name>
    <message>
        <location filename="../core/slurm/sbatchscript.cpp" line="+49"/>
        <source>the folder %1, where the tasks&apos; output goes, holds a space, a quote or &apos;%&apos;, which an #SBATCH line cannot carry; keep the store (or its runs= folder) under a path without them</source>
        <translation>任务输出所在的文件夹 %1 含有空格、引号或 &apos;%&apos;，#SBATCH 行无法容纳这些字符；请把运行存储（或其 runs= 文件夹）放在不含这些字符的路径下</translation>
    </message>
    <message>
        <location line="+107"/>
        <source>cannot make the folder %1 for the sbatch script; check that it may be written</source>
        <translation>无法为 sbatch 脚本创建文件夹 %1；请检查它是否可写</translation>
    </message>
    <message>
        <location line="+11"/>
        <source>cannot write the sbatch script %1: %2</source>
        <translation>无法写入 sbatch 脚本 %1：%2</translation>
    </message>
</context>
<context>
    <name>SeedStatsWords</name>
    <message>
        <location filename="../widgets/seedgroupstats.cpp" line="+37"/>
        <source>These runs differ in more than the seed: not one experiment, no test</source>
        <translation>这些运行不仅随机种子不同：不是同一实验，不做检验</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>The baseline&apos;s runs differ in more than the seed: not one experiment, no test</source>
        <translation>基线的运行不仅随机种子不同：不是同一实验，不做检验</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>No run of this group has measured the metric: nothing to test</source>
        <translation>此组中没有运行测得该指标：无可检验</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Only 1 seed: no p-value (a t-test needs at least two runs in each group)</source>
        <translation>仅 1 个随机种子：无 p 值（t 检验每组至少需要两个运行）</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>The baseline has fewer than 2 seeds: no p-value (a t-test needs at least two runs in each group)</source>
        <translation>基线的随机种子少于 2 个：无 p 值（t 检验每组至少需要两个运行）</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>No spread in either group: the t-test is undefined</source>
        <translation>两组均无离散：t 检验无定义</translation>
    </message>
    <message>
        <location line="+29"/>
        <source>paired by seed (df %1)</source>
        <translation>按种子配对（df %1）</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Welch (df %1)</source>
        <translation>Welch（df %1）</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>baseline</source>
        <translation>基线</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>better</source>
        <translation>更好</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>worse</source>
        <translation>更差</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>not significant</source>
        <translation>不显著</translation>
    </message>
    <message>
        <location line="+21"/>
        <source>no run has measured the metric</source>
        <translation>没有运行测得该指标</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>only 1 seed: no interval and no test</source>
        <translation>仅 1 个随机种子：无区间，也无检验</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>only %1 seeds: the interval is wide and the test weak</source>
        <translation>仅 %1 个随机种子：区间较宽，检验效力较弱</translation>
    </message>
</context>
<context>
    <name>SlurmClientText</name>
    <message>
        <location filename="../core/slurm/slurmclient.cpp" line="+76"/>
        <source>sbatch answered &apos;%1&apos;, not a job id; look at the cluster with `squeue --me`</source>
        <translation>sbatch 的回答是 &apos;%1&apos;，不是作业 ID；请用 `squeue --me` 查看集群</translation>
    </message>
    <message>
        <location line="+83"/>
        <source>the cluster has no default partition (`sinfo` marks none with *); give one with --partition</source>
        <translation>集群没有默认分区（`sinfo` 没有用 * 标出任何分区）；请用 --partition 指定一个</translation>
    </message>
    <message>
        <location line="+34"/>
        <source>the partition %1 has no nodes (`sinfo --partition=%1` lists none); give another with --partition</source>
        <translation>分区 %1 没有节点（`sinfo --partition=%1` 未列出任何节点）；请用 --partition 指定另一个</translation>
    </message>
</context>
<context>
    <name>SlurmCommandText</name>
    <message>
        <location filename="../core/slurm/slurmcommand.cpp" line="+38"/>
        <source>%1 not found: install slurm-client (Debian: apt-get install slurm-client) or run on a login node of the cluster, where the Slurm commands are</source>
        <translation>找不到 %1：请安装 slurm-client（Debian：apt-get install slurm-client），或在装有 Slurm 命令的集群登录节点上运行</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>%1 could not be started: %2</source>
        <translation>无法启动 %1：%2</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>`%1` did not answer within %2 s and was stopped; the Slurm controller may be down or busy (`scontrol ping` says), try again</source>
        <translation>`%1` 在 %2 秒内没有回应，已被终止；Slurm 控制器可能宕机或繁忙（`scontrol ping` 可查看），请重试</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>`%1` crashed: %2</source>
        <translation>`%1` 崩溃：%2</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>`%1` failed (exit %2): %3</source>
        <translation>`%1` 失败（退出码 %2）：%3</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>it said nothing on stderr</source>
        <translation>stderr 上没有任何输出</translation>
    </message>
</context>
<context>
    <name>SlurmOptionsText</name>
    <message>
        <location filename="../core/slurm/slurmoptions.cpp" line="+40"/>
        <source>--partition &apos;%1&apos; is not a partition name (letters, digits, &apos;_&apos;, &apos;.&apos;, &apos;-&apos;; several separated by commas); `sinfo -s` lists them</source>
        <translation>--partition &apos;%1&apos; 不是分区名（字母、数字、&apos;_&apos;、&apos;.&apos;、&apos;-&apos;；多个用逗号分隔）；`sinfo -s` 会列出它们</translation>
    </message>
    <message>
        <location line="+10"/>
        <source>--time &apos;%1&apos; is not a Slurm time limit; write minutes (90), HH:MM:SS (1:30:00) or D-HH:MM:SS (2-00:00:00)</source>
        <translation>--time &apos;%1&apos; 不是 Slurm 时间限制；请写分钟数（90）、HH:MM:SS（1:30:00）或 D-HH:MM:SS（2-00:00:00）</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>--gres &apos;%1&apos; is not a generic resource list (e.g. gpu:1 or gpu:a100:2, without spaces)</source>
        <translation>--gres &apos;%1&apos; 不是通用资源列表（例如 gpu:1 或 gpu:a100:2，不含空格）</translation>
    </message>
    <message>
        <location line="+11"/>
        <source>one task per run</source>
        <translation>每个运行一个任务</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>the task&apos;s output beside the sweep</source>
        <translation>任务的输出放在扫描旁边</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>the task&apos;s errors beside the sweep</source>
        <translation>任务的错误输出放在扫描旁边</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>the sweep&apos;s or run&apos;s name</source>
        <translation>扫描或运行的名称</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>to read the job id</source>
        <translation>用于读取作业 ID</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>the script is the job</source>
        <translation>脚本本身就是作业</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>give it as --nodes</source>
        <translation>请用 --nodes 指定</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>give it as --nodes and --nproc</source>
        <translation>请用 --nodes 和 --nproc 指定</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>give it as --nproc</source>
        <translation>请用 --nproc 指定</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>give it as --partition</source>
        <translation>请用 --partition 指定</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>give it as --time</source>
        <translation>请用 --time 指定</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>give it as --cpus-per-task</source>
        <translation>请用 --cpus-per-task 指定</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>give it as --gres</source>
        <translation>请用 --gres 指定</translation>
    </message>
    <message>
        <location line="+17"/>
        <source>--sbatch-arg &apos;%1&apos; is not an sbatch option; write one option each, as --name=value (e.g. --sbatch-arg=--account=lab)</source>
        <translation>--sbatch-arg &apos;%1&apos; 不是 sbatch 选项；每次写一个选项，格式为 --name=value（例如 --sbatch-arg=--account=lab）</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>--sbatch-arg &apos;%1&apos; holds a space, a quote or a control character; the script keeps one option a line as written, so write it as --name=value without them</source>
        <translation>--sbatch-arg &apos;%1&apos; 含有空格、引号或控制字符；脚本按原样每行保存一个选项，所以请写成不含这些字符的 --name=value</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>--sbatch-arg &apos;%1&apos;: Gatefold writes --%2 itself (%3); leave it out</source>
        <translation>--sbatch-arg &apos;%1&apos;：Gatefold 会自行写入 --%2（%3）；请省略它</translation>
    </message>
    <message>
        <location line="+12"/>
        <source>--%1 must be a whole number from %2 to %3, not &apos;%4&apos;</source>
        <translation>--%1 必须是 %2 到 %3 之间的整数，而不是 &apos;%4&apos;</translation>
    </message>
    <message>
        <location line="+19"/>
        <source>--cpus-per-task must be a whole number from 1 to %1, not %2</source>
        <translation>--cpus-per-task 必须是 1 到 %1 之间的整数，而不是 %2</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>--nodes must be a whole number from 1 to %1, not %2</source>
        <translation>--nodes 必须是 1 到 %1 之间的整数，而不是 %2</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>--nproc must be a whole number from 1 to %1, not %2</source>
        <translation>--nproc 必须是 1 到 %1 之间的整数，而不是 %2</translation>
    </message>
    <message>
        <location line="+64"/>
        <source>the recorded Slurm options are not an object of partition, time, cpus_per_task, gres, nodes, nproc and sbatch_args: %1</source>
        <translation>记录的 Slurm 选项不是由 partition、time、cpus_per_task、gres、nodes、nproc 和 sbatch_args 组成的对象：%1</translation>
    </message>
</context>
<context>
    <name>SlurmSubmissionText</name>
    <message>
        <location filename="../core/launch/slurmsubmission.cpp" line="+44"/>
        <source>the run store %1 is an SQLite file</source>
        <translation>运行存储 %1 是一个 SQLite 文件</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>use a PostgreSQL store every node reaches, --store &apos;%1&apos; with runs= a folder on the file system the nodes share (README, &quot;Run store&quot; and &quot;Cluster&quot;). Nothing was created</source>
        <translation>请使用每个节点都能访问的 PostgreSQL 运行存储：--store &apos;%1&apos;，其中 runs= 为节点共享的文件系统上的文件夹（见 README 的“Run store”和“Cluster”）。未创建任何内容</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>a run on %1 nodes needs a store every node reaches, and %2: SQLite over a network file system corrupts (its locks do not hold there); %3.</source>
        <translation>在 %1 个节点上的运行需要每个节点都能访问的存储，而%2：通过网络文件系统使用 SQLite 会损坏数据（其锁在那里无效）；%3。</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>cannot tell whether the cluster is this machine alone (%1), and %2, which only a cluster of this one machine may use; %3.</source>
        <translation>无法判断集群是否只有本机（%1），而%2，只有仅由本机组成的集群才能使用；%3。</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>the partition&apos;s nodes (%1) are not all this machine: a task may run on another one, and %2, which must not be shared over a network file system (it corrupts); %3.</source>
        <translation>该分区的节点（%1）并非都是本机：任务可能在其他节点上运行，而%2，不得通过网络文件系统共享（会损坏）；%3。</translation>
    </message>
    <message>
        <location line="+12"/>
        <source>the store URL holds a password; the script gets the URL without it, so the nodes need it in ~/.pgpass or $PGPASSWORD (sbatch passes your environment on)</source>
        <translation>存储 URL 中含有密码；脚本得到的是不含密码的 URL，因此节点需要在 ~/.pgpass 或 $PGPASSWORD 中找到它（sbatch 会传递您的环境）</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>the store URL has no runs=: each node keeps the runs&apos; checkpoints and logs under %1 on its own disk unless that folder is shared; add runs=/a/shared/folder to the URL</source>
        <translation>存储 URL 没有 runs=：除非该文件夹是共享的，否则每个节点都会把运行的检查点和日志保存在自己磁盘上的 %1 下；请在 URL 中加上 runs=/共享/文件夹</translation>
    </message>
    <message>
        <location line="+47"/>
        <source>Slurm accepted job %1, but the store could not record it (%2); %3</source>
        <translation>Slurm 已接受作业 %1，但运行存储无法记录它（%2）；%3</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>the job was cancelled again</source>
        <translation>该作业已被再次取消</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>cancel it with `scancel %1` (%2)</source>
        <translation>请用 `scancel %1` 取消它（%2）</translation>
    </message>
</context>
<context>
    <name>SweepFiles</name>
    <message>
        <location filename="../widgets/sweepfiles.cpp" line="+24"/>
        <source>the sweep&apos;s grid and config could not be written to a temporary folder (%1)</source>
        <translation>无法将扫描的网格和配置写入临时文件夹（%1）</translation>
    </message>
</context>
<context>
    <name>SweepTable</name>
    <message>
        <location filename="../widgets/sweeptable.cpp" line="+127"/>
        <source>last</source>
        <translation>最新</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>best</source>
        <translation>最佳</translation>
    </message>
</context>
<context>
    <name>WorldText</name>
    <message>
        <location filename="../widgets/worldtext.cpp" line="+10"/>
        <source>%1 asked</source>
        <translation>请求 %1</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>%1 · %2 · %3 per process</source>
        <translation>%1 · %2 · 每进程 %3</translation>
    </message>
    <message numerus="yes">
        <location line="+9"/>
        <source>Not started yet: it asks for %n process(es) (compute.processes).</source>
        <translation>
            <numerusform>尚未启动：它请求 %n 个进程（compute.processes）。</numerusform>
        </translation>
    </message>
    <message>
        <location line="+3"/>
        <source>One process trained it when it last started.</source>
        <translation>上次启动时由一个进程训练。</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>%1 processes (ranks) trained it when it last started, started by %2.
Process group %3; each takes %4 images of every batch (train.batch_size is the global batch).</source>
        <translation>上次启动时由 %1 个进程（rank）训练，由 %2 启动。
进程组 %3；每个进程取每批中的 %4 张图像（train.batch_size 是全局批次）。</translation>
    </message>
</context>
<context>
    <name>gatefold::launch::RunProcess</name>
    <message>
        <location filename="../core/launch/runprocess.cpp" line="+91"/>
        <source>cannot start the engine %1: %2</source>
        <translation>无法启动引擎 %1：%2</translation>
    </message>
    <message>
        <location line="+168"/>
        <source>the engine (pid %1) died without saying how the run ended%2; Resume continues the run from its last checkpoint</source>
        <translation>引擎（PID %1）在未说明运行如何结束的情况下终止%2；“继续”会从最后一个检查点接着运行</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>the engine (pid %1) exited before the run started; its log (Run → Show engine log) may say why</source>
        <translation>引擎（PID %1）在运行开始前退出；它的日志（运行 → 显示引擎日志）可能说明了原因</translation>
    </message>
</context>
<context>
    <name>gatefold::widgets::AboutDialog</name>
    <message>
        <location filename="../widgets/aboutdialog.cpp" line="+18"/>
        <source>About Gatefold</source>
        <translation>关于 Gatefold</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>&lt;h3&gt;Gatefold %1&lt;/h3&gt;&lt;p&gt;A workbench for Vision Transformer research: CDE gates and progressive joining.&lt;/p&gt;&lt;p&gt;Qt %2&lt;/p&gt;&lt;p&gt;Engine: %3&lt;/p&gt;&lt;p&gt;Run store: %4&lt;/p&gt;</source>
        <translation>&lt;h3&gt;Gatefold %1&lt;/h3&gt;&lt;p&gt;面向 Vision Transformer 研究的工作台：CDE 门控与渐进式合并。&lt;/p&gt;&lt;p&gt;Qt %2&lt;/p&gt;&lt;p&gt;引擎：%3&lt;/p&gt;&lt;p&gt;运行存储：%4&lt;/p&gt;</translation>
    </message>
    <message>
        <location line="+17"/>
        <source>LibTorch and devices: asking the engine…</source>
        <translation>LibTorch 与设备：正在询问引擎…</translation>
    </message>
    <message>
        <location line="+27"/>
        <source>The engine %1 could not be started (%2): LibTorch and devices are unknown. Install gatefold-cli beside gatefold, or name it with $GATEFOLD_CLI.</source>
        <translation>无法启动引擎 %1（%2）：LibTorch 与设备未知。请将 gatefold-cli 安装在 gatefold 旁边，或用 $GATEFOLD_CLI 指定它。</translation>
    </message>
    <message>
        <location line="+13"/>
        <source>The engine %1 did not answer (%2)%3.</source>
        <translation>引擎 %1 没有回答（%2）%3。</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>it crashed</source>
        <translation>它崩溃了</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>exit status %1</source>
        <translation>退出状态 %1</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>The engine %1 answered, but %2</source>
        <translation>引擎 %1 已回答，但%2</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Engine gatefold-cli %1 · LibTorch %2 · Qt %3&lt;br&gt;Devices: %4</source>
        <translation>引擎 gatefold-cli %1 · LibTorch %2 · Qt %3&lt;br&gt;设备：%4</translation>
    </message>
</context>
<context>
    <name>gatefold::widgets::AnalyzeJob</name>
    <message>
        <location filename="../widgets/analyzejob.cpp" line="+65"/>
        <source>No temporary folder for the analysis: %1</source>
        <translation>无法为分析创建临时文件夹：%1</translation>
    </message>
    <message>
        <location line="+40"/>
        <source>The engine %1 could not be started (%2). The window runs every analysis in gatefold-cli: install it beside gatefold, or name it with $GATEFOLD_CLI.</source>
        <translation>无法启动引擎 %1（%2）。窗口的每项分析都在 gatefold-cli 中运行：请将它安装在 gatefold 旁边，或用 $GATEFOLD_CLI 指定它。</translation>
    </message>
    <message>
        <location line="+15"/>
        <source>gatefold-cli analyze stopped before it finished (killed, or it crashed).</source>
        <translation>gatefold-cli analyze 在完成之前停止了（被终止，或崩溃）。</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>gatefold-cli analyze stopped before it finished: %1</source>
        <translation>gatefold-cli analyze 在完成之前停止了：%1</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>gatefold-cli analyze failed with exit status %1.</source>
        <translation>gatefold-cli analyze 失败，退出状态 %1。</translation>
    </message>
    <message>
        <location line="+34"/>
        <source>The engine answered about run %1 (%2), not run %3 (%4); nothing is shown.</source>
        <translation>引擎回答的是运行 %1（%2），而不是运行 %3（%4）；不显示任何内容。</translation>
    </message>
</context>
<context>
    <name>gatefold::widgets::AttentionDistanceView</name>
    <message>
        <location filename="../widgets/attentiondistanceview.cpp" line="+53"/>
        <source>block</source>
        <translation>块</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>mean attention distance (pixels)</source>
        <translation>平均注意力距离（像素）</translation>
    </message>
    <message>
        <location line="+25"/>
        <source>Not available: the report holds no mean attention distance.</source>
        <translation>不可用：报告中没有平均注意力距离。</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>Mean attention distance: run %1 (%2)</source>
        <translation>平均注意力距离：运行 %1（%2）</translation>
    </message>
    <message>
        <location line="+14"/>
        <source>head %1</source>
        <translation>头 %1</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>mean over heads</source>
        <translation>各头均值</translation>
    </message>
    <message>
        <location line="+11"/>
        <source>The y axis ends at %1 px, the largest distance between two patch centres (%2 × %3 patches of %4 px).</source>
        <translation>y 轴止于 %1 像素，即两个 patch 中心之间的最大距离（%2 × %3 个 patch，每个 %4 像素）。</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>The patch grid is unknown: the y axis fits the data.</source>
        <translation>patch 网格未知：y 轴按数据自动调整。</translation>
    </message>
    <message>
        <location line="+35"/>
        <source>block %1, mean over heads: %2 px</source>
        <translation>块 %1，各头均值：%2 像素</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>block %1, head %2: %3 px</source>
        <translation>块 %1，头 %2：%3 像素</translation>
    </message>
    <message>
        <location line="+12"/>
        <source>Point at a marker to read its value.</source>
        <translation>将鼠标指向标记即可查看其数值。</translation>
    </message>
</context>
<context>
    <name>gatefold::widgets::AttentionView</name>
    <message>
        <location filename="../widgets/attentionview.cpp" line="+46"/>
        <source>Branch:</source>
        <translation>分支：</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>Class-token attention</source>
        <translation>类别 token 的注意力</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Attention rollout</source>
        <translation>注意力 rollout</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Rollout multiplies the head-fused attention (plus identity, rows renormalised) through all layers; fusion and discard ratio are set above</source>
        <translation>Rollout 将各头融合后的注意力（加上单位矩阵，并重新按行归一化）逐层相乘；融合方式和丢弃比例在上方设置</translation>
    </message>
    <message>
        <location line="+10"/>
        <source>How strongly the map covers the image</source>
        <translation>热力图覆盖图像的强度</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Image:</source>
        <translation>图像：</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Head:</source>
        <translation>注意力头：</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>Blend:</source>
        <translation>混合：</translation>
    </message>
    <message>
        <location line="+27"/>
        <location line="+104"/>
        <source>Choose a run and press Compute.</source>
        <translation>请选择一个运行，然后点击“计算”。</translation>
    </message>
    <message>
        <location line="-86"/>
        <source>%1 (%2)</source>
        <translation>%1（%2）</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>mean of heads</source>
        <translation>各头均值</translation>
    </message>
    <message>
        <location line="+2"/>
        <location line="+137"/>
        <source>head %1</source>
        <translation>头 %1</translation>
    </message>
    <message>
        <location line="-136"/>
        <source>joined</source>
        <translation>已合并</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>branch %1</source>
        <translation>分支 %1</translation>
    </message>
    <message>
        <location line="+64"/>
        <source>Layer %1</source>
        <translation>第 %1 层</translation>
    </message>
    <message>
        <location line="+17"/>
        <source>No images were inspected.</source>
        <translation>没有检查任何图像。</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Rollout not available: %1</source>
        <translation>rollout 不可用：%1</translation>
    </message>
    <message>
        <location line="+0"/>
        <location line="+4"/>
        <source>not computed</source>
        <translation>未计算</translation>
    </message>
    <message>
        <location line="-1"/>
        <source>Attention not available: %1</source>
        <translation>注意力不可用：%1</translation>
    </message>
    <message>
        <location line="+17"/>
        <source>label %1 · predicted %2 (%3 %)</source>
        <translation>标签 %1 · 预测 %2（%3%）</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>unknown</source>
        <translation>未知</translation>
    </message>
    <message>
        <location line="+46"/>
        <source>nothing to export yet: press Compute first</source>
        <translation>尚无可导出的内容：请先点击“计算”</translation>
    </message>
</context>
<context>
    <name>gatefold::widgets::BestRunsDialog</name>
    <message>
        <location filename="../widgets/bestrunsdialog.cpp" line="+21"/>
        <source>Select best runs</source>
        <translation>选择最佳运行</translation>
    </message>
    <message>
        <location line="+10"/>
        <source>its best value</source>
        <translation>最佳值</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>its last value</source>
        <translation>最新值</translation>
    </message>
    <message numerus="yes">
        <location line="+3"/>
        <source>Select the best runs among the %n shown (runs without the metric are left out).</source>
        <translation>
            <numerusform>在显示的 %n 个运行中选择最佳运行（没有该指标的运行不计入）。</numerusform>
        </translation>
    </message>
    <message>
        <location line="+2"/>
        <source>How many:</source>
        <translation>数量：</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Metric:</source>
        <translation>指标：</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Each run&apos;s:</source>
        <translation>每个运行取：</translation>
    </message>
    <message>
        <location line="+35"/>
        <source>Higher is better for %1.</source>
        <translation>%1 越高越好。</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Lower is better for %1.</source>
        <translation>%1 越低越好。</translation>
    </message>
</context>
<context>
    <name>gatefold::widgets::BranchSimilarityView</name>
    <message>
        <location filename="../widgets/branchsimilarityview.cpp" line="+93"/>
        <source>Features</source>
        <translation>特征</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Mean cosine similarity of the branches&apos; attention and FFN outputs</source>
        <translation>各分支注意力输出与 FFN 输出的平均余弦相似度</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Weights</source>
        <translation>权重</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Cosine similarity of the branches&apos; weights: Q·Kᵀ and V·O per head, fc1, fc2</source>
        <translation>各分支权重的余弦相似度：每个头的 Q·Kᵀ 和 V·O，以及 fc1、fc2</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Colour scale from −1 to 1, white at 0</source>
        <translation>色阶从 −1 到 1，0 处为白色</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Colour scale from 0 to 1 (lower values in its darkest colour)</source>
        <translation>色阶从 0 到 1（更低的值以最深的颜色显示）</translation>
    </message>
    <message>
        <location line="+30"/>
        <source>cosine similarity</source>
        <translation>余弦相似度</translation>
    </message>
    <message>
        <location line="+72"/>
        <source>attention</source>
        <translation>注意力</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>FFN</source>
        <translation>FFN</translation>
    </message>
    <message>
        <location line="+17"/>
        <source>Not available: the report holds no branch feature similarity.</source>
        <translation>不可用：报告中没有分支特征相似度。</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Not available: the report holds no branch weight similarity.</source>
        <translation>不可用：报告中没有分支权重相似度。</translation>
    </message>
    <message>
        <location line="+33"/>
        <source>block %1 · %2</source>
        <translation>块 %1 · %2</translation>
    </message>
    <message>
        <location line="+7"/>
        <location line="+1"/>
        <source>branch</source>
        <translation>分支</translation>
    </message>
    <message>
        <location line="+99"/>
        <source>block %1, %2, branch %3 vs %4: %5</source>
        <translation>块 %1，%2，分支 %3 与 %4：%5</translation>
    </message>
    <message>
        <location line="+12"/>
        <source>Point at a cell to read its value.</source>
        <translation>将鼠标指向单元格即可查看其数值。</translation>
    </message>
</context>
<context>
    <name>gatefold::widgets::CkaView</name>
    <message>
        <location filename="../widgets/ckaview.cpp" line="+49"/>
        <source>linear CKA</source>
        <translation>线性 CKA</translation>
    </message>
    <message>
        <location line="+32"/>
        <source>run %1 (%2)</source>
        <translation>运行 %1（%2）</translation>
    </message>
    <message>
        <location line="+17"/>
        <source>Not available: the report holds no CKA matrix.</source>
        <translation>不可用：报告中没有 CKA 矩阵。</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>Linear CKA: %1 vs %2</source>
        <translation>线性 CKA：%1 与 %2</translation>
    </message>
    <message>
        <location line="+1"/>
        <location line="+1"/>
        <source>layer of %1</source>
        <translation>%1 的层</translation>
    </message>
    <message>
        <location line="+42"/>
        <source>%1: %2</source>
        <translation>%1：%2</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Diagonal (layer i of both): %1</source>
        <translation>对角线（两者的第 i 层）：%1</translation>
    </message>
    <message>
        <location line="+18"/>
        <source>layer %1 of %2 vs layer %3 of %4: %5</source>
        <translation>%2 的第 %1 层与 %4 的第 %3 层：%5</translation>
    </message>
    <message>
        <location line="+10"/>
        <source>Point at a cell to read its value.</source>
        <translation>将鼠标指向单元格即可查看其数值。</translation>
    </message>
</context>
<context>
    <name>gatefold::widgets::CodebookView</name>
    <message>
        <location filename="../widgets/codebookview.cpp" line="+43"/>
        <source>sorted by usage</source>
        <translation>按使用率排序</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>by code index</source>
        <translation>按码字索引</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Layer:</source>
        <translation>层：</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Histogram:</source>
        <translation>直方图：</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Image:</source>
        <translation>图像：</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Training:</source>
        <translation>训练：</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>The usage at each evaluation during training (on the validation split); the right end is the checkpoint on the inspected images</source>
        <translation>训练期间每次评估时的使用率（在验证集上）；最右端是检查点在所检查图像上的结果</translation>
    </message>
    <message>
        <location line="+6"/>
        <location line="+203"/>
        <source>code</source>
        <translation>码字</translation>
    </message>
    <message>
        <location line="-202"/>
        <source>usage p̄</source>
        <translation>使用率 p̄</translation>
    </message>
    <message>
        <location line="+11"/>
        <source>Click a patch to pick its code</source>
        <translation>点击一个 patch 以选中其码字</translation>
    </message>
    <message>
        <location line="+56"/>
        <source>block %1</source>
        <translation>块 %1</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>%1 (%2)</source>
        <translation>%1（%2）</translation>
    </message>
    <message>
        <location line="+62"/>
        <source>Choose a CDE run and press Compute.</source>
        <translation>请选择一个 CDE 运行，然后点击“计算”。</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Codebook not available: %1</source>
        <translation>码本不可用：%1</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>the model has no CDE gates</source>
        <translation>该模型没有 CDE 门控</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>checkpoint (step %1), inspected images</source>
        <translation>检查点（第 %1 步），所检查的图像</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>evaluation at step %1 (epoch %2)</source>
        <translation>第 %1 步的评估（第 %2 轮）</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Block %1 has no usage recorded at this evaluation.</source>
        <translation>第 %1 块在此次评估中没有记录使用率。</translation>
    </message>
    <message>
        <location line="+12"/>
        <source>Block %1 · K = %2 · perplexity %3 (of %2) · dead codes %4</source>
        <translation>第 %1 块 · K = %2 · 困惑度 %3（共 %2）· 死码 %4</translation>
    </message>
    <message>
        <location line="+6"/>
        <source> · mean α entropy %1 nats · mean gate norm %2</source>
        <translation> · 平均 α 熵 %1 nats · 平均门控范数 %2</translation>
    </message>
    <message>
        <location line="+34"/>
        <source>codes, most used first</source>
        <translation>码字（使用最多的在前）</translation>
    </message>
    <message>
        <location line="+18"/>
        <source>uniform 1/K</source>
        <translation>均匀分布 1/K</translation>
    </message>
    <message>
        <location line="+75"/>
        <source>Click a patch or a bar to see which images use a code.</source>
        <translation>点击一个 patch 或一根柱条，查看哪些图像使用了该码字。</translation>
    </message>
    <message numerus="yes">
        <location line="+6"/>
        <source>Code %1: usage %2 %, used by %n image(s) here; most patches first:</source>
        <translation>
            <numerusform>码字 %1：使用率 %2%，此处有 %n 张图像使用它；按 patch 数从多到少排列：</numerusform>
        </translation>
    </message>
    <message>
        <location line="+22"/>
        <source>%1
%2 of %3 patches</source>
        <translation>%1
%3 个 patch 中的 %2 个</translation>
    </message>
    <message>
        <location line="+43"/>
        <source>nothing to export: no codebook was computed</source>
        <translation>没有可导出的内容：尚未计算码本</translation>
    </message>
</context>
<context>
    <name>gatefold::widgets::CompareSeedGroups</name>
    <message>
        <location filename="../widgets/compareseedgroups.cpp" line="+40"/>
        <source>Over seeds:</source>
        <translation>跨随机种子：</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>val top-1 (best)</source>
        <translation>验证 Top-1（最佳）</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>val top-1 (last)</source>
        <translation>验证 Top-1（最新）</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>val loss (last)</source>
        <translation>验证损失（最新）</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>train loss (last)</source>
        <translation>训练损失（最新）</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>images/s (last)</source>
        <translation>图像/秒（最新）</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>The value the groups&apos; means, intervals and tests are over</source>
        <translation>分组均值、区间和检验所基于的值</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>These runs form experiments repeated over seeds: per group the mean and its 95 % interval, and against the baseline group the difference and the t-test (paired by seed when both hold the same seeds, else Welch) at α = 0.05</source>
        <translation>这些运行构成在不同随机种子上重复的实验：每组给出均值及其 95% 区间，并相对基线组给出差值和 t 检验（两组随机种子相同时按种子配对，否则用 Welch），α = 0.05</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>The group every other group is tested against</source>
        <translation>其他各组与之进行检验的分组</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>Baseline:</source>
        <translation>基线：</translation>
    </message>
    <message>
        <location line="+59"/>
        <source>Δ vs baseline (95 % CI)</source>
        <translation>相对基线的 Δ（95% 置信区间）</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>vs baseline</source>
        <translation>相对基线</translation>
    </message>
    <message>
        <location line="-1"/>
        <source>Group</source>
        <translation>分组</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Runs</source>
        <translation>运行数</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Mean ± std</source>
        <translation>均值 ± 标准差</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>95 % CI</source>
        <translation>95% 置信区间</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>p</source>
        <translation>p</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Test</source>
        <translation>检验</translation>
    </message>
    <message>
        <location line="-9"/>
        <source>all</source>
        <translation>全部</translation>
    </message>
</context>
<context>
    <name>gatefold::widgets::CompareView</name>
    <message>
        <location filename="../widgets/compareview.cpp" line="+50"/>
        <source>The highest of these runs</source>
        <translation>这些运行中的最高值</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>The lowest of these runs</source>
        <translation>这些运行中的最低值</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>Only differences</source>
        <translation>仅显示差异</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Runs as columns</source>
        <translation>运行作为列</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Only the settings that tell these runs apart, most telling first (settings that do not apply to a run, and threads or logging, are no difference)</source>
        <translation>仅显示区分这些运行的设置项，区分度最高的在前（不适用于某个运行的设置项以及线程数或日志设置不算作差异）</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>A column per run instead of a row per run</source>
        <translation>每个运行一列，而不是每个运行一行</translation>
    </message>
    <message>
        <location line="+15"/>
        <source>Select runs in the browser to compare them: Ctrl+click or Shift+click for several, or Select best k… for a sweep&apos;s best.</source>
        <translation>在运行列表中选择运行以进行对比：按 Ctrl+单击或 Shift+单击可选择多个，或用“选择最佳 k 个…”选出一次扫描中最好的运行。</translation>
    </message>
    <message>
        <location line="+59"/>
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
        <location line="+3"/>
        <source>%1: higher is better</source>
        <translation>%1：越高越好</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>%1: lower is better</source>
        <translation>%1：越低越好</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>This run has not measured %1</source>
        <translation>此运行未测量 %1</translation>
    </message>
    <message>
        <location line="+15"/>
        <source>step (last)</source>
        <translation>步数（最新）</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>processes</source>
        <translation>进程</translation>
    </message>
    <message>
        <location line="+34"/>
        <source>Tells these runs apart</source>
        <translation>区分这些运行</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>%1 does not apply to this run</source>
        <translation>%1 不适用于此运行</translation>
    </message>
</context>
<context>
    <name>gatefold::widgets::ConfigCheck</name>
    <message>
        <location filename="../widgets/configcheck.cpp" line="+117"/>
        <source>the engine refuses this config without saying why</source>
        <translation>引擎拒绝了此配置，但未说明原因</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>it crashed</source>
        <translation>它崩溃了</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>it exited with status %1</source>
        <translation>它以状态 %1 退出</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>the engine %1 could not check this config (%2); check that gatefold-cli is installed beside Gatefold and is as new as it</source>
        <translation>引擎 %1 无法检查此配置（%2）；请确认 gatefold-cli 与 Gatefold 安装在一起且版本一样新</translation>
    </message>
</context>
<context>
    <name>gatefold::widgets::ConfigForm</name>
    <message>
        <location filename="../widgets/configform.cpp" line="+43"/>
        <source>From the closed-form cost of the model settings (as gatefold-cli cost prints it); FLOPs = 2 x multiply-accumulates</source>
        <translation>根据模型设置的闭式开销计算（与 gatefold-cli cost 的输出相同）；FLOPs = 2 x 乘加运算次数</translation>
    </message>
    <message>
        <location line="+95"/>
        <source>Choose %1</source>
        <translation>选择 %1</translation>
    </message>
    <message>
        <location line="+176"/>
        <source>%1 (%2 section): %3</source>
        <translation>%1（%2 分节）：%3</translation>
    </message>
    <message numerus="yes">
        <location line="+10"/>
        <source>%n problem(s) in the run config.</source>
        <translation>
            <numerusform>运行配置中有 %n 个问题。</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>gatefold::widgets::CurvePanel</name>
    <message>
        <location filename="../widgets/curvepanel.cpp" line="+38"/>
        <source>The metric this panel draws (choose one or type its key)</source>
        <translation>此面板绘制的指标（选择一个或输入其键名）</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Fit</source>
        <translation>自适应</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Fit the axes to every curve again (or double-click the plot)</source>
        <translation>重新调整坐标轴以容纳所有曲线（或双击图表）</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Export…</source>
        <translation>导出…</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Save this panel as PNG, SVG or PDF, or its drawn numbers as CSV</source>
        <translation>将此面板保存为 PNG、SVG 或 PDF，或将其绘制的数值保存为 CSV</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Remove</source>
        <translation>移除</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Remove this panel</source>
        <translation>移除此面板</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Metric:</source>
        <translation>指标：</translation>
    </message>
    <message>
        <location line="+34"/>
        <location line="+7"/>
        <source>Export curves</source>
        <translation>导出曲线</translation>
    </message>
    <message>
        <location line="-6"/>
        <source>Images (*.png *.svg *.pdf);;Drawn numbers (*.csv)</source>
        <translation>图像 (*.png *.svg *.pdf);;绘制的数值 (*.csv)</translation>
    </message>
</context>
<context>
    <name>gatefold::widgets::CurvePlot</name>
    <message>
        <location filename="../widgets/curveplot.cpp" line="+44"/>
        <source>step</source>
        <translation>步数</translation>
    </message>
    <message>
        <location filename="../widgets/curveplotexport.cpp" line="+35"/>
        <source>cannot write %1: %2</source>
        <translation>无法写入 %1：%2</translation>
    </message>
    <message>
        <location line="+23"/>
        <source>unknown format &apos;%1&apos;; use .png, .svg, .pdf or .csv</source>
        <translation>未知的格式“%1”；请使用 .png、.svg、.pdf 或 .csv</translation>
    </message>
    <message>
        <location filename="../widgets/curveplotreadout.cpp" line="+62"/>
        <source>no point at or before this x</source>
        <translation>此 x 处或之前没有数据点</translation>
    </message>
    <message>
        <location filename="../widgets/curveplotlegend.cpp" line="+27"/>
        <source>Select runs in the browser to see their curves (Ctrl+click for several).</source>
        <translation>在运行列表中选择运行以查看其曲线（按 Ctrl+单击可选择多个）。</translation>
    </message>
    <message>
        <location line="+14"/>
        <source>no data for this run: %1</source>
        <translation>此运行没有数据：%1</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>no data for these runs: %1</source>
        <translation>这些运行没有数据：%1</translation>
    </message>
    <message>
        <location filename="../widgets/curveplotexport.cpp" line="+4"/>
        <source>cannot write %1</source>
        <translation>无法写入 %1</translation>
    </message>
</context>
<context>
    <name>gatefold::widgets::CurvesWorkspace</name>
    <message>
        <location filename="../widgets/curvesworkspace.cpp" line="+55"/>
        <source>Add panel</source>
        <translation>添加面板</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Another plot beside these, of another metric</source>
        <translation>在旁边再添加一个图，显示另一个指标</translation>
    </message>
    <message>
        <location line="+2"/>
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
        <translation>墙钟时间（分钟）</translation>
    </message>
    <message>
        <location line="+2"/>
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
        <location line="+5"/>
        <source>Smoothing: weight of the debiased exponential moving average (training series only; evaluations are drawn as measured)</source>
        <translation>平滑：去偏指数移动平均的权重（仅作用于训练序列；评估结果按测量值绘制）</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Log scale</source>
        <translation>对数坐标</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Draw runs that share the chosen settings as one band around their mean</source>
        <translation>将所选设置项相同的运行绘制为围绕其均值的一条带</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>± std</source>
        <translation>± 标准差</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>95 % CI of mean</source>
        <translation>均值的 95% 置信区间</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>What a group&apos;s band spans: ± the sample standard deviation of its runs, or the 95 % confidence interval of their mean (Student t: t(0.975, n−1)·s/√n; very wide for 2 runs)</source>
        <translation>分组带的范围：其运行的 ± 样本标准差，或其均值的 95% 置信区间（Student t：t(0.975, n−1)·s/√n；只有 2 个运行时非常宽）</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>against</source>
        <translation>横轴：</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Smoothing:</source>
        <translation>平滑：</translation>
    </message>
    <message>
        <location line="+246"/>
        <source>all runs</source>
        <translation>全部运行</translation>
    </message>
    <message>
        <location line="+4"/>
        <source> — mean ± std, n=%1</source>
        <translation> — 均值 ± 标准差，n=%1</translation>
    </message>
    <message>
        <location line="+2"/>
        <source> — mean, 95 % CI, n=%1 (very wide: only %1 runs)</source>
        <translation> — 均值，95% 置信区间，n=%1（非常宽：仅 %1 个运行）</translation>
    </message>
    <message>
        <location line="+2"/>
        <source> — mean, 95 % CI, n=%1</source>
        <translation> — 均值，95% 置信区间，n=%1</translation>
    </message>
    <message>
        <location line="+46"/>
        <source>None</source>
        <translation>无</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>All but seed</source>
        <translation>除随机种子外全部</translation>
    </message>
    <message>
        <location line="+12"/>
        <source>By settings</source>
        <translation>按设置项</translation>
    </message>
    <message>
        <location line="+17"/>
        <source>Group by: none</source>
        <translation>分组依据：无</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Group by: all but seed</source>
        <translation>分组依据：除随机种子外全部</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Group by: %1</source>
        <translation>分组依据：%1</translation>
    </message>
</context>
<context>
    <name>gatefold::widgets::EarlyStopBox</name>
    <message>
        <location filename="../widgets/earlystopbox.cpp" line="+18"/>
        <source>Early stopping (ASHA)</source>
        <translation>提前停止（ASHA）</translation>
    </message>
    <message>
        <location line="+10"/>
        <source>Asynchronous successive halving: at each rung a run goes on only if it ranks in the top 1/η of the runs that reached that rung; the others stop there at their checkpoint (status stopped, resumable). The sweep is then run by a gatefold-cli sweep controller.</source>
        <translation>异步逐次减半：在每个梯级，只有在到达该梯级的运行中排名前 1/η 的运行才会继续；其余运行停在该梯级的检查点上（状态为“已停止”，可继续）。随后该扫描由 gatefold-cli 的扫描控制器运行。</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>max (higher is better)</source>
        <translation>max（越高越好）</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>min (lower is better)</source>
        <translation>min（越低越好）</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>epochs, e.g. 1, 3, 9</source>
        <translation>轮次，例如 1, 3, 9</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>η: the top 1/η of the runs at a rung go on</source>
        <translation>η：每个梯级上排名前 1/η 的运行继续</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>Metric:</source>
        <translation>指标：</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Mode:</source>
        <translation>模式：</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Rungs (epochs):</source>
        <translation>梯级（轮次）：</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>η:</source>
        <translation>η：</translation>
    </message>
    <message>
        <location line="+22"/>
        <source>The epochs at which runs are compared; at most train.epochs (%1)</source>
        <translation>比较各运行的轮次；最多为 train.epochs（%1）</translation>
    </message>
    <message>
        <location line="+11"/>
        <source>Early stopping: name the metric that ranks the runs (e.g. val/top1)</source>
        <translation>提前停止：请指定用于给运行排名的指标（例如 val/top1）</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Early stopping: %1</source>
        <translation>提前停止：%1</translation>
    </message>
</context>
<context>
    <name>gatefold::widgets::EmbeddingFiltersView</name>
    <message>
        <location filename="../widgets/embeddingfiltersview.cpp" line="+95"/>
        <source>Not available: the report holds no patch-embedding filters.</source>
        <translation>不可用：报告中没有图块嵌入滤波器。</translation>
    </message>
    <message numerus="yes">
        <location line="+5"/>
        <source>Patch-embedding filters: run %1 (%2), the first %n principal component(s)</source>
        <translation>
            <numerusform>图块嵌入滤波器：运行 %1（%2），前 %n 个主成分</numerusform>
        </translation>
    </message>
    <message>
        <location line="+14"/>
        <source>Component %1: explained variance %2 (%3 % of the total)</source>
        <translation>成分 %1：解释方差 %2（占总量的 %3 %）</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>PC %1: %2 %</source>
        <translation>主成分 %1：%2 %</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>red, green and blue are the three input channels</source>
        <translation>红、绿、蓝为三个输入通道</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>grey: the one input channel</source>
        <translation>灰度：唯一的输入通道</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>each of the %1 input channels a grey square, left to right</source>
        <translation>%1 个输入通道各为一个灰色方块，从左到右</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Each tile is a principal component of the %1 filters of the patch embedding (one per output channel, %2 × %2 × %3 values each), after subtracting the mean filter; %4. Each tile is scaled from its own lowest value (black) to its highest (white). The percentage is the share of the filters&apos; variance the component explains (ViT paper, Fig. 7 left).</source>
        <translation>每个图块是图块嵌入 %1 个滤波器（每个输出通道一个，各 %2 × %2 × %3 个值）减去平均滤波器后的一个主成分；%4。每个图块按其自身最小值（黑）到最大值（白）缩放。百分比是该成分解释的滤波器方差比例（ViT 论文图 7 左）。</translation>
    </message>
</context>
<context>
    <name>gatefold::widgets::EngineCostTimer</name>
    <message>
        <location filename="../widgets/enginecosttimer.cpp" line="+96"/>
        <source>the model&apos;s config could not be handed to the engine (%1: %2)</source>
        <translation>无法将模型的配置交给引擎（%1：%2）</translation>
    </message>
    <message>
        <location line="+16"/>
        <source>the engine stopped before it timed this model (killed, or it crashed)</source>
        <translation>引擎在为此模型计时之前停止了（被终止，或崩溃）</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>the engine gave no number for it (exit status %1%2)</source>
        <translation>引擎没有给出它的数值（退出状态 %1%2）</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>the engine %1 could not be started (%2); the window times models with gatefold-cli: install it beside gatefold, or name it with $GATEFOLD_CLI</source>
        <translation>无法启动引擎 %1（%2）；窗口用 gatefold-cli 为模型计时：请将它安装在 gatefold 旁边，或用 $GATEFOLD_CLI 指定它</translation>
    </message>
    <message>
        <location line="+39"/>
        <source>the engine did not time it</source>
        <translation>引擎没有为它计时</translation>
    </message>
</context>
<context>
    <name>gatefold::widgets::ExportDialog</name>
    <message>
        <location filename="../widgets/exportdialog.cpp" line="+36"/>
        <source>Export model — run %1 %2</source>
        <translation>导出模型 — 运行 %1 %2</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>best, last, or epoch:N for a checkpoint the run keeps</source>
        <translation>best、last，或 epoch:N 表示该运行保留的某个检查点</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Checkpoint:</source>
        <translation>检查点：</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>TorchScript</source>
        <translation>TorchScript</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>ONNX (opset 13)</source>
        <translation>ONNX（opset 13）</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>safetensors + config</source>
        <translation>safetensors + 配置</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>Formats:</source>
        <translation>格式：</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>As the run&apos;s join variant gives</source>
        <translation>按该运行的合并变体</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Plain (timm-shaped; projections variant)</source>
        <translation>普通（timm 结构；projections 变体）</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Wide</source>
        <translation>宽</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>None (export as trained; single-branch runs)</source>
        <translation>不折叠（按训练时导出；单分支运行）</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Fold:</source>
        <translation>折叠：</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Absorb LayerNorm affines into the following linear maps</source>
        <translation>将 LayerNorm 仿射参数吸收到后续线性映射中</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Fold even if the branches are not fully joined (λ &lt; 1)</source>
        <translation>即使分支尚未完全合并（λ &lt; 1）也折叠</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Validation images the exported files are checked on</source>
        <translation>用于检查导出文件的验证图像</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Verify on images:</source>
        <translation>验证图像数：</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>default: the run&apos;s folder, export/&lt;checkpoint&gt;</source>
        <translation>默认：运行的文件夹，export/&lt;checkpoint&gt;</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Browse…</source>
        <translation>浏览…</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Output folder</source>
        <translation>输出文件夹</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>Output folder:</source>
        <translation>输出文件夹：</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>The verification numbers and the files written appear here.</source>
        <translation>验证结果和已写入的文件将显示在这里。</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Export</source>
        <translation>导出</translation>
    </message>
    <message>
        <location line="+82"/>
        <source>Choose at least one format.</source>
        <translation>请至少选择一种格式。</translation>
    </message>
    <message>
        <location line="+10"/>
        <source>Starting gatefold-cli export…</source>
        <translation>正在启动 gatefold-cli export…</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>Could not start %1: %2</source>
        <translation>无法启动 %1：%2</translation>
    </message>
    <message>
        <location line="+35"/>
        <source>gatefold-cli export crashed.</source>
        <translation>gatefold-cli export 崩溃了。</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>gatefold-cli export failed with exit status %1.</source>
        <translation>gatefold-cli export 失败，退出状态 %1。</translation>
    </message>
    <message>
        <location line="+13"/>
        <source>Run %1, %2 checkpoint (step %3): %4 fold, verified on %5 validation images.</source>
        <translation>运行 %1，%2 检查点（第 %3 步）：%4 折叠，已在 %5 张验证图像上验证。</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>Against the trained model</source>
        <translation>与训练后的模型相比</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>max |Δlogit|</source>
        <translation>最大 |Δlogit|</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>relative</source>
        <translation>相对</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>top-1 agreement</source>
        <translation>top-1 一致率</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>folded model</source>
        <translation>折叠后的模型</translation>
    </message>
    <message>
        <location line="+11"/>
        <source>Files written (each recorded as an artifact of the run):</source>
        <translation>已写入的文件（每个都记录为该运行的工件）：</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>timm-shaped: the safetensors weights load into timm&apos;s VisionTransformer built from config.json.</source>
        <translation>timm 结构：safetensors 权重可加载到按 config.json 构建的 timm VisionTransformer 中。</translation>
    </message>
</context>
<context>
    <name>gatefold::widgets::GroupView</name>
    <message>
        <location filename="../widgets/groupview.cpp" line="+76"/>
        <source>All but seed</source>
        <translation>除随机种子外全部</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Copy CSV</source>
        <translation>复制 CSV</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>One row per experiment: runs that differ only in the seed (and in threads or logging) share a row</source>
        <translation>每个实验一行：只在随机种子（以及线程数或日志设置）上不同的运行共用一行</translation>
    </message>
    <message>
        <location line="+5"/>
        <location line="+270"/>
        <source>best</source>
        <translation>最佳值</translation>
    </message>
    <message>
        <location line="-270"/>
        <location line="+270"/>
        <source>last</source>
        <translation>最新值</translation>
    </message>
    <message>
        <location line="-269"/>
        <source>The value of each run the 95 % interval and the test are over: its best or its last</source>
        <translation>95% 区间和检验所基于的各运行的值：其最佳值或最新值</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>The group every other is tested against (also: right-click a row, Use as baseline)</source>
        <translation>其他各组与之进行检验的分组（也可右键单击某行，选择“用作基线”）</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>Significance level: a difference is called better or worse when its two-sided p is below α</source>
        <translation>显著性水平：差值的双侧 p 低于 α 时判为更好或更差</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>The groups with their means, intervals, differences and p-values as CSV, to the clipboard</source>
        <translation>将各分组及其均值、区间、差值和 p 值以 CSV 格式复制到剪贴板</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>The settings that tell the store&apos;s runs apart, most telling first: check those to group by</source>
        <translation>区分运行存储中各运行的设置项，区分度最高的在前：勾选要用于分组的设置项</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>Group by:</source>
        <translation>分组依据：</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Metric:</source>
        <translation>指标：</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Test on:</source>
        <translation>检验基于：</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Baseline:</source>
        <translation>基线：</translation>
    </message>
    <message>
        <location line="+169"/>
        <source>Use as baseline</source>
        <translation>用作基线</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>No baseline</source>
        <translation>无基线</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>(none)</source>
        <translation>（无）</translation>
    </message>
    <message>
        <location line="+62"/>
        <source>Group</source>
        <translation>分组</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Runs</source>
        <translation>运行</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Best %1%2</source>
        <translation>最佳 %1%2</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Last %1%2</source>
        <translation>最新 %1%2</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>95 % CI (%1)</source>
        <translation>95% 置信区间（%1）</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Δ vs baseline (95 % CI)</source>
        <translation>相对基线的 Δ（95% 置信区间）</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>p</source>
        <translation>p</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Test</source>
        <translation>检验</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Also differ in</source>
        <translation>其他差异项</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>vs baseline</source>
        <translation>相对基线</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>The runs of the group that have measured %1: the mean ± std beside it is over these</source>
        <translation>组内已测得 %1 的运行：旁边的均值 ± 标准差即基于这些运行</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>The 95 % confidence interval of the mean of the runs&apos; %1 values (Student t, n − 1 degrees of freedom)</source>
        <translation>各运行%1的均值的 95% 置信区间（Student t，自由度 n − 1）</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>This group&apos;s mean minus the baseline&apos;s, and the difference&apos;s 95 % confidence interval</source>
        <translation>此组均值减去基线均值之差，及该差值的 95% 置信区间</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Two-sided p of the t-test against the baseline</source>
        <translation>相对基线的 t 检验的双侧 p 值</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Paired by seed when both groups hold the same seeds, Welch&apos;s unequal-variance test otherwise</source>
        <translation>两组随机种子相同时按种子配对，否则使用 Welch 异方差检验</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Better or worse than the baseline when p &lt; α (%1 is best %2); not significant otherwise</source>
        <translation>p &lt; α 时判为优于或劣于基线（%1 越%2越好）；否则为不显著</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>high</source>
        <translation>高</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>low</source>
        <translation>低</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Settings besides the grouping ones (and the seed) in which the group&apos;s runs differ: such a row is not one experiment over seeds</source>
        <translation>除分组设置项（及随机种子）外，组内运行仍存在差异的设置项：这样的行并不是同一实验在不同随机种子上的重复</translation>
    </message>
    <message>
        <location line="+12"/>
        <source>all (seeds only)</source>
        <translation>全部（仅随机种子不同）</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>Runs %1</source>
        <translation>运行 %1</translation>
    </message>
    <message>
        <location line="+40"/>
        <source>Not one experiment: these runs also differ in %1</source>
        <translation>并非同一实验：这些运行在 %1 上也不同</translation>
    </message>
    <message>
        <location line="-109"/>
        <source>1 run without %1 not counted.</source>
        <translation>1 个没有 %1 的运行未计入。</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>%1 runs without %2 not counted.</source>
        <translation>%1 个没有 %2 的运行未计入。</translation>
    </message>
</context>
<context>
    <name>gatefold::widgets::InspectPanel</name>
    <message>
        <location filename="../widgets/inspectpanel.cpp" line="+45"/>
        <source>Compute</source>
        <translation>计算</translation>
    </message>
    <message>
        <location line="+38"/>
        <source>best</source>
        <translation>最佳</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>last</source>
        <translation>最新</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Which checkpoint of the run: the best by validation top-1, the last, or an epoch&apos;s (kept when the run sets train.keep_every)</source>
        <translation>使用运行的哪个检查点：验证 top-1 最佳的、最后的，或某一轮的（运行设置了 train.keep_every 时才保留）</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>How many images (the first of the split, always the same ones)</source>
        <translation>图像数量（取该划分中的前若干张，每次都相同）</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>validation images</source>
        <translation>验证图像</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>training images</source>
        <translation>训练图像</translation>
    </message>
    <message>
        <location line="+1"/>
        <location line="+117"/>
        <source>image files…</source>
        <translation>图像文件…</translation>
    </message>
    <message>
        <location line="-116"/>
        <source>mean</source>
        <translation>均值</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>max</source>
        <translation>最大值</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>min</source>
        <translation>最小值</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Rollout: how the heads of a layer are fused</source>
        <translation>Rollout：同一层各头的融合方式</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Rollout: fraction of the lowest fused attention dropped per row (the class token&apos;s column is kept)</source>
        <translation>Rollout：每行丢弃的最低融合注意力值的比例（类别 token 所在列保留）</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>CKA compares this run&apos;s blocks with another selected run&apos;s, or with themselves</source>
        <translation>CKA 将此运行的各块与另一个所选运行的各块比较，或与自身比较</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Compute every view for this checkpoint and these images</source>
        <translation>为此检查点和这些图像计算所有视图</translation>
    </message>
    <message>
        <location line="-50"/>
        <source>Export picture…</source>
        <translation>导出图片…</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Export CSV…</source>
        <translation>导出 CSV…</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Write this page&apos;s numbers as CSV tables into a folder: the files and columns gatefold-cli analyze writes (README, &quot;Analysis reports&quot;)</source>
        <translation>将本页的数值以 CSV 表写入一个文件夹：文件与列与 gatefold-cli analyze 所写相同（README，“Analysis reports”）</translation>
    </message>
    <message>
        <location line="+57"/>
        <source>Checkpoint:</source>
        <translation>检查点：</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Images:</source>
        <translation>图像：</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Rollout:</source>
        <translation>Rollout：</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>CKA with:</source>
        <translation>CKA 对比：</translation>
    </message>
    <message>
        <location line="+10"/>
        <source>Attention</source>
        <translation>注意力</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Attention distance</source>
        <translation>注意力距离</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Codebook</source>
        <translation>码本</translation>
    </message>
    <message>
        <location line="+14"/>
        <source>Training:</source>
        <translation>训练：</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>Scrub through joining: the similarity at each evaluation during training (first validation batch); the right end is the checkpoint on the inspected images</source>
        <translation>拖动浏览合并过程：训练期间每次评估时的相似度（第一个验证批次）；最右端是检查点在所检查图像上的结果</translation>
    </message>
    <message>
        <location line="-19"/>
        <source>Branches</source>
        <translation>分支</translation>
    </message>
    <message>
        <location line="+1"/>
        <location line="+239"/>
        <source>CKA</source>
        <translation>CKA</translation>
    </message>
    <message>
        <location line="-238"/>
        <source>Embedding filters</source>
        <translation>嵌入滤波器</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Position similarity</source>
        <translation>位置相似度</translation>
    </message>
    <message>
        <location line="+40"/>
        <source>No run selected</source>
        <translation>未选择运行</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Run %1</source>
        <translation>运行 %1</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>itself</source>
        <translation>自身</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>run %1</source>
        <translation>运行 %1</translation>
    </message>
    <message>
        <location line="+13"/>
        <source>epoch %1</source>
        <translation>第 %1 轮</translation>
    </message>
    <message numerus="yes">
        <location line="+13"/>
        <source>%n file(s)</source>
        <translation>
            <numerusform>%n 个文件</numerusform>
        </translation>
    </message>
    <message>
        <location line="+8"/>
        <source>Images to inspect</source>
        <translation>要检查的图像</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Images (*.png *.jpg *.jpeg *.webp *.bmp *.tif *.tiff)</source>
        <translation>图像 (*.png *.jpg *.jpeg *.webp *.bmp *.tif *.tiff)</translation>
    </message>
    <message>
        <location line="+83"/>
        <source>Select a run in the table first.</source>
        <translation>请先在表格中选择一个运行。</translation>
    </message>
    <message>
        <location line="+10"/>
        <source>Choose image files first (Images → image files…).</source>
        <translation>请先选择图像文件（图像 → 图像文件…）。</translation>
    </message>
    <message>
        <location line="+15"/>
        <source>Computing run %1 (%2 checkpoint)…</source>
        <translation>正在计算运行 %1（%2检查点）…</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>%1 %2</source>
        <translation>%1 %2</translation>
    </message>
    <message>
        <location line="+43"/>
        <source>attention</source>
        <translation>注意力</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>rollout</source>
        <translation>rollout</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>attention distance</source>
        <translation>注意力距离</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>codebook</source>
        <translation>码本</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>branch similarity</source>
        <translation>分支相似度</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>weight similarity</source>
        <translation>权重相似度</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>embedding filters</source>
        <translation>嵌入滤波器</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>position similarity</source>
        <translation>位置相似度</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>%1: %2</source>
        <translation>%1：%2</translation>
    </message>
    <message numerus="yes">
        <location line="+4"/>
        <source>Run %1 &apos;%2&apos;, %3 checkpoint (epoch %4, step %5), %n image(s), on %6 in %7 s.</source>
        <translation>
            <numerusform>运行 %1“%2”，检查点 %3（第 %4 轮，第 %5 步），%n 张图像，在 %6 上用时 %7 秒。</numerusform>
        </translation>
    </message>
    <message>
        <location line="+8"/>
        <source>Not shown: %1.</source>
        <translation>未显示：%1。</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>checkpoint (step %1), inspected images</source>
        <translation>检查点（第 %1 步），所检查的图像</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>evaluation at step %1 (epoch %2)</source>
        <translation>第 %1 步的评估（第 %2 轮）</translation>
    </message>
    <message>
        <location line="+33"/>
        <source>Export picture</source>
        <translation>导出图片</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>PNG image (*.png);;SVG drawing (*.svg);;PDF (*.pdf)</source>
        <translation>PNG 图像 (*.png);;SVG 矢量图 (*.svg);;PDF (*.pdf)</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Wrote %1</source>
        <translation>已写入 %1</translation>
    </message>
    <message>
        <location line="+11"/>
        <source>Export the CSV tables into a folder</source>
        <translation>将 CSV 表导出到文件夹</translation>
    </message>
    <message>
        <location line="+10"/>
        <source>Replace the tables?</source>
        <translation>替换这些表？</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>%1 already holds %2. Replace them?</source>
        <translation>%1 中已有 %2。要替换吗？</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>Wrote %1 in %2</source>
        <translation>已将 %1 写入 %2</translation>
    </message>
</context>
<context>
    <name>gatefold::widgets::InspectView</name>
    <message>
        <location filename="../widgets/inspectview.cpp" line="+65"/>
        <source>Cannot create the folder %1: choose another.</source>
        <translation>无法创建文件夹 %1：请另选一个。</translation>
    </message>
    <message>
        <location line="+30"/>
        <source>Nothing inspected yet.</source>
        <translation>尚未检查任何内容。</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Not available: %1</source>
        <translation>不可用：%1</translation>
    </message>
</context>
<context>
    <name>gatefold::widgets::JoinPreview</name>
    <message>
        <location filename="../widgets/joinpreview.cpp" line="+34"/>
        <source>optimiser step</source>
        <translation>优化器步</translation>
    </message>
    <message>
        <location line="+36"/>
        <source>join.schedule none: λ stays 0, the branches are never joined.</source>
        <translation>join.schedule none：λ 保持为 0，分支永不合并。</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>λ rises from step %1 to step %2, then stays 1 for %3 steps of adjustment.</source>
        <translation>λ 从第 %1 步升到第 %2 步，之后在 %3 步的调整阶段保持为 1。</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>The run has %1 steps (%2 per epoch).</source>
        <translation>该运行共 %1 步（每轮 %2 步）。</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>It ends before λ reaches 1: the model cannot be folded exactly.</source>
        <translation>运行在 λ 达到 1 之前就会结束：模型无法被精确折叠。</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>It ends during the adjustment.</source>
        <translation>运行在调整阶段中结束。</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>The run&apos;s steps are known once the engine has read the data set.</source>
        <translation>引擎读取数据集后才能得知该运行的步数。</translation>
    </message>
    <message>
        <location line="+28"/>
        <source>warm-up</source>
        <translation>预热</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>adjust</source>
        <translation>调整</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>done</source>
        <translation>完成</translation>
    </message>
</context>
<context>
    <name>gatefold::widgets::MainWindow</name>
    <message>
        <location filename="../widgets/mainwindow.cpp" line="+58"/>
        <source>Gatefold</source>
        <translation>Gatefold</translation>
    </message>
    <message>
        <location filename="../widgets/mainwindowcolumns.cpp" line="+86"/>
        <source>Metric:</source>
        <translation>指标：</translation>
    </message>
    <message>
        <location filename="../widgets/mainwindow.cpp" line="+94"/>
        <source>Run</source>
        <translation>运行</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Engine messages</source>
        <translation>引擎消息</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>What the engines say (a line per event, each naming its run) appears here while runs train, and why a run failed.</source>
        <translation>运行训练期间，引擎的消息（每个事件一行，并注明所属运行）以及运行失败的原因会显示在这里。</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Compare</source>
        <translation>对比</translation>
    </message>
    <message>
        <location line="+25"/>
        <source>Queue run</source>
        <translation>加入队列</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Run %1 created; submitting it to Slurm…</source>
        <translation>已创建运行 %1；正在提交到 Slurm…</translation>
    </message>
    <message>
        <location line="+42"/>
        <source>%1: %2</source>
        <translation>%1：%2</translation>
    </message>
    <message>
        <location line="+71"/>
        <source>Run %1 &apos;%2&apos; is hidden by the filter.</source>
        <translation>运行 %1“%2”被筛选条件隐藏。</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Show it</source>
        <translation>显示</translation>
    </message>
    <message>
        <location line="+96"/>
        <source>%1 running, %2 queued — store %3</source>
        <translation>%1 个运行中，%2 个排队中 — 运行存储 %3</translation>
    </message>
    <message>
        <location line="-271"/>
        <location filename="../widgets/mainwindowactions.cpp" line="+41"/>
        <source>Runs</source>
        <translation>运行</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Groups</source>
        <translation>分组</translation>
    </message>
    <message>
        <location line="-36"/>
        <source>Curves</source>
        <translation>曲线</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Inspect</source>
        <translation>检查</translation>
    </message>
    <message>
        <location filename="../widgets/mainwindowactions.cpp" line="+2"/>
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
        <location line="+13"/>
        <source>&amp;Open store…</source>
        <translation>打开运行存储(&amp;O)…</translation>
    </message>
    <message>
        <location line="+3"/>
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
        <source>Export runs to &amp;MLflow…</source>
        <translation>将运行导出到 &amp;MLflow…</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>&amp;Import from MLflow…</source>
        <translation>从 MLflow 导入(&amp;I)…</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>&amp;Settings…</source>
        <translation>设置(&amp;S)…</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>&amp;Quit</source>
        <translation>退出(&amp;Q)</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>&amp;Queue run</source>
        <translation>加入队列(&amp;Q)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Ctrl+Return</source>
        <translation>Ctrl+Return</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>&amp;Cancel</source>
        <translation>取消(&amp;C)</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Ctrl+.</source>
        <translation>Ctrl+.</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>&amp;Sweep…</source>
        <translation>扫描(&amp;S)…</translation>
    </message>
    <message>
        <location filename="../widgets/mainwindowsweeps.cpp" line="+36"/>
        <source>Submit to Slurm</source>
        <translation>提交到 Slurm</translation>
    </message>
    <message>
        <location filename="../widgets/mainwindow.cpp" line="+2"/>
        <location filename="../widgets/mainwindowsweeps.cpp" line="+6"/>
        <location line="+11"/>
        <source>Sweep</source>
        <translation>参数扫描</translation>
    </message>
    <message>
        <location filename="../widgets/mainwindowactions.cpp" line="+111"/>
        <source>Images (*.png *.svg *.pdf);;Drawn numbers (*.csv)</source>
        <translation>图像 (*.png *.svg *.pdf);;绘制的数值 (*.csv)</translation>
    </message>
    <message>
        <location line="-110"/>
        <source>Ctrl+Shift+Return</source>
        <translation>Ctrl+Shift+Return</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>&amp;Resume</source>
        <translation>继续(&amp;R)</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>Re-&amp;run</source>
        <translation>重新运行(&amp;E)</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>&amp;Duplicate into form</source>
        <translation>复制到表单(&amp;D)</translation>
    </message>
    <message>
        <location line="+47"/>
        <source>copy of run %1</source>
        <translation>运行 %1 的副本</translation>
    </message>
    <message>
        <location line="-46"/>
        <source>Ctrl+D</source>
        <translation>Ctrl+D</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>Show engine &amp;log</source>
        <translation>显示引擎日志(&amp;L)</translation>
    </message>
    <message>
        <location line="+49"/>
        <source>— %1: %2</source>
        <translation>— %1：%2</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>no engine log (the run was not started from this window)</source>
        <translation>无引擎日志（该运行并非从此窗口启动）</translation>
    </message>
    <message>
        <location line="-51"/>
        <source>Ctrl+L</source>
        <translation>Ctrl+L</translation>
    </message>
    <message>
        <location line="-17"/>
        <source>C&amp;ontinue sweep</source>
        <translation>继续扫描(&amp;O)</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Carry on the selected run&apos;s sweep with early stopping whose controller is gone (Gatefold quit, the machine restarted): gatefold-cli sweep --continue</source>
        <translation>继续所选运行所属的提前停止扫描，其控制器已不在（Gatefold 已退出、机器已重启）：gatefold-cli sweep --continue</translation>
    </message>
    <message>
        <location line="+16"/>
        <source>&amp;Inspect</source>
        <translation>检查(&amp;I)</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Select a run to inspect</source>
        <translation>请选择要检查的运行</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Ctrl+I</source>
        <translation>Ctrl+I</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Attention, codebook, branch similarity and CKA of the selected run&apos;s checkpoint</source>
        <translation>所选运行某个检查点的注意力、码本、分支相似度和 CKA</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>&amp;Table…</source>
        <translation>表格(&amp;T)…</translation>
    </message>
    <message numerus="yes">
        <location filename="../widgets/mainwindowsweeps.cpp" line="-6"/>
        <source>Submitting the sweep &apos;%1&apos; (%n run(s)) to Slurm…</source>
        <translation>
            <numerusform>正在将扫描“%1”（%n 个运行）提交到 Slurm…</numerusform>
        </translation>
    </message>
    <message>
        <location line="+4"/>
        <source>The sweep was not submitted to Slurm: %1</source>
        <translation>扫描未提交到 Slurm：%1</translation>
    </message>
    <message>
        <location line="+18"/>
        <source>The sweep was not started: %1</source>
        <translation>扫描未启动：%1</translation>
    </message>
    <message numerus="yes">
        <location line="+3"/>
        <source>Starting the sweep &apos;%1&apos; (%n run(s)) with early stopping…</source>
        <translation>
            <numerusform>正在启动带提前停止的扫描“%1”（%n 个运行）…</numerusform>
        </translation>
    </message>
    <message>
        <location line="+15"/>
        <source>Select a run of the sweep to continue</source>
        <translation>请选择要继续的扫描中的一个运行</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>Sweep %1 has no early stopping, so no controller to continue it: select its runs that did not finish and Resume them.</source>
        <translation>扫描 %1 没有提前停止，因此没有可继续它的控制器：请选择其未完成的运行，然后用“继续”接着运行它们。</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Continuing sweep %1…</source>
        <translation>正在继续扫描 %1…</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Sweep %1 was not continued: %2</source>
        <translation>扫描 %1 未继续：%2</translation>
    </message>
    <message numerus="yes">
        <location line="+9"/>
        <source>Sweep %1: %n run(s), early stopping decided by its controller.</source>
        <translation>
            <numerusform>扫描 %1：%n 个运行，由其控制器决定是否提前停止。</numerusform>
        </translation>
    </message>
    <message>
        <location line="+6"/>
        <source>Sweep %1</source>
        <translation>扫描 %1</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>The sweep</source>
        <translation>该扫描</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>%1: its controller has ended.</source>
        <translation>%1：其控制器已结束。</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>%1: its controller stopped: %2</source>
        <translation>%1：其控制器已停止：%2</translation>
    </message>
    <message>
        <location filename="../widgets/mainwindowactions.cpp" line="+57"/>
        <source>Select the runs for the table</source>
        <translation>请选择要放入表格的运行</translation>
    </message>
    <message>
        <location line="-56"/>
        <source>Ctrl+T</source>
        <translation>Ctrl+T</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>A LaTeX or CSV table of the selected runs: mean ± std over seeds, costs, paper layouts</source>
        <translation>所选运行的 LaTeX 或 CSV 表格：各种子的均值 ± 标准差、开销、论文表格布局</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>E&amp;xport model…</source>
        <translation>导出模型(&amp;X)…</translation>
    </message>
    <message>
        <location line="+64"/>
        <source>Select the run to export</source>
        <translation>请选择要导出的运行</translation>
    </message>
    <message>
        <location line="-63"/>
        <source>Ctrl+Shift+E</source>
        <translation>Ctrl+Shift+E</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Fold the selected run&apos;s checkpoint, verify it and write TorchScript, ONNX or safetensors</source>
        <translation>折叠所选运行的检查点，验证后写出 TorchScript、ONNX 或 safetensors</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Re&amp;fresh</source>
        <translation>刷新(&amp;F)</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>Runs at a time:</source>
        <translation>同时运行数：</translation>
    </message>
    <message>
        <location line="-84"/>
        <source>&amp;About Gatefold</source>
        <translation>关于 Gatefold(&amp;A)</translation>
    </message>
    <message>
        <location line="+147"/>
        <location line="+4"/>
        <source>Export curves</source>
        <translation>导出曲线</translation>
    </message>
    <message>
        <location filename="../widgets/mainwindowcolumns.cpp" line="-15"/>
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
        <location line="+5"/>
        <source>Add metric column</source>
        <translation>添加指标列</translation>
    </message>
    <message>
        <location line="-6"/>
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
        <location line="+0"/>
        <source>at an epoch…</source>
        <translation>在某一轮…</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Value:</source>
        <translation>取值：</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Epoch:</source>
        <translation>轮次：</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>Remove this column</source>
        <translation>移除此列</translation>
    </message>
    <message>
        <location filename="../widgets/mainwindowruns.cpp" line="+36"/>
        <source>Quit Gatefold</source>
        <translation>退出 Gatefold</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>The queued runs could not be handed to a background queue: %1
They stay queued; Gatefold offers them when it next starts.</source>
        <translation>无法把排队的运行交给后台队列：%1
它们保持排队；Gatefold 下次启动时会提供给你处理。</translation>
    </message>
    <message numerus="yes">
        <location line="+26"/>
        <source>Stopping %n run(s) at a checkpoint…</source>
        <translation>
            <numerusform>正在于检查点停止 %n 个运行…</numerusform>
        </translation>
    </message>
    <message>
        <location line="+0"/>
        <source>&amp;Quit now</source>
        <translation>立即退出(&amp;Q)</translation>
    </message>
    <message>
        <location filename="../widgets/mainwindowstart.cpp" line="+54"/>
        <location line="+11"/>
        <source>Open a run store</source>
        <translation>打开运行存储</translation>
    </message>
    <message>
        <location line="-10"/>
        <source>SQLite run store (*.sqlite);;All files (*)</source>
        <translation>SQLite 运行存储 (*.sqlite);;所有文件 (*)</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>%1 is the store open now.</source>
        <translation>%1 就是当前打开的运行存储。</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>%1 is not a run store Gatefold can open:
%2</source>
        <translation>%1 不是 Gatefold 能打开的运行存储：
%2</translation>
    </message>
</context>
<context>
    <name>gatefold::widgets::PositionSimilarityView</name>
    <message>
        <location filename="../widgets/positionsimilarityview.cpp" line="+84"/>
        <source>Cosine similarity, one scale for every tile</source>
        <translation>余弦相似度，所有图块共用一个色标</translation>
    </message>
    <message>
        <location line="+49"/>
        <source>Not available: the report holds no position embedding similarity.</source>
        <translation>不可用：报告中没有位置嵌入相似度。</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Position embedding similarity: run %1 (%2)</source>
        <translation>位置嵌入相似度：运行 %1（%2）</translation>
    </message>
    <message>
        <location line="+12"/>
        <source>Patch at row %1, column %2: its embedding&apos;s cosine similarity to every position&apos;s</source>
        <translation>第 %1 行第 %2 列的图块：其嵌入与每个位置嵌入的余弦相似度</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>Tile (row r, column c) shows the patch grid coloured by the cosine similarity of the learned position embedding of the patch at (r, c) to that of every patch (%1 × %2 positions, the class token left out), on one scale from −1 to 1 (ViT paper, Fig. 7 centre). Grey: a position whose embedding is zero.</source>
        <translation>图块（第 r 行，第 c 列）显示图块网格，颜色为 (r, c) 处图块学习到的位置嵌入与每个图块位置嵌入的余弦相似度（%1 × %2 个位置，不含类别标记），色标统一为 −1 到 1（ViT 论文图 7 中）。灰色：嵌入为零的位置。</translation>
    </message>
</context>
<context>
    <name>gatefold::widgets::RunController</name>
    <message>
        <location filename="../widgets/runcontroller.cpp" line="+110"/>
        <source>run</source>
        <translation>运行</translation>
    </message>
    <message>
        <location line="+68"/>
        <source>run %1 is not in %2 for other programs (the window&apos;s connection wrote into a file another program had replaced) and could not be created again: %3. Close Gatefold, start it again and queue the run once more.</source>
        <translation>其他程序在 %2 中看不到运行 %1（窗口的连接写入了一个已被其他程序替换的文件），且无法重新创建：%3。请关闭 Gatefold，重新启动后再把该运行加入队列一次。</translation>
    </message>
    <message>
        <location line="+12"/>
        <source>run %1 was written only where this window could see it (another program had replaced the store&apos;s journal file); the window reopened the store and queued the run again as run %2.</source>
        <translation>运行 %1 只写到了本窗口能看到的地方（其他程序替换了存储的日志文件）；窗口已重新打开存储，并把该运行作为运行 %2 重新加入队列。</translation>
    </message>
    <message>
        <location line="+20"/>
        <source>run %1 is being submitted to Slurm; cancel it once the submission has answered</source>
        <translation>运行 %1 正在提交到 Slurm；请在提交返回结果后再取消</translation>
    </message>
    <message>
        <location line="+12"/>
        <location line="+4"/>
        <source>cancelled before it started</source>
        <translation>在开始前已取消</translation>
    </message>
    <message>
        <location line="+12"/>
        <source>only a failed, cancelled, crashed or stopped run can be resumed</source>
        <translation>只有失败、已取消、已崩溃或已停止的运行才能继续</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>run %1 is being submitted to Slurm already</source>
        <translation>运行 %1 已在提交到 Slurm</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>run %1&apos;s job %2 is still %3 in Slurm; resume it once Slurm has let it go</source>
        <translation>运行 %1 的作业 %2 在 Slurm 中仍处于%3状态；请等 Slurm 释放它后再继续</translation>
    </message>
    <message>
        <location line="+34"/>
        <source>run %1 has no readable config</source>
        <translation>运行 %1 没有可读取的配置</translation>
    </message>
    <message>
        <location line="+42"/>
        <source>the engine process (pid %1) has exited without ending the run; Resume continues it from its last checkpoint</source>
        <translation>引擎进程（pid %1）已退出，但未结束该运行；“继续”会从其最后一个检查点继续运行</translation>
    </message>
    <message>
        <location line="+33"/>
        <source>run %1 was not taken up: %2</source>
        <translation>未接手运行 %1：%2</translation>
    </message>
    <message>
        <location line="+20"/>
        <source>cancelled at the start of Gatefold: the window or queue that held it was gone</source>
        <translation>在 Gatefold 启动时取消：持有它的窗口或队列已不存在</translation>
    </message>
    <message>
        <location line="+69"/>
        <source>not submitted to Slurm: %1; Resume submits it again</source>
        <translation>未提交到 Slurm：%1；“继续”会再次提交</translation>
    </message>
    <message>
        <location line="+16"/>
        <source>Run %1 was submitted to Slurm as job %2.</source>
        <translation>运行 %1 已作为作业 %2 提交到 Slurm。</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Run %1 was not submitted to Slurm: %2</source>
        <translation>运行 %1 未提交到 Slurm：%2</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Run %1 was submitted to Slurm again as job %2.</source>
        <translation>运行 %1 已作为作业 %2 再次提交到 Slurm。</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Run %1 was not submitted to Slurm again: %2</source>
        <translation>运行 %1 未能再次提交到 Slurm：%2</translation>
    </message>
    <message numerus="yes">
        <location line="+2"/>
        <source>Sweep %1: %n run(s) submitted to Slurm as job array %2.</source>
        <translation>
            <numerusform>扫描 %1：%n 个运行已作为作业数组 %2 提交到 Slurm。</numerusform>
        </translation>
    </message>
    <message>
        <location line="+3"/>
        <source>The sweep was not submitted to Slurm: %1</source>
        <translation>扫描未提交到 Slurm：%1</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Not cancelled: %1</source>
        <translation>未取消：%1</translation>
    </message>
</context>
<context>
    <name>gatefold::widgets::RunFilterBar</name>
    <message>
        <location filename="../widgets/runfilterbar.cpp" line="+29"/>
        <source>Select best k…</source>
        <translation>选择最佳 k 个…</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Filter runs: words (name, status, tags, notes…) or a query: gate.kind = cde and val/top1 &gt; 0.9</source>
        <translation>筛选运行：关键词（名称、状态、标签、备注…）或查询：gate.kind = cde and val/top1 &gt; 0.9</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Words are looked for in every column. Text with = != &lt; &lt;= &gt; &gt;= or ~ (contains) is a query over run fields (name, status, sweep, tags, …), settings (optim.lr) and metrics (val/top1: last value; best(val/loss), min(…), max(…)), joined with and, or, not and parentheses. A run that lacks a setting or metric does not match a comparison on it.</source>
        <translation>关键词会在每一列中查找。含有 = != &lt; &lt;= &gt; &gt;= 或 ~（包含）的文本是一个查询，作用于运行字段（name、status、sweep、tags、…）、设置项（optim.lr）和指标（val/top1：最新值；best(val/loss)、min(…)、max(…)），并用 and、or、not 和括号组合。缺少某个设置项或指标的运行不匹配针对它的比较。</translation>
    </message>
    <message>
        <location line="+11"/>
        <source>Select the k best runs shown (under the filters) by a metric</source>
        <translation>按某个指标选出（当前筛选下）所显示运行中最佳的 k 个</translation>
    </message>
    <message>
        <location line="+19"/>
        <source>Not read as a query — %1. Looked for as words instead.</source>
        <translation>未作为查询读取——%1。已改为按关键词查找。</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Query not applied — %1</source>
        <translation>查询未应用 — %1</translation>
    </message>
    <message>
        <location line="+27"/>
        <source>All runs</source>
        <translation>全部运行</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Sweep %1</source>
        <translation>扫描 %1</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Sweep %1 (#%2)</source>
        <translation>扫描 %1 (#%2)</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>No sweep</source>
        <translation>无扫描</translation>
    </message>
</context>
<context>
    <name>gatefold::widgets::RunFormPanel</name>
    <message>
        <location filename="../widgets/runformpanel.cpp" line="+34"/>
        <source>&amp;Queue run</source>
        <translation>加入队列(&amp;Q)</translation>
    </message>
    <message>
        <location line="+10"/>
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
        <location line="+59"/>
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
        <location line="+13"/>
        <source>cannot write %1: %2</source>
        <translation>无法写入 %1：%2</translation>
    </message>
    <message>
        <location line="+65"/>
        <source>Checking the config with the engine; the run is queued once it accepts it…</source>
        <translation>正在用引擎检查配置；引擎接受后即将运行加入队列…</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Checking the config with the engine…</source>
        <translation>正在用引擎检查配置…</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>The engine accepts this config.</source>
        <translation>引擎接受此配置。</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Data %1: %2 classes, %3 channel(s), %4 training and %5 validation images.</source>
        <translation>数据 %1：%2 个类别，%3 个通道，%4 张训练图像和 %5 张验证图像。</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>%1 M parameters.</source>
        <translation>%1 M 个参数。</translation>
    </message>
    <message>
        <location line="+12"/>
        <source>The engine would refuse this config; nothing is queued until this is fixed:</source>
        <translation>引擎会拒绝此配置；修正之前不会加入队列：</translation>
    </message>
    <message numerus="yes">
        <location line="+7"/>
        <source>…and %n more, shown at their settings.</source>
        <translation>
            <numerusform>……另有 %n 个，显示在其设置处。</numerusform>
        </translation>
    </message>
    <message>
        <location line="+21"/>
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
        <location filename="../widgets/runtablemodel.cpp" line="+252"/>
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
        <location line="-3"/>
        <location line="+123"/>
        <source>epoch %1</source>
        <translation>第 %1 轮</translation>
    </message>
    <message>
        <location filename="../widgets/runtablemodelcells.cpp" line="+72"/>
        <source>Slurm ?</source>
        <translation>Slurm ？</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Slurm %1</source>
        <translation>Slurm %1</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>gone from Slurm</source>
        <translation>已不在 Slurm 中</translation>
    </message>
    <message>
        <location line="+11"/>
        <source>not known now: %1</source>
        <translation>暂时未知：%1</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Slurm could not be asked</source>
        <translation>无法查询 Slurm</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Slurm job %1: %2; submitted %3; script %4</source>
        <translation>Slurm 作业 %1：%2；提交于 %3；脚本 %4</translation>
    </message>
    <message>
        <location filename="../widgets/runtablemodel.cpp" line="-198"/>
        <source>waiting to resume</source>
        <translation>等待继续</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>waiting to resume (background queue)</source>
        <translation>等待继续（后台队列）</translation>
    </message>
    <message>
        <location line="+123"/>
        <source>%1 (%2); queued for resume, it starts from its last checkpoint when a slot is free.</source>
        <translation>%1（%2）；已排队等待继续，有空位时将从其最后一个检查点开始。</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>no message</source>
        <translation>无消息</translation>
    </message>
    <message>
        <location line="+74"/>
        <source>%1 img/s</source>
        <translation>%1 图像/秒</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>ETA %1</source>
        <translation>剩余 %1</translation>
    </message>
    <message>
        <location line="+12"/>
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
        <source>Processes</source>
        <translation>进程数</translation>
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
    <message>
        <location line="+1"/>
        <source>Sweep</source>
        <translation>参数扫描</translation>
    </message>
    <message>
        <location line="+35"/>
        <source>Run %1 keeps its name &apos;%2&apos;: a run needs a name (type one, or press Esc to leave it as it is).</source>
        <translation>运行 %1 保留其名称“%2”：运行需要名称（请输入一个，或按 Esc 保持原样）。</translation>
    </message>
    <message>
        <location line="+15"/>
        <source>Run %1 was not changed: %2</source>
        <translation>运行 %1 未更改：%2</translation>
    </message>
    <message>
        <location filename="../widgets/runtablemodelrung.cpp" line="+30"/>
        <source>stopped at rung %1 (epoch %2)</source>
        <translation>在梯级 %1 停止（第 %2 轮）</translation>
    </message>
</context>
<context>
    <name>gatefold::widgets::SchedulerStates</name>
    <message>
        <location filename="../widgets/schedulerstates.cpp" line="+81"/>
        <source>the runs&apos; Slurm states could not be read (gatefold-cli runs list: %1)</source>
        <translation>无法读取运行的 Slurm 状态（gatefold-cli runs list：%1）</translation>
    </message>
</context>
<context>
    <name>gatefold::widgets::SectionList</name>
    <message numerus="yes">
        <location filename="../widgets/sectionlist.cpp" line="+79"/>
        <source>%n problem(s) in this section</source>
        <translation>
            <numerusform>此分节中有 %n 个问题</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location line="+1"/>
        <source>%n value(s) here look unintended</source>
        <translation>
            <numerusform>此处有 %n 个值看起来并非有意设置</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>gatefold::widgets::SettingsDialog</name>
    <message>
        <location filename="../widgets/settingsdialog.cpp" line="+31"/>
        <source>This machine</source>
        <translation>本机</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Slurm (submitted with sbatch)</source>
        <translation>Slurm（用 sbatch 提交）</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Settings</source>
        <translation>设置</translation>
    </message>
    <message>
        <location line="+46"/>
        <source>Browse…</source>
        <translation>浏览…</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Run store</source>
        <translation>运行存储</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>SQLite run store (*.sqlite)</source>
        <translation>SQLite 运行存储 (*.sqlite)</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>A run store file (SQLite), or a PostgreSQL database shared by a team or a cluster:
postgresql://user@host:5432/database?runs=/shared/gatefold
runs= is where checkpoints and logs go (a directory every machine sees); the password comes from $PGPASSWORD or ~/.pgpass.</source>
        <translation>运行存储文件（SQLite），或由团队或集群共享的 PostgreSQL 数据库：
postgresql://user@host:5432/database?runs=/shared/gatefold
runs= 指定检查点和日志的存放目录（每台机器都能访问的目录）；密码取自 $PGPASSWORD 或 ~/.pgpass。</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Check</source>
        <translation>检查</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Open the store now and say what is in it</source>
        <translation>立即打开运行存储并显示其中的内容</translation>
    </message>
    <message>
        <location line="-59"/>
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
        <location line="+2"/>
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
        <source>Runs go to:</source>
        <translation>运行提交到：</translation>
    </message>
    <message>
        <location line="+2"/>
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
    <message>
        <location line="+47"/>
        <source>Runs and sweeps queued here train on this machine, as many at a time as the toolbar says</source>
        <translation>在此加入队列的运行和扫描在本机训练，同时运行的数量由工具栏设定</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Runs and sweeps queued here are submitted to Slurm (gatefold-cli … --slurm) and wait there; the run browser shows where Slurm has them. Resume submits a Slurm run again</source>
        <translation>在此加入队列的运行和扫描会提交到 Slurm（gatefold-cli … --slurm）并在那里等待；运行浏览器显示它们在 Slurm 中的状态。“继续”会再次提交 Slurm 运行</translation>
    </message>
    <message>
        <location line="+25"/>
        <source>No store there yet: the next start creates %1.</source>
        <translation>该位置还没有运行存储：下次启动时将创建 %1。</translation>
    </message>
    <message numerus="yes">
        <location line="+7"/>
        <source>%n run(s) in %1 (schema %2); files under %3.</source>
        <translation>
            <numerusform>%1 中有 %n 个运行（schema 版本 %2）；文件位于 %3。</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>gatefold::widgets::SlurmSettingsBox</name>
    <message>
        <location filename="../widgets/slurmsettingsbox.cpp" line="+23"/>
        <source>Slurm options</source>
        <translation>Slurm 选项</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Partition (--partition):</source>
        <translation>分区（--partition）：</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>the cluster&apos;s default partition</source>
        <translation>集群的默认分区</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Where the jobs wait and run; sinfo -s lists the partitions</source>
        <translation>作业等待和运行的位置；sinfo -s 列出各分区</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Time limit (--time):</source>
        <translation>时间限制（--time）：</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>the partition&apos;s limit, e.g. 90, 4:00:00 or 2-00:00:00</source>
        <translation>分区的限制，例如 90、4:00:00 或 2-00:00:00</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>A job still training at its limit is stopped and its run marked crashed; Resume continues it from its last checkpoint</source>
        <translation>到达时间限制时仍在训练的作业会被终止，其运行标记为崩溃；“继续”会从最后的检查点接着训练</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>CPUs per task (--cpus-per-task):</source>
        <translation>每个任务的 CPU 数（--cpus-per-task）：</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Slurm&apos;s default (1)</source>
        <translation>Slurm 默认值（1）</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Cores each task gets; runs with compute.threads = 0 train with as many threads</source>
        <translation>每个任务获得的核心数；compute.threads = 0 的运行使用同样多的线程训练</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Generic resources (--gres):</source>
        <translation>通用资源（--gres）：</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>none, e.g. gpu:1 or gpu:a100:2</source>
        <translation>无，例如 gpu:1 或 gpu:a100:2</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>What each node of a job needs besides cores, such as GPUs</source>
        <translation>作业的每个节点除核心外还需要的资源，例如 GPU</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Nodes (--nodes):</source>
        <translation>节点数（--nodes）：</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Machines one run&apos;s data-parallel job spans; more than one needs a store every node reaches (a postgresql:// URL), never an SQLite file</source>
        <translation>一个运行的数据并行作业跨越的机器数；多于一台时需要每个节点都能访问的存储（postgresql:// URL），不能用 SQLite 文件</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Processes per node (--nproc):</source>
        <translation>每节点进程数（--nproc）：</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Data-parallel ranks srun starts on each node (one per GPU with --gres gpu:N). With 1 on one node, a run whose compute.processes is above 1 starts its ranks itself inside its one task</source>
        <translation>srun 在每个节点上启动的数据并行 rank 数（使用 --gres gpu:N 时每个 GPU 一个）。单节点且为 1 时，compute.processes 大于 1 的运行会在其唯一的任务内自行启动各 rank</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Further sbatch options:</source>
        <translation>其他 sbatch 选项：</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>e.g. --account=lab --qos=high</source>
        <translation>例如 --account=lab --qos=high</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Each written as one #SBATCH line of the job&apos;s script, as --name=value, separated by spaces</source>
        <translation>每个写成作业脚本中的一行 #SBATCH，格式为 --name=value，以空格分隔</translation>
    </message>
</context>
<context>
    <name>gatefold::widgets::SlurmSubmitter</name>
    <message>
        <location filename="../widgets/slurmsubmitter.cpp" line="+156"/>
        <source>%1 could not be started: %2</source>
        <translation>无法启动 %1：%2</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>%1 ended abnormally: %2</source>
        <translation>%1 异常结束：%2</translation>
    </message>
</context>
<context>
    <name>gatefold::widgets::StrandedRunsDialog</name>
    <message>
        <location filename="../widgets/strandedrunsdialog.cpp" line="+19"/>
        <source>Runs left behind</source>
        <translation>遗留的运行</translation>
    </message>
    <message numerus="yes">
        <location line="+2"/>
        <source>%n run(s) of this store wait for an engine that is gone: queued by a window or queue that ended, or training when their engine died. Tick the ones to take up.</source>
        <translation>
            <numerusform>此存储中有 %n 个运行在等待一个已不存在的引擎：由已结束的窗口或队列排入，或在其引擎终止时正在训练。勾选要接手的运行。</numerusform>
        </translation>
    </message>
    <message>
        <location line="+6"/>
        <source>ID</source>
        <translation>ID</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Name</source>
        <translation>名称</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Status</source>
        <translation>状态</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Since</source>
        <translation>自</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Taking it up</source>
        <translation>接手后</translation>
    </message>
    <message>
        <location line="+12"/>
        <source>queue it again</source>
        <translation>重新加入队列</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>resume it from its last checkpoint</source>
        <translation>从最后一个检查点继续</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>&amp;Take up the ticked runs</source>
        <translation>接手勾选的运行(&amp;T)</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>&amp;Cancel the ticked queued runs</source>
        <translation>取消勾选的排队运行(&amp;C)</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>They end as cancelled and are not offered again; crashed runs stay as they are</source>
        <translation>它们以“已取消”结束，不再提供；崩溃的运行保持原样</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>&amp;Not now</source>
        <translation>暂不处理(&amp;N)</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Nothing changes; they are offered again at the next start</source>
        <translation>不做任何更改；下次启动时会再次提供</translation>
    </message>
</context>
<context>
    <name>gatefold::widgets::SweepAxesEditor</name>
    <message>
        <location filename="../widgets/sweepaxeseditor.cpp" line="+77"/>
        <source>Setting</source>
        <translation>设置项</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Varies as</source>
        <translation>变化方式</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Values / low</source>
        <translation>取值 / 下限</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>High</source>
        <translation>上限</translation>
    </message>
    <message>
        <location line="+27"/>
        <source>list of values</source>
        <translation>取值列表</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>choice</source>
        <translation>选项</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>uniform</source>
        <translation>均匀分布</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>log-uniform</source>
        <translation>对数均匀分布</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>integer uniform</source>
        <translation>整数均匀分布</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>A list: every value is run (on a grid) or drawn from (random search); a choice: the same, by name; uniform, log-uniform, integer uniform: random search draws from [low, high]</source>
        <translation>取值列表：每个值都会运行（网格）或从中抽取（随机搜索）；选项：同上，按名称；均匀分布、对数均匀分布、整数均匀分布：随机搜索从 [下限, 上限] 中抽取</translation>
    </message>
    <message>
        <location line="+75"/>
        <source>low</source>
        <translation>低</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>values, e.g. 0.001, 0.0003</source>
        <translation>取值，例如 0.001, 0.0003</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>high</source>
        <translation>高</translation>
    </message>
    <message>
        <location line="+15"/>
        <source>%1: the bounds of an integer range are whole numbers</source>
        <translation>%1：整数范围的边界必须是整数</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>%1: the bounds of a range are numbers</source>
        <translation>%1：范围的边界必须是数字</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>%1: a log-uniform range needs 0 &lt; low (%2 is not above 0)</source>
        <translation>%1：对数均匀分布的范围要求 0 &lt; 下限（%2 不大于 0）</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>%1: low must not be above high</source>
        <translation>%1：下限不得高于上限</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>%1: low must be below high</source>
        <translation>%1：下限必须低于上限</translation>
    </message>
    <message>
        <location line="+15"/>
        <source>%1: list at least one value</source>
        <translation>%1：请至少列出一个值</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>%1: a range is drawn from, not laid on a grid: choose Method random search, or list the values</source>
        <translation>%1：范围用于随机抽取，不能铺成网格：请将“方法”设为随机搜索，或列出各个值</translation>
    </message>
</context>
<context>
    <name>gatefold::widgets::SweepBuilder</name>
    <message>
        <location filename="../widgets/sweepbuilder.cpp" line="+46"/>
        <source>Sweep</source>
        <translation>参数扫描</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>seeds, e.g. 0, 1, 2</source>
        <translation>随机种子，例如 0, 1, 2</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Add setting</source>
        <translation>添加设置项</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Remove setting</source>
        <translation>移除设置项</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>Name:</source>
        <translation>名称：</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Method:</source>
        <translation>方法：</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Seeds:</source>
        <translation>随机种子：</translation>
    </message>
    <message>
        <location line="+2"/>
        <location line="+171"/>
        <source>Queue sweep</source>
        <translation>将扫描加入队列</translation>
    </message>
    <message>
        <location line="-167"/>
        <source>Settings to vary: a list of values (separated by commas; by semicolons when a value is itself a list) or, for random search, a range to draw from. A grid runs every combination; random search draws the given number of settings. Each runs once per seed, over the run form&apos;s config.</source>
        <translation>要变化的设置项：取值列表（用逗号分隔；若某个值本身是列表则用分号分隔），或在随机搜索时给出抽取的范围。网格会运行每种组合；随机搜索抽取给定数量的设置。每组设置对每个随机种子运行一次，基于运行表单中的配置。</translation>
    </message>
    <message>
        <location line="+26"/>
        <source>grid (every combination)</source>
        <translation>网格（每种组合）</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>random search</source>
        <translation>随机搜索</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>runs: </source>
        <translation>运行数: </translation>
    </message>
    <message>
        <location line="+1"/>
        <source>How many settings random search draws (each runs once per seed)</source>
        <translation>随机搜索抽取的设置数量（每组对每个随机种子运行一次）</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>search seed: </source>
        <translation>搜索种子: </translation>
    </message>
    <message>
        <location line="+1"/>
        <source>The same settings and search seed draw the same runs</source>
        <translation>相同的设置和搜索种子会抽取出相同的运行</translation>
    </message>
    <message>
        <location line="+118"/>
        <source>Early stopping: at epochs %1 only the top 1/%2 by %3 (%4) go on; run by a sweep controller.</source>
        <translation>提前停止：在第 %1 轮，只有按 %3（%4）排名前 1/%2 的运行继续；由扫描控制器运行。</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>higher is better</source>
        <translation>越高越好</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>lower is better</source>
        <translation>越低越好</translation>
    </message>
    <message>
        <location line="+10"/>
        <source>Start sweep</source>
        <translation>启动扫描</translation>
    </message>
    <message numerus="yes">
        <location line="-19"/>
        <source>%n run(s): </source>
        <translation>
            <numerusform>%n 个运行：</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>gatefold::widgets::SweepControllerJob</name>
    <message>
        <location filename="../widgets/sweepcontrollerjob.cpp" line="+66"/>
        <source>sweep %1 is controlled by this window already</source>
        <translation>扫描 %1 已由此窗口控制</translation>
    </message>
    <message>
        <location line="+67"/>
        <source>%1 could not be started: %2</source>
        <translation>无法启动 %1：%2</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>the sweep controller ended abnormally: %1</source>
        <translation>扫描控制器异常结束：%1</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>the sweep controller ended with exit status %1</source>
        <translation>扫描控制器已结束，退出状态 %1</translation>
    </message>
</context>
<context>
    <name>gatefold::widgets::SweepScatterPlots</name>
    <message>
        <location filename="../widgets/sweepscatterplots.cpp" line="+270"/>
        <source>● a run</source>
        <translation>● 一个运行</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>● a run   ▬ the mean of all runs at that value (too many setting combinations to mark each)</source>
        <translation>● 一个运行   ▬ 该取值下所有运行的均值（设置项组合过多，无法逐一标出）</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>● a run   ▬ the mean over the seeds of each setting combination</source>
        <translation>● 一个运行   ▬ 每种设置项组合在各随机种子上的均值</translation>
    </message>
</context>
<context>
    <name>gatefold::widgets::SweepView</name>
    <message>
        <location filename="../widgets/sweepview.cpp" line="+76"/>
        <source>The metric plotted against each setting (any metric the runs record)</source>
        <translation>针对每个设置项绘制的指标（可为运行记录的任意指标）</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>last value</source>
        <translation>最新值</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>best value</source>
        <translation>最佳值</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Each run&apos;s last value of the metric, or its best (highest; lowest for a loss)</source>
        <translation>每个运行该指标的最新值，或其最佳值（最高；对于损失则为最低）</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Export picture…</source>
        <translation>导出图片…</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Export CSV…</source>
        <translation>导出 CSV…</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>The table behind the plots: run, the settings it varies, the metric</source>
        <translation>图表背后的表格：运行、其变化的设置项、指标</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Metric:</source>
        <translation>指标：</translation>
    </message>
    <message>
        <location line="+71"/>
        <source>… and %1 more</source>
        <translation>… 以及另外 %1 个</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>no %1: %2</source>
        <translation>无 %1：%2</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>%1 runs</source>
        <translation>%1 个运行</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>%1 runs, varying %2</source>
        <translation>%1 个运行，变化的设置项：%2</translation>
    </message>
    <message>
        <location line="+10"/>
        <source>Type or choose the metric to plot against the settings (val/top1, val/loss, …).</source>
        <translation>输入或选择要针对设置项绘制的指标（val/top1、val/loss、…）。</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Select two or more runs to see a sweep — filter the runs by their sweep and select them all — and this view plots %1 against each setting they vary.</source>
        <translation>选择两个或更多运行即可查看扫描 — 按扫描筛选运行并全部选中 — 此视图会针对它们变化的每个设置项绘制 %1。</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Fewer than two of the %1 selected runs have %2: choose another metric, or wait until they have been evaluated.</source>
        <translation>所选的 %1 个运行中具有 %2 的不足两个：请选择其他指标，或等待它们完成评估。</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>The %1 selected runs vary no setting: they are one experiment. Compare shows them side by side.</source>
        <translation>所选的 %1 个运行没有变化的设置项：它们是同一个实验。“对比”可将它们并排显示。</translation>
    </message>
    <message>
        <location line="+10"/>
        <source>Point at a run&apos;s line or point to see its settings; click it to select the run.</source>
        <translation>将鼠标指向某个运行的线或点即可查看其设置项；点击即可选中该运行。</translation>
    </message>
    <message>
        <location line="+55"/>
        <source>No runs selected: select the runs of a sweep, then export their table.</source>
        <translation>未选择运行：请选择一个扫描的运行，然后导出其表格。</translation>
    </message>
    <message>
        <location line="+9"/>
        <location line="+3"/>
        <location line="+4"/>
        <source>Export picture</source>
        <translation>导出图片</translation>
    </message>
    <message>
        <location line="-3"/>
        <source>PNG image (*.png);;SVG drawing (*.svg);;PDF (*.pdf)</source>
        <translation>PNG 图像 (*.png);;SVG 矢量图 (*.svg);;PDF (*.pdf)</translation>
    </message>
    <message>
        <location line="+8"/>
        <location line="+3"/>
        <source>Export CSV</source>
        <translation>导出 CSV</translation>
    </message>
    <message>
        <location line="-3"/>
        <source>CSV (*.csv)</source>
        <translation>CSV (*.csv)</translation>
    </message>
</context>
<context>
    <name>gatefold::widgets::TableBuilder</name>
    <message>
        <location filename="../widgets/tablebuilder.cpp" line="+37"/>
        <location filename="../widgets/tablepreview.cpp" line="+33"/>
        <source>Table</source>
        <translation>表格</translation>
    </message>
    <message numerus="yes">
        <location line="+30"/>
        <source>%n selected run(s); groups show their mean ± the spread chosen under Spread.</source>
        <translation>
            <numerusform>已选择 %n 个运行；分组显示其均值 ± 在“误差范围”中选择的范围。</numerusform>
        </translation>
    </message>
    <message>
        <location line="+12"/>
        <source>Custom</source>
        <translation>自定义</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Seeds of one config</source>
        <translation>同一配置的各种子</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Each run</source>
        <translation>每个运行</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>A setting</source>
        <translation>按某个设置</translation>
    </message>
    <message>
        <location line="+13"/>
        <source>Preset:</source>
        <translation>预设：</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Rows:</source>
        <translation>行：</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Caption:</source>
        <translation>标题：</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Label:</source>
        <translation>标签：</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Order rows by:</source>
        <translation>行排序依据：</translation>
    </message>
    <message>
        <location line="+10"/>
        <source>± standard deviation</source>
        <translation>± 标准差</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>± 95 % confidence interval of the mean</source>
        <translation>± 均值的 95% 置信区间</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Test every other row against this one: Welch&apos;s two-sided t-test, paired by seed where both rows hold the same seeds. Significantly better or worse cells are marked ▲ / ▼.</source>
        <translation>将其他每一行与此行进行检验：双侧 Welch t 检验，两行随机种子相同时按种子配对。显著更好或更差的单元格标记为 ▲ / ▼。</translation>
    </message>
    <message>
        <location line="+13"/>
        <source>Spread:</source>
        <translation>误差范围：</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Baseline:</source>
        <translation>基线：</translation>
    </message>
    <message>
        <location line="+37"/>
        <source>%1 (no such row)</source>
        <translation>%1（无此行）</translation>
    </message>
    <message>
        <location filename="../widgets/tablecolumneditor.cpp" line="+91"/>
        <source>best (max)</source>
        <translation>最佳（最大）</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>last</source>
        <translation>最后</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>lowest (min)</source>
        <translation>最低（最小）</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>mean of the run</source>
        <translation>运行内均值</translation>
    </message>
    <message>
        <location line="-25"/>
        <source>Add setting</source>
        <translation>添加设置</translation>
    </message>
    <message>
        <location line="+26"/>
        <source>Add metric</source>
        <translation>添加指标</translation>
    </message>
    <message>
        <location line="+29"/>
        <source>Add column…</source>
        <translation>添加列…</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Name</source>
        <translation>名称</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Runs</source>
        <translation>运行数</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Seeds</source>
        <translation>种子</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Parameters</source>
        <translation>参数量</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>GFLOPs</source>
        <translation>GFLOPs</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Latency (CPU, 1 thread)</source>
        <translation>延迟（CPU，1 线程）</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Throughput (CPU, batch 32)</source>
        <translation>吞吐量（CPU，批大小 32）</translation>
    </message>
    <message>
        <location line="-81"/>
        <source>Up</source>
        <translation>上移</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Down</source>
        <translation>下移</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Remove</source>
        <translation>移除</translation>
    </message>
    <message>
        <location line="+95"/>
        <source>Fixed</source>
        <translation>定点</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Percent (× 100)</source>
        <translation>百分比（× 100）</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Scientific</source>
        <translation>科学计数法</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Thousands separators</source>
        <translation>千位分隔符</translation>
    </message>
    <message>
        <location filename="../widgets/tablebuilder.cpp" line="-8"/>
        <location filename="../widgets/tablecolumneditor.cpp" line="+2"/>
        <source>None</source>
        <translation>无</translation>
    </message>
    <message>
        <location filename="../widgets/tablecolumneditor.cpp" line="+1"/>
        <source>Highest</source>
        <translation>最高</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Lowest</source>
        <translation>最低</translation>
    </message>
    <message>
        <location line="-120"/>
        <source>Columns:</source>
        <translation>列：</translation>
    </message>
    <message>
        <location line="+122"/>
        <source>Header:</source>
        <translation>表头：</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Format:</source>
        <translation>格式：</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Decimals:</source>
        <translation>小数位：</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Bold best:</source>
        <translation>最佳加粗：</translation>
    </message>
    <message>
        <location filename="../widgets/tablepreview.cpp" line="+1"/>
        <source>LaTeX</source>
        <translation>LaTeX</translation>
    </message>
    <message>
        <location filename="../widgets/tablebuilder.cpp" line="+20"/>
        <source>Load spec…</source>
        <translation>载入规格…</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Save spec…</source>
        <translation>保存规格…</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Save LaTeX…</source>
        <translation>保存 LaTeX…</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Save CSV…</source>
        <translation>保存 CSV…</translation>
    </message>
    <message>
        <location line="+13"/>
        <source>Load table spec</source>
        <translation>载入表格规格</translation>
    </message>
    <message>
        <location line="+0"/>
        <location line="+3"/>
        <source>Table spec (*.json)</source>
        <translation>表格规格 (*.json)</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Save table spec</source>
        <translation>保存表格规格</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Save LaTeX</source>
        <translation>保存 LaTeX</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>LaTeX (*.tex)</source>
        <translation>LaTeX (*.tex)</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Save CSV</source>
        <translation>保存 CSV</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>CSV (*.csv)</source>
        <translation>CSV (*.csv)</translation>
    </message>
    <message>
        <location line="+94"/>
        <source>As selected</source>
        <translation>按选择顺序</translation>
    </message>
    <message>
        <location line="+32"/>
        <source>No run store is open.</source>
        <translation>没有打开运行存储。</translation>
    </message>
    <message>
        <location filename="../widgets/tablepreview.cpp" line="+159"/>
        <source>The table cannot be made: %1</source>
        <translation>无法生成表格：%1</translation>
    </message>
    <message>
        <location line="-144"/>
        <source>Section</source>
        <translation>分节</translation>
    </message>
    <message>
        <location line="+38"/>
        <source>▲ / ▼: significantly better / worse than the baseline row (Welch&apos;s two-sided t-test, paired by seed where both rows hold the same seeds).</source>
        <translation>▲ / ▼：显著优于 / 劣于基线行（双侧 Welch t 检验，两行随机种子相同时按种子配对）。</translation>
    </message>
    <message numerus="yes">
        <location line="+8"/>
        <source>%n row(s)</source>
        <translation>
            <numerusform>%n 行</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location line="+3"/>
        <source>† %n row(s) pool runs differing in more than the seed; never bold.</source>
        <translation>
            <numerusform>† %n 行汇总了不仅随机种子不同的运行；从不加粗。</numerusform>
        </translation>
    </message>
    <message>
        <location line="+10"/>
        <source>Baseline %1, α = %2: ▲ %3 cell(s) better, ▼ %4 worse.</source>
        <translation>基线 %1，α = %2：▲ %3 个单元格更好，▼ %4 个更差。</translation>
    </message>
    <message numerus="yes">
        <location line="+7"/>
        <source>The engine is timing the models of %n cell(s); they fill in as the numbers arrive.</source>
        <translation>
            <numerusform>引擎正在为 %n 个单元格的模型计时；数值到达后即会填入。</numerusform>
        </translation>
    </message>
    <message>
        <location line="+14"/>
        <source>The baseline row: the others are tested against it.</source>
        <translation>基线行：其他行都与它进行检验。</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>One run: no interval and no test.</source>
        <translation>只有一个运行：无区间，也无检验。</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Only %1 runs (fewer than %2): the interval and the test are weak.</source>
        <translation>仅 %1 个运行（少于 %2 个）：区间和检验都不够可靠。</translation>
    </message>
    <message>
        <location line="+10"/>
        <source>Its runs differ in more than the seed; tested against the baseline as one group.</source>
        <translation>其运行不仅随机种子不同；作为一个分组与基线进行检验。</translation>
    </message>
    <message>
        <location line="+12"/>
        <source>Not tested against the baseline: a test needs two runs on each side and some spread.</source>
        <translation>未与基线进行检验：检验要求每侧有两个运行，且存在一定离散。</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Significantly better</source>
        <translation>显著更好</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Significantly worse</source>
        <translation>显著更差</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Not significantly different</source>
        <translation>无显著差异</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>%1 than the baseline: difference %2 (95 % CI %3 to %4), p = %5 at α = %6; %7 (t = %8, df = %9).</source>
        <translation>与基线相比%1：差值 %2（95% 置信区间 %3 至 %4），p = %5（α = %6）；%7（t = %8，df = %9）。</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>paired t-test by seed</source>
        <translation>按种子配对的 t 检验</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Welch&apos;s t-test</source>
        <translation>Welch t 检验</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>Mean over %1 runs that differ in %2 — not only in the seed, so not one experiment: never ranked for the best.</source>
        <translation>对在 %2 上不同的 %1 个运行取的均值 — 不仅随机种子不同，因此不是同一实验：从不参与最佳排名。</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>measuring…</source>
        <translation>正在测量…</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>not measured: %1</source>
        <translation>未测量：%1</translation>
    </message>
    <message>
        <location filename="../widgets/tablebuilder.cpp" line="+59"/>
        <source>Cannot read %1: %2</source>
        <translation>无法读取 %1：%2</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>%1 is not a table spec: %2</source>
        <translation>%1 不是表格规格：%2</translation>
    </message>
</context>
<context>
    <name>gatefold::widgets::Toast</name>
    <message>
        <location filename="../widgets/toast.cpp" line="+26"/>
        <source>Dismiss</source>
        <translation>关闭</translation>
    </message>
</context>
<context>
    <name>gatefold::widgets::WelcomePage</name>
    <message>
        <location filename="../widgets/welcomepage.cpp" line="+14"/>
        <source>No runs in this store yet</source>
        <translation>此运行存储中还没有运行</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Store: %1</source>
        <translation>运行存储：%1</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>Queue the demo run</source>
        <translation>将演示运行加入队列</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>A small ViT on the built-in shapes data set, about a minute on a laptop CPU. Its curves appear here while it trains; Inspect and Export work on it when it is done.</source>
        <translation>在内置形状数据集上训练的小型 ViT，在笔记本电脑 CPU 上约需一分钟。训练期间其曲线会显示在这里；完成后即可对其使用“检查”和“导出”。</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Open a store…</source>
        <translation>打开运行存储…</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Runs trained before, in another run store (a .sqlite file). Gatefold starts again on it and opens it from now on.</source>
        <translation>之前训练的运行，位于另一个运行存储（一个 .sqlite 文件）中。Gatefold 会以它重新启动，并从此默认打开它。</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Import MLflow runs…</source>
        <translation>导入 MLflow 运行…</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Runs from an MLflow tracking folder (mlruns/): their parameters, metrics and artifacts become runs of this store.</source>
        <translation>来自 MLflow 跟踪文件夹（mlruns/）的运行：其参数、指标和产物将成为此运行存储中的运行。</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Or set a run up in the form on the left (presets: the papers&apos; tables) and press Queue run (Ctrl+Return).</source>
        <translation>或者在左侧表单中设置一个运行（预设：论文中的表格），然后点击“加入队列”（Ctrl+Return）。</translation>
    </message>
</context>
<context>
    <name>gatefold::widgets::WidgetExport</name>
    <message>
        <location filename="../widgets/widgetexport.cpp" line="+58"/>
        <source>%1: choose a .png, .svg or .pdf file name</source>
        <translation>%1：请选择以 .png、.svg 或 .pdf 结尾的文件名</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>cannot write %1</source>
        <translation>无法写入 %1</translation>
    </message>
</context>
<context>
    <name>main</name>
    <message>
        <location filename="../app/gui/main.cpp" line="+52"/>
        <source>Gatefold: a workbench for Vision Transformer research.</source>
        <translation>Gatefold：面向 Vision Transformer 研究的工作台。</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Run store: a file, or a postgresql:// URL (default: the one in Settings, else %1).</source>
        <translation>运行存储：一个文件或 postgresql:// URL（默认：设置中的存储，否则为 %1）。</translation>
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
        <source>Open the Inspect tab on this view (%1) and compute it for the selected run; a screenshot waits for it.</source>
        <translation>在“检查”标签页中打开此视图（%1），并为所选运行计算；截图会等待计算完成。</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>view</source>
        <translation>视图</translation>
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
        <location line="+17"/>
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
