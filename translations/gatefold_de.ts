<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="de_DE">
<context>
    <name>AshaSettings</name>
    <message>
        <location filename="../widgets/ashasettings.cpp" line="+27"/>
        <source>the rung &quot;%1&quot; is not a whole number of epochs from 1 on</source>
        <translation>die Stufe „%1“ ist keine ganze Zahl von Epochen ab 1</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>the rungs must increase (%1 comes after %2)</source>
        <translation>die Stufen müssen ansteigen (%1 kommt nach %2)</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>the rung at epoch %1 is past the runs&apos; last epoch (train.epochs is %2)</source>
        <translation>die Stufe bei Epoche %1 liegt nach der letzten Epoche der Läufe (train.epochs ist %2)</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>name at least one rung: the epochs at which runs are compared, e.g. 1, 3, 9</source>
        <translation>geben Sie mindestens eine Stufe an: die Epochen, an denen die Läufe verglichen werden, z. B. 1, 3, 9</translation>
    </message>
</context>
<context>
    <name>BackgroundQueue</name>
    <message>
        <location filename="../core/launch/backgroundqueue.cpp" line="+80"/>
        <source>cannot start %1 queue: %2</source>
        <translation>%1 queue kann nicht gestartet werden: %2</translation>
    </message>
</context>
<context>
    <name>ConfigForm</name>
    <message>
        <location filename="../widgets/costsummary.cpp" line="+14"/>
        <source>Parameters and GFLOPs: — (the model settings have problems)</source>
        <translation>Parameter und GFLOPs: — (die Modelleinstellungen haben Probleme)</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>%1 parameters · %2 GMACs (%3 GFLOPs) per image, forward</source>
        <translation>%1 Parameter · %2 GMACs (%3 GFLOPs) pro Bild, Vorwärtsdurchlauf</translation>
    </message>
</context>
<context>
    <name>ConfigProblem</name>
    <message>
        <location filename="../core/config/configenums.cpp" line="+15"/>
        <source>unknown value &apos;%1&apos;; use one of: %2</source>
        <translation>unbekannter Wert „%1“; erlaubt sind: %2</translation>
    </message>
    <message>
        <location filename="../core/config/fieldcodecs.cpp" line="+136"/>
        <source>&apos;%1&apos; is not &apos;all&apos; or a comma-separated list of block indices</source>
        <translation>„%1“ ist weder all noch eine kommagetrennte Liste von Blockindizes</translation>
    </message>
    <message>
        <location filename="../core/config/configvalidator.cpp" line="+38"/>
        <source>a dropout rate must lie in [0, 1), not %1.</source>
        <translation>Eine Dropout-Rate muss in [0, 1) liegen, nicht %1.</translation>
    </message>
    <message>
        <location line="+11"/>
        <source>The image size must be at least 1, not %1.</source>
        <translation>Die Bildgröße muss mindestens 1 sein, nicht %1.</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>The patch size must be at least 1, not %1.</source>
        <translation>Die Patch-Größe muss mindestens 1 sein, nicht %1.</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>The number of input channels must be at least 1, not %1.</source>
        <translation>Die Anzahl der Eingabekanäle muss mindestens 1 sein, nicht %1.</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>The number of classes must be at least 1, not %1.</source>
        <translation>Die Anzahl der Klassen muss mindestens 1 sein, nicht %1.</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>The width must be at least 1, not %1.</source>
        <translation>Die Breite muss mindestens 1 sein, nicht %1.</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>The depth must be at least 1, not %1.</source>
        <translation>Die Tiefe muss mindestens 1 sein, nicht %1.</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>The number of heads must be at least 1, not %1.</source>
        <translation>Die Anzahl der Heads muss mindestens 1 sein, nicht %1.</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>The patch size %1 is larger than the image (%2 px); choose a smaller patch.</source>
        <translation>Die Patch-Größe %1 ist größer als das Bild (%2 px); wählen Sie einen kleineren Patch.</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>The image size %1 is not divisible by the patch size %2; patches must tile the image (e.g. 224/16, 32/4).</source>
        <translation>Die Bildgröße %1 ist nicht durch die Patch-Größe %2 teilbar; die Patches müssen das Bild lückenlos bedecken (z. B. 224/16, 32/4).</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>The width %1 is not divisible by %2 heads; every head needs an equal share of the width (e.g. 192 with 3 heads).</source>
        <translation>Die Breite %1 ist nicht durch %2 Heads teilbar; jeder Head braucht einen gleich großen Anteil der Breite (z. B. 192 mit 3 Heads).</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>The MLP ratio %1 leaves no hidden units; use a positive ratio such as 4.</source>
        <translation>Das MLP-Verhältnis %1 lässt keine verborgenen Einheiten übrig; verwenden Sie ein positives Verhältnis wie 4.</translation>
    </message>
    <message>
        <location line="+17"/>
        <source>The rotary base theta must be a finite number &gt; 0, not %1 (the CDE reference code uses 10000).</source>
        <translation>Die Rotationsbasis theta muss eine endliche Zahl &gt; 0 sein, nicht %1 (der CDE-Referenzcode verwendet 10000).</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>2-D rotary embeddings split each head&apos;s width %1 (embed_dim / num_heads) into a row half and a column half of channel pairs, so it must be a multiple of 4; change embed_dim or num_heads, or use pos.kind=learned.</source>
        <translation>2-D-Rotationseinbettungen teilen die Kopfbreite %1 (embed_dim / num_heads) in eine Zeilen- und eine Spaltenhälfte aus Kanalpaaren, daher muss sie ein Vielfaches von 4 sein; ändern Sie embed_dim oder num_heads oder verwenden Sie pos.kind=learned.</translation>
    </message>
    <message>
        <location line="+13"/>
        <source>Block %1 does not exist; a model of depth %2 has blocks 0 to %3.</source>
        <translation>Block %1 existiert nicht; ein Modell der Tiefe %2 hat die Blöcke 0 bis %3.</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Block %1 is listed twice; list each gated block once.</source>
        <translation>Block %1 ist doppelt aufgeführt; führen Sie jeden Block mit Gate nur einmal auf.</translation>
    </message>
    <message>
        <location line="+10"/>
        <source>The codebook needs at least one code, not %1 (typical: 256 or 512).</source>
        <translation>Das Codebuch braucht mindestens einen Code, nicht %1 (üblich: 256 oder 512).</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>The mixture size k must be at least 1, not %1.</source>
        <translation>Die Mischungsgröße k muss mindestens 1 sein, nicht %1.</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>k = %1 is larger than the codebook (K = %2); use k &lt;= K (k = K is the full softmax).</source>
        <translation>k = %1 ist größer als das Codebuch (K = %2); verwenden Sie k &lt;= K (k = K ist das volle Softmax).</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>The temperature tau must be positive, not %1; the cosine logits are tau times a value in [-1, 1].</source>
        <translation>Die Temperatur tau muss positiv sein, nicht %1; die Kosinus-Logits sind tau mal ein Wert in [-1, 1].</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>The gate strength lambda must be a finite number &gt;= 0, not %1 (0 disables the gate, 1 is full strength).</source>
        <translation>Die Gate-Stärke lambda muss eine endliche Zahl &gt;= 0 sein, nicht %1 (0 schaltet das Gate ab, 1 ist volle Stärke).</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Assigning once per image uses a single codebook; set gate.codebook to shared or gate.scope to per-layer.</source>
        <translation>Eine Zuordnung einmal pro Bild verwendet ein einziges Codebuch; setzen Sie gate.codebook auf shared oder gate.scope auf per-layer.</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>A block needs 1 to 16 parallel branches, not %1 (1 is a plain ViT; the paper uses 2 to 4).</source>
        <translation>Ein Block braucht 1 bis 16 parallele Zweige, nicht %1 (1 ist ein einfacher ViT; das Paper verwendet 2 bis 4).</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>The joining strength lambda must lie in [0, 1], not %1 (0: independent branches, 1: joined and foldable).</source>
        <translation>Die Stärke der Zusammenführung lambda muss in [0, 1] liegen, nicht %1 (0: unabhängige Zweige, 1: zusammengeführt und faltbar).</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>The diversity weight alpha must be a finite number &gt;= 0, not %1 (the paper uses 0.05; 0 turns it off).</source>
        <translation>Das Diversitätsgewicht alpha muss eine endliche Zahl &gt;= 0 sein, nicht %1 (das Paper verwendet 0.05; 0 schaltet es ab).</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>The warm-up cannot have %1 steps; use 0 (instant) or more.</source>
        <translation>Die Aufwärmphase kann nicht %1 Schritte haben; verwenden Sie 0 (sofort) oder mehr.</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>The adjustment phase cannot have %1 steps; use 0 or more.</source>
        <translation>Die Anpassungsphase kann nicht %1 Schritte haben; verwenden Sie 0 oder mehr.</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>The start step cannot be negative (%1); use 0 or more.</source>
        <translation>Der Startschritt darf nicht negativ sein (%1); verwenden Sie 0 oder mehr.</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>LayerNorm absorption is a property of the folded deploy form: set join.deployed=true with it, or leave it off for training (a fold applies it; `gatefold-cli cost --absorb-norms` shows its cost).</source>
        <translation>Die LayerNorm-Absorption ist eine Eigenschaft der gefalteten Deploy-Form: Setzen Sie dazu join.deployed=true oder lassen Sie sie für das Training aus (ein Fold wendet sie an; `gatefold-cli cost --absorb-norms` zeigt ihre Kosten).</translation>
    </message>
    <message>
        <location line="+19"/>
        <source>No block is gated; list at least one block, or set gate.kind to none.</source>
        <translation>Kein Block hat ein Gate; führen Sie mindestens einen Block auf oder setzen Sie gate.kind auf none.</translation>
    </message>
    <message>
        <location filename="../core/config/textvalues.cpp" line="+57"/>
        <source>&apos;%1&apos; is out of range: give a whole number between %2 and %3</source>
        <translation>„%1“ liegt außerhalb des Bereichs: geben Sie eine ganze Zahl zwischen %2 und %3 an</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>&apos;%1&apos; is not a whole number between %2 and %3</source>
        <translation>„%1“ ist keine ganze Zahl zwischen %2 und %3</translation>
    </message>
    <message>
        <location line="+37"/>
        <source>&apos;%1&apos; is too small to represent (it would round to 0; the smallest is about 2.2e-308); give 0 or a larger number</source>
        <translation>„%1“ ist zu klein, um dargestellt zu werden (es würde auf 0 gerundet; die kleinste Zahl ist etwa 2.2e-308); geben Sie 0 oder eine größere Zahl an</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>&apos;%1&apos; is too large to represent (the largest is about 1.8e308)</source>
        <translation>„%1“ ist zu groß, um dargestellt zu werden (die größte Zahl ist etwa 1.8e308)</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>&apos;%1&apos; is a hexadecimal number; write it in decimal (e.g. 0.125)</source>
        <translation>„%1“ ist eine Hexadezimalzahl; schreiben Sie sie dezimal (z. B. 0.125)</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>&apos;%1&apos; is not a finite number</source>
        <translation>„%1“ ist keine endliche Zahl</translation>
    </message>
    <message>
        <location line="+16"/>
        <source>&apos;%1&apos; is not a boolean; use true or false</source>
        <translation>„%1“ ist kein Wahrheitswert; verwenden Sie true oder false</translation>
    </message>
    <message>
        <location filename="../core/config/fieldcodecs.cpp" line="+32"/>
        <source>expected auto or numbers separated by commas (one per channel): &apos;%1&apos; is not a finite number</source>
        <translation>erwartet wird auto oder durch Kommas getrennte Zahlen (eine pro Kanal): „%1“ ist keine endliche Zahl</translation>
    </message>
    <message>
        <location filename="../core/config/runvalidation.cpp" line="+30"/>
        <source>must be at least 1</source>
        <translation>muss mindestens 1 sein</translation>
    </message>
    <message>
        <location line="+100"/>
        <source>must be greater than 0</source>
        <translation>muss größer als 0 sein</translation>
    </message>
    <message>
        <location line="-99"/>
        <source>is a probability in [0, 1]</source>
        <translation>ist eine Wahrscheinlichkeit und muss in [0, 1] liegen</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>must lie in [0, 1)</source>
        <translation>muss in [0, 1) liegen</translation>
    </message>
    <message>
        <location line="+48"/>
        <source>must lie in (0, 1]</source>
        <translation>muss in (0, 1] liegen</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>must be 0 (off) or a positive alpha</source>
        <translation>muss 0 (aus) oder ein positives alpha sein</translation>
    </message>
    <message>
        <location line="-48"/>
        <source>must lie between 0 and train.epochs</source>
        <translation>muss zwischen 0 und train.epochs liegen</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>unknown data set &apos;%1&apos;; use one of: %2</source>
        <translation>unbekannter Datensatz „%1“; erlaubt sind: %2</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>set it to the folder holding the %1 files</source>
        <translation>geben Sie den Ordner mit den Dateien von %1 an</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>must be 0 (as stored), 1 or 3</source>
        <translation>muss 0 (wie gespeichert), 1 oder 3 sein</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>must lie in (0, 1)</source>
        <translation>muss in (0, 1) liegen</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>must lie in [0.05, 1]: the share of the resized image&apos;s shorter side the centre crop keeps (0.875 or 1 as a rule)</source>
        <translation>muss in [0.05, 1] liegen: der Anteil der kürzeren Seite des skalierten Bildes, den der Mittenausschnitt behält (in der Regel 0.875 oder 1)</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>must lie between -1 (auto) and 64</source>
        <translation>muss zwischen -1 (auto) und 64 liegen</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>must lie between 1 and 64</source>
        <translation>muss zwischen 1 und 64 liegen</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>must be 0 (none) or a size in MiB</source>
        <translation>muss 0 (kein Cache) oder eine Größe in MiB sein</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>give data.mean and data.std together, with one value per channel (or both auto)</source>
        <translation>geben Sie data.mean und data.std zusammen an, mit einem Wert pro Kanal (oder beide auto)</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>one value per channel: 1 or 3 values</source>
        <translation>ein Wert pro Kanal: 1 oder 3 Werte</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>in the images&apos; [0, 1] scale (e.g. 0.485, not 123.7)</source>
        <translation>in der Skala [0, 1] der Bilder (z. B. 0.485, nicht 123.7)</translation>
    </message>
    <message>
        <location line="+10"/>
        <source>the built-in data set draws at most 100000000 images per split</source>
        <translation>der eingebaute Datensatz zieht höchstens 100000000 Bilder je Teilmenge</translation>
    </message>
    <message>
        <location line="+13"/>
        <source>must lie between 0 and 10</source>
        <translation>muss zwischen 0 und 10 liegen</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>must lie in [0, 10]</source>
        <translation>muss in [0, 10] liegen</translation>
    </message>
    <message>
        <location line="+22"/>
        <source>must lie between 0 and optim.lr</source>
        <translation>muss zwischen 0 und optim.lr liegen</translation>
    </message>
    <message>
        <location line="-6"/>
        <location line="+8"/>
        <source>must be 0 or more</source>
        <translation>muss 0 oder größer sein</translation>
    </message>
    <message>
        <location filename="../core/config/fieldcodecs.cpp" line="-148"/>
        <source>contains a line break or another control character; give it on one line</source>
        <translation>enthält einen Zeilenumbruch oder ein anderes Steuerzeichen; in einer Zeile angeben</translation>
    </message>
    <message>
        <location filename="../core/config/runvalidation.cpp" line="-45"/>
        <source>must lie in [1e-6, 1], in the images&apos; [0, 1] scale (e.g. 0.229, not 58.4); the inputs are divided by it in float32</source>
        <translation>muss in [1e-6, 1] liegen, in der [0, 1]-Skala der Bilder (z. B. 0.229, nicht 58.4); die Eingaben werden in float32 durch ihn geteilt</translation>
    </message>
    <message>
        <location line="+40"/>
        <source>must be at least 1e-12: a smaller step is lost in float32 rounding and the weights never change</source>
        <translation>muss mindestens 1e-12 sein: ein kleinerer Schritt geht in der float32-Rundung verloren, und die Gewichte ändern sich nie</translation>
    </message>
    <message>
        <location line="+10"/>
        <source>must be at least 1e-30: AdamW adds it in float32, where a smaller value is 0 and a zero gradient gives NaN (1e-8 as a rule)</source>
        <translation>muss mindestens 1e-30 sein: AdamW addiert ihn in float32, wo ein kleinerer Wert 0 ist und ein Gradient von 0 NaN ergibt (in der Regel 1e-8)</translation>
    </message>
    <message>
        <location filename="../core/config/distillplan.cpp" line="+49"/>
        <source>&apos;%1&apos; is neither uniform nor a list of teacher layers (0-based, one per student block, e.g. 3,7,11)</source>
        <translation>&apos;%1&apos; ist weder uniform noch eine Liste von Lehrerschichten (ab 0 gezählt, eine je Schülerblock, z. B. 3,7,11)</translation>
    </message>
    <message>
        <location line="+11"/>
        <source>names %1 teacher layer(s) for %2 student block(s); give one per block or write uniform</source>
        <translation>nennt %1 Lehrerschicht(en) für %2 Schülerblock/-blöcke; geben Sie eine je Block an oder schreiben Sie uniform</translation>
    </message>
    <message>
        <location line="+19"/>
        <location line="+1"/>
        <location filename="../core/config/runvalidation.cpp" line="+2"/>
        <source>must be 0 (off) or more</source>
        <translation>muss 0 (aus) oder größer sein</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>must lie in (0, 100]</source>
        <translation>muss in (0, 100] liegen</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>distill.teacher is set but both distill.attention and distill.logits are 0: give one a weight, or clear distill.teacher</source>
        <translation>distill.teacher ist gesetzt, aber distill.attention und distill.logits sind beide 0: geben Sie einem ein Gewicht oder leeren Sie distill.teacher</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>a deployed (folded) student does not train; distil into the training form (join.deployed = false)</source>
        <translation>ein bereitgestellter (gefalteter) Schüler trainiert nicht; destillieren Sie in die Trainingsform (join.deployed = false)</translation>
    </message>
    <message>
        <location line="+11"/>
        <source>the teacher&apos;s attention maps have %1 tokens and the student&apos;s %2 (img_size / patch_size and the class token must give the same count); choose a teacher of the same token grid</source>
        <translation>die Aufmerksamkeitskarten des Lehrers haben %1 Token, die des Schülers %2 (img_size / patch_size und das Klassentoken müssen dieselbe Anzahl ergeben); wählen Sie einen Lehrer mit demselben Token-Raster</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>the teacher has %1 heads and the student %2: set distill.heads = mean to compare head-averaged maps</source>
        <translation>der Lehrer hat %1 Köpfe und der Schüler %2: setzen Sie distill.heads = mean, um über die Köpfe gemittelte Karten zu vergleichen</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>teacher layer %1 is out of range: the teacher has %2 layers (0 … %3)</source>
        <translation>Lehrerschicht %1 liegt außerhalb des Bereichs: der Lehrer hat %2 Schichten (0 … %3)</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>the teacher predicts %1 classes and the student %2: logit distillation needs the same classes (or set distill.logits = 0)</source>
        <translation>der Lehrer sagt %1 Klassen voraus und der Schüler %2: Logit-Destillation braucht dieselben Klassen (oder setzen Sie distill.logits = 0)</translation>
    </message>
    <message>
        <location filename="../core/config/runvalidation.cpp" line="+3"/>
        <source>must lie in [0, 1) (0: off)</source>
        <translation>muss in [0, 1) liegen (0: aus)</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>must be 0 (the default ramp) or a number of optimiser steps</source>
        <translation>muss 0 (die Standardrampe) oder eine Anzahl von Optimiererschritten sein</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>must lie in (0, 1] (1: off; 0.65 to 0.75 as a rule for fine-tuning)</source>
        <translation>muss in (0, 1] liegen (1: aus; 0,65 bis 0,75 als Faustregel für die Feinabstimmung)</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>must lie between 1 (no accumulation) and 4096</source>
        <translation>muss zwischen 1 (keine Akkumulation) und 4096 liegen</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>must lie between 0 (all cores) and 1024</source>
        <translation>muss zwischen 0 (alle Kerne) und 1024 liegen</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>must lie between 1 and 1024</source>
        <translation>muss zwischen 1 und 1024 liegen</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>must lie between 1 and 86400 seconds</source>
        <translation>muss zwischen 1 und 86400 Sekunden liegen</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>must be a multiple of compute.processes: every process takes an equal share of the global batch</source>
        <translation>muss ein Vielfaches von compute.processes sein: jeder Prozess nimmt einen gleich großen Teil des globalen Batches</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>nccl needs CUDA devices (compute.device = cuda or auto); use gloo on the CPU</source>
        <translation>nccl braucht CUDA-Geräte (compute.device = cuda oder auto); auf der CPU gloo verwenden</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>applies to CDE gates only (gate.kind = cde); set it to 0</source>
        <translation>gilt nur für CDE-Gates (gate.kind = cde); setzen Sie den Wert auf 0</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>applies to CDE gates only (gate.kind = cde); set it to none</source>
        <translation>gilt nur für CDE-Gates (gate.kind = cde); setzen Sie den Wert auf none</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>the built-in data set has 10 classes; set num_classes=10</source>
        <translation>der integrierte Datensatz hat 10 Klassen; setzen Sie num_classes=10</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>the built-in data set is RGB; set in_chans=3</source>
        <translation>der integrierte Datensatz ist RGB; setzen Sie in_chans=3</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>the built-in data set draws images of at least 8 px; set img_size to 8 or more</source>
        <translation>der integrierte Datensatz erzeugt Bilder von mindestens 8 px; setzen Sie img_size auf 8 oder mehr</translation>
    </message>
    <message>
        <location filename="../core/config/memorysize.cpp" line="+65"/>
        <source>&apos;%1&apos; is not a memory size; give 0 (this machine&apos;s memory) or a size such as 8G, 512M or 1.5G</source>
        <translation>&apos;%1&apos; ist keine Speichergröße; 0 (der Speicher dieses Rechners) oder eine Größe wie 8G, 512M oder 1.5G angeben</translation>
    </message>
    <message>
        <location filename="../core/config/plausibility.cpp" line="+19"/>
        <source>%1 epochs is unusually many: ViTs train for 100 to 300 epochs on ImageNet and up to about 600 on small sets from scratch</source>
        <translation>%1 Epochen sind ungewöhnlich viele: ViTs trainieren 100 bis 300 Epochen auf ImageNet und bis zu etwa 600 auf kleinen Datensätzen von Grund auf</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>a batch of %1 images is unusually large (usual: 64 to 4096); large batches need a larger learning rate and a longer warm-up</source>
        <translation>ein Batch von %1 Bildern ist ungewöhnlich groß (üblich: 64 bis 4096); große Batches brauchen eine höhere Lernrate und eine längere Aufwärmphase</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>a peak learning rate of %1 is far above AdamW&apos;s usual range for ViTs (1e-4 to 5e-3); above 0.1 training usually diverges</source>
        <translation>eine maximale Lernrate von %1 liegt weit über dem für ViTs üblichen AdamW-Bereich (1e-4 bis 5e-3); über 0.1 divergiert das Training meist</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>stochastic depth of %1 drops most of the last blocks&apos; updates (usual: 0 to 0.3; DeiT-B uses 0.1)</source>
        <translation>Stochastic Depth von %1 verwirft die meisten Updates der letzten Blöcke (üblich: 0 bis 0.3; DeiT-B verwendet 0.1)</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>a codebook of %1 codes is far larger than the CDE paper&apos;s (K = 256 or 512): most codes would stay dead and the assignment costs N x K x d per block</source>
        <translation>ein Codebuch mit %1 Codes ist weit größer als das des CDE-Papers (K = 256 oder 512): Die meisten Codes blieben ungenutzt (tot), und die Zuordnung kostet N x K x d pro Block</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>%1 parallel branches per block is far beyond the joining paper&apos;s 2 to 4: every block trains that many attention and MLP branches side by side</source>
        <translation>%1 parallele Zweige pro Block liegen weit über den 2 bis 4 im Paper zum Zusammenführen: Jeder Block trainiert so viele Aufmerksamkeits- und MLP-Zweige nebeneinander</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>a diversity weight of %1 can outweigh the classification loss (the joining paper&apos;s: 0.05)</source>
        <translation>ein Diversitätsgewicht von %1 kann den Klassifikations-Loss überwiegen (im Paper zum Zusammenführen: 0.05)</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>the warm-up of %1 epochs lasts the whole run of %2: the learning rate reaches optim.lr only at the last step (usual: 5 to 10 % of the run)</source>
        <translation>die Aufwärmphase von %1 Epochen dauert den ganzen Lauf von %2: Die Lernrate erreicht optim.lr erst im letzten Schritt (üblich: 5 bis 10 % des Laufs)</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>weight decay %1 is unusually strong for AdamW (usual: 0.01 to 0.3; DeiT uses 0.05)</source>
        <translation>ein Weight Decay von %1 ist für AdamW ungewöhnlich stark (üblich: 0.01 bis 0.3; DeiT verwendet 0.05)</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>label smoothing of %1 leaves the true class little more weight than the others (usual: 0 to 0.2)</source>
        <translation>ein Label Smoothing von %1 lässt der wahren Klasse kaum mehr Gewicht als den anderen (üblich: 0 bis 0.2)</translation>
    </message>
</context>
<context>
    <name>EngineEvents</name>
    <message>
        <location filename="../core/launch/engineeventparser.cpp" line="+55"/>
        <source>a whole number</source>
        <translation>eine ganze Zahl</translation>
    </message>
    <message>
        <location line="+12"/>
        <source>a number</source>
        <translation>eine Zahl</translation>
    </message>
    <message>
        <location line="+9"/>
        <location line="+243"/>
        <source>a text</source>
        <translation>ein Text</translation>
    </message>
    <message>
        <location line="-234"/>
        <source>true or false</source>
        <translation>true oder false</translation>
    </message>
    <message>
        <location line="+9"/>
        <location line="+60"/>
        <source>an object</source>
        <translation>ein Objekt</translation>
    </message>
    <message>
        <location line="-51"/>
        <source>a list</source>
        <translation>eine Liste</translation>
    </message>
    <message>
        <location line="+20"/>
        <source>%1: &quot;%2&quot; is missing</source>
        <translation>%1: &quot;%2&quot; fehlt</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>%1: &quot;%2&quot; is %3, not %4</source>
        <translation>%1: &quot;%2&quot; ist %3, nicht %4</translation>
    </message>
    <message>
        <location line="+24"/>
        <source>%1 is %2, not %3</source>
        <translation>%1 ist %2, nicht %3</translation>
    </message>
    <message>
        <location line="+163"/>
        <source>no &quot;event&quot; field: not an engine event</source>
        <translation>kein Feld &quot;event&quot;: kein Ereignis der Engine</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>&quot;event&quot; is %1, not %2</source>
        <translation>&quot;event&quot; ist %1, nicht %2</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>&quot;%1&quot; event</source>
        <translation>Ereignis &quot;%1&quot;</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>unknown event &quot;%1&quot; (known: %2)</source>
        <translation>unbekanntes Ereignis &quot;%1&quot; (bekannt: %2)</translation>
    </message>
    <message>
        <location line="+14"/>
        <source>not JSON (%1 at byte %2)</source>
        <translation>kein JSON (%1 bei Byte %2)</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>not a JSON object</source>
        <translation>kein JSON-Objekt</translation>
    </message>
</context>
<context>
    <name>EngineInfo</name>
    <message numerus="yes">
        <location filename="../core/launch/engineinfo.cpp" line="+34"/>
        <source>cpu (%n thread(s))</source>
        <translation>
            <numerusform>cpu (%n Thread)</numerusform>
            <numerusform>cpu (%n Threads)</numerusform>
        </translation>
    </message>
    <message>
        <location line="+34"/>
        <source>its answer is not the JSON of gatefold-cli --version --json: %1</source>
        <translation>ihre Antwort ist nicht das JSON von gatefold-cli --version --json: %1</translation>
    </message>
</context>
<context>
    <name>FieldGroups</name>
    <message>
        <location filename="../core/config/fieldtable.cpp" line="+57"/>
        <source>Training</source>
        <translation>Training</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Data</source>
        <translatorcomment>Tab name of the run config form.</translatorcomment>
        <translation>Daten</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Augmentation</source>
        <translatorcomment>Tab name of the run config form.</translatorcomment>
        <translation>Augmentierung</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Model</source>
        <translatorcomment>Tab name of the run config form.</translatorcomment>
        <translation>Modell</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Gates (CDE)</source>
        <translatorcomment>Tab name of the run config form.</translatorcomment>
        <translation>Gates (CDE)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Folds (joining)</source>
        <translatorcomment>Tab name of the run config form.</translatorcomment>
        <translation>Folds (Zusammenführung)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Optimisation</source>
        <translatorcomment>Tab name of the run config form.</translatorcomment>
        <translation>Optimierung</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Schedules</source>
        <translatorcomment>Tab name of the run config form.</translatorcomment>
        <translation>Zeitpläne</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Compute</source>
        <translatorcomment>Tab name of the run config form.</translatorcomment>
        <translation>Rechenressourcen</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Distillation</source>
        <translation>Destillation</translation>
    </message>
</context>
<context>
    <name>FileDialogs</name>
    <message>
        <location filename="../widgets/filedialogs.cpp" line="+98"/>
        <source>%1 is the run store in use: writing there would replace every run record in it. Choose another name.</source>
        <translation>%1 ist der verwendete Laufspeicher: Dorthin zu schreiben würde jeden Laufeintrag darin ersetzen. Wählen Sie einen anderen Namen.</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>%1 belongs to the run store in use (SQLite&apos;s %2 file of %3): writing there would damage every run record. Choose another name.</source>
        <translation>%1 gehört zum verwendeten Laufspeicher (die %2-Datei von SQLite zu %3): Dorthin zu schreiben würde jeden Laufeintrag beschädigen. Wählen Sie einen anderen Namen.</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>%1 is inside %2, where the run store in use keeps its runs&apos; checkpoints and logs: writing there could replace a run&apos;s files. Choose a place outside it.</source>
        <translation>%1 liegt in %2, wo der verwendete Laufspeicher die Checkpoints und Protokolle seiner Läufe ablegt: Dorthin zu schreiben könnte Dateien eines Laufs ersetzen. Wählen Sie einen Ort außerhalb davon.</translation>
    </message>
</context>
<context>
    <name>InspectRun</name>
    <message>
        <location filename="../core/inspect/inspectrun.cpp" line="+55"/>
        <source>the model has no CDE gates (gate.kind = none)</source>
        <translation>das Modell hat keine CDE-Gates (gate.kind = none)</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>the model&apos;s gates are DeepEmbed tables indexed by token position (gate.kind = deep-embed): they assign no codes</source>
        <translation>die Gates des Modells sind DeepEmbed-Tabellen, nach Token-Position indiziert (gate.kind = deep-embed): sie weisen keine Codes zu</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>gate.blocks selects no block: the model has no CDE-gated block</source>
        <translation>gate.blocks wählt keinen Block: das Modell hat keinen Block mit CDE-Gate</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>the model is folded (join.deployed): one branch per block</source>
        <translation>das Modell ist gefaltet (join.deployed): ein Zweig pro Block</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>the model is single-branch (join.branches = 1); branch views need a joining run</source>
        <translation>das Modell hat nur einen Zweig (join.branches = 1); Zweigansichten brauchen einen Join-Lauf</translation>
    </message>
    <message>
        <location line="+178"/>
        <source>patch-embedding filters&apos; principal components</source>
        <translation>Hauptkomponenten der Patch-Embedding-Filter</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>position embedding similarity</source>
        <translation>Ähnlichkeit der Positionseinbettungen</translation>
    </message>
    <message>
        <location line="+102"/>
        <source>reading %1 %2 images</source>
        <translation>lese %1 %2-Bilder</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>reading %1 image file(s)</source>
        <translation>lese %1 Bilddatei(en)</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>predictions</source>
        <translation>Vorhersagen</translation>
    </message>
    <message>
        <location line="-148"/>
        <source>attention maps</source>
        <translation>Attention-Karten</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>attention rollout (%1 fusion, discard %2)</source>
        <translation>Attention-Rollout (Fusion %1, Verwerfen %2)</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>mean attention distance</source>
        <translation>mittlere Attention-Distanz</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>codebook assignments</source>
        <translation>Codebook-Zuordnungen</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>branch feature similarity</source>
        <translation>Merkmalsähnlichkeit der Zweige</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>branch weight similarity</source>
        <translation>Gewichtsähnlichkeit der Zweige</translation>
    </message>
    <message>
        <location line="+15"/>
        <source>CKA against %1 on %2 %3 images</source>
        <translation>CKA gegen %1 auf %2 %3-Bildern</translation>
    </message>
    <message>
        <location line="+10"/>
        <source>failed: %1</source>
        <translation>fehlgeschlagen: %1</translation>
    </message>
    <message>
        <location filename="../core/inspect/loadedrun.cpp" line="+44"/>
        <source>opening the data set of run %1</source>
        <translation>öffne den Datensatz von Lauf %1</translation>
    </message>
    <message>
        <location line="+13"/>
        <source>measuring the input normalisation as the trainer did</source>
        <translation>messe die Eingabe-Normalisierung wie der Trainer</translation>
    </message>
    <message>
        <location line="+108"/>
        <source>loading %1</source>
        <translation>lade %1</translation>
    </message>
    <message>
        <location filename="../core/inspect/embeddingviews.cpp" line="+52"/>
        <source>the model has no learned position embeddings (e.g. rotary position embeddings): there is no table to compare</source>
        <translation>das Modell hat keine gelernten Positionseinbettungen (z. B. rotierende Positionseinbettungen): es gibt keine Tabelle zum Vergleichen</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>the model has no patch embedding with P×P filters</source>
        <translation>das Modell hat keine Patch-Einbettung mit P×P-Filtern</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>the patch embedding has %1 filter; principal components need at least 2</source>
        <translation>die Patch-Einbettung hat %1 Filter; Hauptkomponenten brauchen mindestens 2</translation>
    </message>
</context>
<context>
    <name>JobStateText</name>
    <message>
        <location filename="../core/slurm/jobstate.cpp" line="+43"/>
        <source>pending</source>
        <translation>wartend</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>running</source>
        <translation>läuft</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>completing</source>
        <translation>wird abgeschlossen</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>done</source>
        <translation>fertig</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>failed</source>
        <translation>fehlgeschlagen</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>cancelled</source>
        <translation>abgebrochen</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>unknown to Slurm</source>
        <translation>Slurm unbekannt</translation>
    </message>
</context>
<context>
    <name>MlflowTransfer</name>
    <message>
        <location filename="../widgets/mlflowtransfer.cpp" line="+36"/>
        <location line="+52"/>
        <source>Select the runs to export in the run table first.</source>
        <translation>Wählen Sie zuerst die zu exportierenden Läufe in der Lauftabelle aus.</translation>
    </message>
    <message>
        <location line="-47"/>
        <location line="+10"/>
        <source>Nothing was exported: %1</source>
        <translation>Nichts wurde exportiert: %1</translation>
    </message>
    <message numerus="yes">
        <location line="+4"/>
        <source>Exported %n run(s) to MLflow experiment &apos;%1&apos; in %2 — mlflow ui --backend-store-uri file:%2</source>
        <translation>
            <numerusform>%n Lauf in das MLflow-Experiment „%1“ in %2 exportiert — mlflow ui --backend-store-uri file:%2</numerusform>
            <numerusform>%n Läufe in das MLflow-Experiment „%1“ in %2 exportiert — mlflow ui --backend-store-uri file:%2</numerusform>
        </translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Run %1: %2</source>
        <translation>Lauf %1: %2</translation>
    </message>
    <message>
        <location line="+13"/>
        <source>Nothing was imported: %1</source>
        <translation>Nichts wurde importiert: %1</translation>
    </message>
    <message numerus="yes">
        <location line="+6"/>
        <source>Imported %n run(s) from %1</source>
        <translation>
            <numerusform>%n Lauf aus %1 importiert</numerusform>
            <numerusform>%n Läufe aus %1 importiert</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location line="+2"/>
        <source>skipped %n (imported before, or deleted in MLflow)</source>
        <translation>
            <numerusform>%n übersprungen (schon früher importiert oder in MLflow gelöscht)</numerusform>
            <numerusform>%n übersprungen (schon früher importiert oder in MLflow gelöscht)</numerusform>
        </translation>
    </message>
    <message>
        <location line="+11"/>
        <source>Export runs to an MLflow file store (new, empty or existing)</source>
        <translation>Läufe in einen MLflow-Dateispeicher exportieren (neu, leer oder vorhanden)</translation>
    </message>
    <message>
        <location line="+5"/>
        <location line="+13"/>
        <source>Export runs to MLflow</source>
        <translation>Läufe nach MLflow exportieren</translation>
    </message>
    <message>
        <location line="-13"/>
        <source>MLflow experiment:</source>
        <translation>MLflow-Experiment:</translation>
    </message>
    <message>
        <location line="+19"/>
        <source>Import runs from an MLflow file store (e.g. mlruns)</source>
        <translation>Läufe aus einem MLflow-Dateispeicher importieren (z. B. mlruns)</translation>
    </message>
    <message>
        <location line="+13"/>
        <source>Import from MLflow</source>
        <translation>Aus MLflow importieren</translation>
    </message>
</context>
<context>
    <name>PathBrowse</name>
    <message>
        <location filename="../widgets/pathbrowse.cpp" line="+32"/>
        <source>Choose %1</source>
        <translation>%1 wählen</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>All files (*)</source>
        <translation>Alle Dateien (*)</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>CSV (*.csv);;All files (*)</source>
        <translation>CSV (*.csv);;Alle Dateien (*)</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Checkpoints (*.pt);;All files (*)</source>
        <translation>Checkpoints (*.pt);;Alle Dateien (*)</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Checkpoints and exports (*.pt *.safetensors);;All files (*)</source>
        <translation>Checkpoints und Exporte (*.pt *.safetensors);;Alle Dateien (*)</translation>
    </message>
</context>
<context>
    <name>PlainIconProvider</name>
    <message>
        <location filename="../widgets/plainiconprovider.cpp" line="+47"/>
        <source>Drive</source>
        <translation>Laufwerk</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Folder</source>
        <translation>Ordner</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>File</source>
        <translation>Datei</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>%1 file</source>
        <translation>%1-Datei</translation>
    </message>
</context>
<context>
    <name>PlotExport</name>
    <message>
        <location filename="../widgets/plotexport.cpp" line="+97"/>
        <source>Unknown image format &apos;%1&apos;: use .png, .svg or .pdf.</source>
        <translation>Unbekanntes Bildformat „%1“: Verwenden Sie .png, .svg oder .pdf.</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Cannot write %1: check that its folder exists and is writable.</source>
        <translation>%1 kann nicht geschrieben werden: Prüfen Sie, ob der Ordner existiert und beschreibbar ist.</translation>
    </message>
    <message>
        <location line="+11"/>
        <source>Cannot write %1: %2.</source>
        <translation>%1 kann nicht geschrieben werden: %2.</translation>
    </message>
</context>
<context>
    <name>QObject</name>
    <message>
        <location filename="../widgets/tablebuilder.cpp" line="+40"/>
        <source>Cannot write %1: %2</source>
        <translation>%1 kann nicht geschrieben werden: %2</translation>
    </message>
</context>
<context>
    <name>QuitDialog</name>
    <message>
        <location filename="../widgets/quitdialog.cpp" line="+11"/>
        <source>Quit Gatefold</source>
        <translation>Gatefold beenden</translation>
    </message>
    <message numerus="yes">
        <location line="+4"/>
        <source>%n run(s) are training.</source>
        <translation>
            <numerusform>%n Lauf trainiert.</numerusform>
            <numerusform>%n Läufe trainieren.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location line="+2"/>
        <source>%n more wait in the queue.</source>
        <translation>
            <numerusform>%n weiterer wartet in der Warteschlange.</numerusform>
            <numerusform>%n weitere warten in der Warteschlange.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location line="+1"/>
        <source>%n run(s) wait in the queue.</source>
        <translation>
            <numerusform>%n Lauf wartet in der Warteschlange.</numerusform>
            <numerusform>%n Läufe warten in der Warteschlange.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location line="+2"/>
        <source>Sweeps with early stopping run by this window: %n. Quitting stops them either way (their runs save a checkpoint); Run ▸ Continue sweep carries them on later.</source>
        <translation>
            <numerusform>Sweep mit vorzeitigem Beenden, den dieses Fenster steuert: %n. Das Beenden von Gatefold hält ihn in jedem Fall an (seine Läufe speichern einen Checkpoint); Lauf ▸ Sweep fortsetzen setzt ihn später fort.</numerusform>
            <numerusform>Sweeps mit vorzeitigem Beenden, die dieses Fenster steuert: %n. Das Beenden von Gatefold hält sie in jedem Fall an (ihre Läufe speichern einen Checkpoint); Lauf ▸ Sweep fortsetzen setzt sie später fort.</numerusform>
        </translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Keep running: the runs train on in the background (the queued ones start in turn, as many at a time as now), and Gatefold shows them again when it next starts.
Stop: each training run saves a checkpoint and ends as cancelled (Resume continues it); queued runs stay queued and are offered when Gatefold next starts.</source>
        <translation>Weiterlaufen lassen: Die Läufe trainieren im Hintergrund weiter (die wartenden starten der Reihe nach, so viele gleichzeitig wie jetzt), und Gatefold zeigt sie beim nächsten Start wieder an.
Anhalten: Jeder trainierende Lauf speichert einen Checkpoint und endet als abgebrochen (Fortsetzen setzt ihn fort); wartende Läufe bleiben in der Warteschlange und werden beim nächsten Start von Gatefold angeboten.</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>&amp;Keep running in the background</source>
        <translation>Im &amp;Hintergrund weiterlaufen lassen</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>&amp;Stop at a checkpoint</source>
        <translation>An einem Checkpoint &amp;anhalten</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Sta&amp;y</source>
        <translation>&amp;Bleiben</translation>
    </message>
</context>
<context>
    <name>RunField</name>
    <message>
        <location filename="../core/config/modelfields.cpp" line="+25"/>
        <source>input image side in pixels</source>
        <translation>Seitenlänge des Eingabebilds in Pixeln</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>patch side in pixels; must divide img_size</source>
        <translation>Seitenlänge eines Patches in Pixeln; muss img_size teilen</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>input channels (3 for RGB, 1 for grey)</source>
        <translation>Eingabekanäle (3 für RGB, 1 für Graustufen)</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>classifier outputs</source>
        <translation>Anzahl der Klassifikatorausgaben</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>token width d</source>
        <translation>Token-Breite d</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>number of blocks L</source>
        <translation>Anzahl der Blöcke L</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>attention heads H; must divide embed_dim</source>
        <translation>Attention-Heads H; muss embed_dim teilen</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>MLP hidden width d_ff / d</source>
        <translation>verborgene MLP-Breite d_ff / d</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>bias on the q, k, v projections (true, false)</source>
        <translation>Bias in den q-, k-, v-Projektionen (true, false)</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>pooling for the head</source>
        <translation>Pooling für den Head</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>initial weights: timm trunc-normal 0.02; jax xavier, zero head (faster from scratch on small data)</source>
        <translation>Anfangsgewichte: timm trunc-normal 0.02; jax xavier, Head mit Nullen (schneller beim Training von Grund auf mit wenig Daten)</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>position embedding: learned (timm&apos;s absolute table pos_embed) or rope2d (q and k rotated by patch row and column in every head; no pos_embed)</source>
        <translation>Positionseinbettung: learned (timms absolute Tabelle pos_embed) oder rope2d (q und k in jedem Kopf nach Patch-Zeile und -Spalte rotiert; kein pos_embed)</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>theta of the rotary frequencies theta^(-4i/d_h) under pos.kind=rope2d (&gt; 0; 10000 as the CDE reference code)</source>
        <translation>theta der Rotationsfrequenzen theta^(-4i/d_h) bei pos.kind=rope2d (&gt; 0; 10000 wie im CDE-Referenzcode)</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>dropout after the position embedding and before the head</source>
        <translation>Dropout nach dem Positions-Embedding und vor dem Head</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>dropout on attention probabilities</source>
        <translation>Dropout auf die Attention-Wahrscheinlichkeiten</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>dropout after attention proj and in the MLP</source>
        <translation>Dropout nach der Attention-Projektion und im MLP</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>stochastic depth at the last block (linear from 0)</source>
        <translation>Stochastic Depth im letzten Block (linear ansteigend ab 0)</translation>
    </message>
    <message>
        <location line="+11"/>
        <source>gate in each gated MLP</source>
        <translation>Gate in jedem Gated-MLP</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>code assignment</source>
        <translation>Code-Zuordnung</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>what the gate multiplies</source>
        <translation>was das Gate multipliziert</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>codebook size K</source>
        <translation>Codebuchgröße K</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>mixture size k of soft top-k (k &gt;= K: full softmax)</source>
        <translation>Mischungsgröße k des Soft-Top-k (k &gt;= K: volles Softmax)</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>temperature tau of the cosine logits (&gt; 0)</source>
        <translation>Temperatur tau der Kosinus-Logits (&gt; 0)</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>gate strength lambda in y*(1 + lambda*g)</source>
        <translation>Gate-Stärke lambda in y*(1 + lambda*g)</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>codebook C across depth</source>
        <translation>Codebuch C über die Tiefe hinweg</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>gate matrix E across depth</source>
        <translation>Gate-Matrix E über die Tiefe hinweg</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>assignment per gated block or once per image</source>
        <translation>Zuordnung pro Block mit Gate oder einmal pro Bild</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>gated blocks: all, or a comma-separated list of block indices</source>
        <translation>Blöcke mit Gate: all oder eine kommagetrennte Liste von Blockindizes</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>initialisation of E</source>
        <translation>Initialisierung von E</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>initialisation of C</source>
        <translation>Initialisierung von C</translation>
    </message>
    <message>
        <location line="+15"/>
        <source>parallel branches n per block (1: plain ViT)</source>
        <translation>parallele Zweige n pro Block (1: einfacher ViT)</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>what is joined: logits (the paper&apos;s; folds wide), values (logits and values), projections (q, k and values; folds to a plain ViT)</source>
        <translation>was zusammengeführt wird: logits (wie im Paper; faltet in die Breite), values (Logits und Values), projections (q, k und Values; faltet zu einem einfachen ViT)</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>joining strength lambda in [0, 1] (1: joined)</source>
        <translation>Stärke der Zusammenführung lambda in [0, 1] (1: zusammengeführt)</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>alpha of the branch diversity regulariser (0: off)</source>
        <translation>alpha des Regularisierers für die Zweig-Diversität (0: aus)</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>lambda(t) over the warm-up</source>
        <translation>lambda(t) während der Aufwärmphase</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>steps over which lambda rises from 0 to 1</source>
        <translation>Schritte, in denen lambda von 0 auf 1 steigt</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>steps at lambda = 1 after the warm-up</source>
        <translation>Schritte mit lambda = 1 nach der Aufwärmphase</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>when joining starts: A/B run start, C mid-run, D to finish with the run, step: join.start_step</source>
        <translation>wann die Zusammenführung beginnt: A/B zu Beginn des Laufs, C in der Mitte des Laufs, D so, dass sie mit dem Lauf endet, step: join.start_step</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>first warm-up step when join.stage = step</source>
        <translation>erster Schritt der Aufwärmphase bei join.stage = step</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>folded deploy form (written by fold)</source>
        <translation>gefaltete Deploy-Form (von fold geschrieben)</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>deploy form: LayerNorm affines absorbed into the next linears</source>
        <translation>Deploy-Form: affine LayerNorm-Parameter in die folgenden linearen Schichten absorbiert</translation>
    </message>
    <message>
        <location filename="../core/config/datafields.cpp" line="+24"/>
        <source>data set</source>
        <translation>Datensatz</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>folder with the data set&apos;s files (all but builtin)</source>
        <translation>Ordner mit den Dateien des Datensatzes (alle außer builtin)</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>0: as stored; 1 or 3: grey or RGB</source>
        <translation>0: wie gespeichert; 1 oder 3: Graustufen oder RGB</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>cifar100: the 20 superclasses (true, false)</source>
        <translation>cifar100: die 20 Oberklassen (true, false)</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>folder without val/: fraction held out per class</source>
        <translation>folder ohne val/: pro Klasse zurückgehaltener Anteil</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>folder: CSV &apos;file,class&apos; for a flat val/ folder</source>
        <translation>folder: CSV „file,class“ für einen flachen val/-Ordner</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>evaluation: resize to img_size / crop_pct, centre crop</source>
        <translation>Evaluierung: auf img_size / crop_pct skalieren, dann mittig zuschneiden</translation>
    </message>
    <message>
        <location line="+12"/>
        <source>threads preparing batches ahead (-1 auto: 0 on CPU, 4 with CUDA; 0: in the step)</source>
        <translation>Threads, die Batches im Voraus vorbereiten (-1 auto: 0 auf der CPU, 4 mit CUDA; 0: im Schritt selbst)</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>training batches prepared ahead at most</source>
        <translation>Höchstzahl der im Voraus vorbereiteten Trainings-Batches</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>decoded folder images kept in memory, MiB (0: none)</source>
        <translation>im Speicher gehaltene dekodierte folder-Bilder, MiB (0: keine)</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>input mean per channel in [0, 1], or auto (measured)</source>
        <translation>Mittelwert der Eingabe pro Kanal in [0, 1] oder auto (gemessen)</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>input standard deviation per channel, or auto (measured)</source>
        <translation>Standardabweichung der Eingabe pro Kanal oder auto (gemessen)</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>an undecodable image: stop the run, or skip it and count</source>
        <translation>nicht dekodierbares Bild: stop (Lauf abbrechen) oder skip (überspringen und zählen)</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>training images (built-in set)</source>
        <translation>Trainingsbilder (integrierter Datensatz)</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>held-out validation images (built-in set)</source>
        <translation>zurückgehaltene Validierungsbilder (integrierter Datensatz)</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>which images the built-in set holds</source>
        <translation>welche Bilder der integrierte Datensatz enthält</translation>
    </message>
    <message>
        <location line="+11"/>
        <source>random resized crop (area aug.scale_min..1, aspect 3/4..4/3)</source>
        <translation>Random Resized Crop (Fläche aug.scale_min..1, Seitenverhältnis 3/4..4/3)</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>smallest area fraction of the random resized crop</source>
        <translation>kleinster Flächenanteil des Random Resized Crop</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>probability of a horizontal flip</source>
        <translation>Wahrscheinlichkeit einer horizontalen Spiegelung</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>brightness, contrast, saturation jitter j (factor 1 +- j)</source>
        <translation>Jitter j für Helligkeit, Kontrast, Sättigung (Faktor 1 +- j)</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>RandAugment: ops per image N (0: off)</source>
        <translation>RandAugment: Operationen pro Bild N (0: aus)</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>RandAugment magnitude M in [0, 10]</source>
        <translation>RandAugment-Stärke M in [0, 10]</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>probability of erasing a rectangle with noise</source>
        <translation>Wahrscheinlichkeit, ein Rechteck mit Rauschen zu überschreiben</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>mixup alpha (0: off)</source>
        <translation>alpha für mixup (0: aus)</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>cutmix alpha (0: off)</source>
        <translation>alpha für cutmix (0: aus)</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>probability that a batch is mixed</source>
        <translation>Wahrscheinlichkeit, dass ein Batch gemischt wird</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>with mixup and cutmix: probability of cutmix</source>
        <translation>bei mixup und cutmix: Wahrscheinlichkeit für cutmix</translation>
    </message>
    <message>
        <location filename="../core/config/trainingfields.cpp" line="+18"/>
        <source>passes over the training split</source>
        <translation>Durchgänge durch den Trainings-Split</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>images per training step, in all: with several processes each takes an equal share</source>
        <translation>Bilder pro Trainingsschritt insgesamt: bei mehreren Prozessen nimmt jeder einen gleichen Anteil</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>gradient accumulation: micro-batches of train.batch_size summed into one optimiser step (it sees batch_size x accum_steps images; schedules, logs and checkpoints count optimiser steps)</source>
        <translation>Gradientenakkumulation: Mikro-Batches von train.batch_size werden zu einem Optimiererschritt summiert (er sieht batch_size x accum_steps Bilder; Zeitpläne, Protokolle und Checkpoints zählen Optimiererschritte)</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>images per evaluation batch</source>
        <translation>Bilder pro Evaluierungs-Batch</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>seed of weights, data order and dropout</source>
        <translation>Seed für Gewichte, Datenreihenfolge und Dropout</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>steps between train/* metrics (their mean over the steps)</source>
        <translation>Schritte zwischen train/*-Metriken (deren Mittelwert über die Schritte)</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>deterministic algorithms only (true, false)</source>
        <translation>nur deterministische Algorithmen (true, false)</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>also keep the checkpoint of every k-th epoch as epoch-N.pt, to inspect the run&apos;s history (0: only last and best)</source>
        <translation>zusätzlich den Checkpoint jeder k-ten Epoche als epoch-N.pt behalten, um den Verlauf des Laufs zu untersuchen (0: nur last und best)</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>batches clustered for gate.codebook_init = kmeans</source>
        <translation>für gate.codebook_init = kmeans geclusterte Batches</translation>
    </message>
    <message>
        <location line="+13"/>
        <source>peak AdamW learning rate (after the warm-up)</source>
        <translation>maximale AdamW-Lernrate (nach der Aufwärmphase)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>learning rate at the end of the cosine</source>
        <translation>Lernrate am Ende des Kosinus-Verlaufs</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>linear learning-rate warm-up, in epochs</source>
        <translation>lineare Aufwärmphase der Lernrate, in Epochen</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>decoupled weight decay (not on norms, biases, embeddings)</source>
        <translation>entkoppelte Gewichtsabnahme (Weight Decay; nicht auf Norm-Schichten, Biases, Embeddings)</translation>
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
        <translation>maximale globale L2-Norm des Gradienten (0: kein Clipping)</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>label smoothing of the training loss</source>
        <translation>Label Smoothing des Trainings-Loss</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>EMA of the weights per step (0: off)</source>
        <translation>EMA der Gewichte pro Schritt (0: aus)</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>layer-wise learning-rate decay (timm&apos;s LLRD): block i learns at lr x decay^(depth - i), the embeddings at lr x decay^(depth + 1), head and final norm at lr (1: off)</source>
        <translation>schichtweiser Lernratenabfall (timms LLRD): Block i lernt mit lr x decay^(depth - i), die Einbettungen mit lr x decay^(depth + 1), Kopf und letzte Norm mit lr (1: aus)</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>optimiser steps over which the EMA decay ramps linearly from 0 to optim.ema_decay (0: min(ema_decay, (1 + n)/(10 + n)))</source>
        <translation>Optimiererschritte, über die der EMA-Abfall linear von 0 auf optim.ema_decay steigt (0: min(ema_decay, (1 + n)/(10 + n)))</translation>
    </message>
    <message>
        <location line="+13"/>
        <source>CDE gate strength ramps 0 -&gt; gate.strength over these epochs</source>
        <translation>CDE-Gate-Stärke steigt über so viele Epochen an: 0 -&gt; gate.strength</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>tau from gate.temperature to cde.tau_end</source>
        <translation>Verlauf von tau von gate.temperature bis cde.tau_end</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>tau at the end of the run</source>
        <translation>tau am Ende des Laufs</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>device of each process (auto: CUDA when present); with several processes on CUDA every local rank takes its own device (rank r: cuda:r)</source>
        <translation>Gerät jedes Prozesses (auto: CUDA, falls vorhanden); bei mehreren Prozessen auf CUDA nimmt jeder lokale Rang sein eigenes Gerät (Rang r: cuda:r)</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>training forward pass: fp32, or bf16 (LibTorch autocast; weights, gradients and optimiser stay fp32, evaluation runs in fp32)</source>
        <translation>Vorwärtsdurchlauf im Training: fp32 oder bf16 (LibTorch-Autocast; Gewichte, Gradienten und Optimierer bleiben fp32, die Auswertung läuft in fp32)</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>CPU threads of each process (0: all cores, shared evenly by the processes)</source>
        <translation>CPU-Threads jedes Prozesses (0: alle Kerne, gleichmäßig auf die Prozesse verteilt)</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>data-parallel processes (ranks) on this machine; train.batch_size is the global batch, split evenly between them</source>
        <translation>datenparallele Prozesse (Ränge) auf diesem Rechner; train.batch_size ist der globale Batch, gleichmäßig auf sie verteilt</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>process group of a data-parallel run (auto: NCCL when the ranks hold CUDA devices, else Gloo)</source>
        <translation>Prozessgruppe eines datenparallelen Laufs (auto: NCCL, wenn die Ränge CUDA-Geräte haben, sonst Gloo)</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>seconds a data-parallel step may wait for a rank before the whole job ends as crashed</source>
        <translation>Sekunden, die ein datenparalleler Schritt auf einen Rang warten darf, bevor der ganze Auftrag als abgestürzt endet</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>memory a run may need at its peak, e.g. 8G (0: this machine&apos;s); checked before the run is created</source>
        <translation>Speicher, den ein Lauf höchstens brauchen darf, z. B. 8G (0: der dieses Rechners); geprüft, bevor der Lauf angelegt wird</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>checkpoint file to start from (fine-tuning; of another img_size: position embeddings resampled; of another num_classes: a new head); empty: fresh weights</source>
        <translation>Checkpoint-Datei als Startpunkt (Feinabstimmung; bei anderer img_size werden die Positionseinbettungen neu abgetastet, bei anderer num_classes gibt es einen neuen Kopf); leer: frische Gewichte</translation>
    </message>
    <message>
        <location line="+16"/>
        <source>teacher to distil from: RUN, RUN:best, RUN:last or RUN:epoch:N (a run&apos;s id or name), a checkpoint file or a safetensors export; empty: no distillation</source>
        <translation>Lehrer, von dem destilliert wird: RUN, RUN:best, RUN:last oder RUN:epoch:N (ID oder Name eines Laufs), eine Checkpoint-Datei oder ein safetensors-Export; leer: keine Destillation</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>weight beta of the MSE between the teacher&apos;s attention maps and the student&apos;s (a parallel block&apos;s: the mean over its branches); 0: off</source>
        <translation>Gewicht beta des MSE zwischen den Aufmerksamkeitskarten von Lehrer und Schüler (bei einem parallelen Block: der Mittelwert über seine Zweige); 0: aus</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>teacher layer each student block reads: uniform (block i: ceil((i+1)*L_t/L_s)-1) or one layer per block, e.g. 3,7,11</source>
        <translation>Lehrerschicht, die jeder Schülerblock liest: uniform (Block i: ceil((i+1)*L_t/L_s)-1) oder eine Schicht je Block, z. B. 3,7,11</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>match: compare head by head (equal head counts); mean: compare the head-averaged maps</source>
        <translation>match: Kopf für Kopf vergleichen (gleiche Kopfzahl); mean: die über die Köpfe gemittelten Karten vergleichen</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>weight gamma of the soft-label term KL(p_T || p_S) * tau^2; 0: off</source>
        <translation>Gewicht gamma des Soft-Label-Terms KL(p_T || p_S) * tau^2; 0: aus</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>temperature tau of the teacher&apos;s and student&apos;s soft labels</source>
        <translation>Temperatur tau der weichen Labels von Lehrer und Schüler</translation>
    </message>
</context>
<context>
    <name>RunQuery</name>
    <message>
        <location filename="../core/tables/runquery.cpp" line="+37"/>
        <source>the end of the query</source>
        <translation>das Ende der Abfrage</translation>
    </message>
    <message>
        <location line="+26"/>
        <source>this &apos;)&apos; closes no &apos;(&apos;</source>
        <translation>diese &apos;)&apos; schließt keine &apos;(&apos;</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>expected and, or or the end of the query</source>
        <translation>and, or oder das Ende der Abfrage erwartet</translation>
    </message>
    <message>
        <location line="+18"/>
        <source>%1, found %2</source>
        <translation>%1, gefunden: %2</translation>
    </message>
    <message>
        <location line="+41"/>
        <source>nested too deeply (more than %1 parentheses or nots)</source>
        <translation>zu tief verschachtelt (mehr als %1 Klammern oder nots)</translation>
    </message>
    <message>
        <location line="+11"/>
        <source>expected &apos;)&apos; to close the &apos;(&apos; at %1</source>
        <translation>&apos;)&apos; erwartet, um die &apos;(&apos; bei Zeichen %1 zu schließen</translation>
    </message>
    <message>
        <location line="+16"/>
        <source>expected a setting, metric or run field (e.g. gate.kind, val/top1, name)</source>
        <translation>Einstellung, Metrik oder Lauffeld erwartet (z. B. gate.kind, val/top1, name)</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>expected a metric key with a &apos;/&apos; (e.g. val/top1) in %1(…)</source>
        <translation>Metrikschlüssel mit &apos;/&apos; (z. B. val/top1) in %1(…) erwartet</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>expected &apos;)&apos; after the metric in %1(…)</source>
        <translation>&apos;)&apos; nach der Metrik in %1(…) erwartet</translation>
    </message>
    <message>
        <location line="+13"/>
        <source>expected a setting, metric or run field: &apos;%1&apos; is none (settings as in the run form, e.g. gate.kind; metrics with a &apos;/&apos;, e.g. val/top1; fields: %2)</source>
        <translation>Einstellung, Metrik oder Lauffeld erwartet: „%1“ ist nichts davon (Einstellungen wie im Laufformular, z. B. gate.kind; Metriken mit &apos;/&apos;, z. B. val/top1; Felder: %2)</translation>
    </message>
    <message>
        <location line="+18"/>
        <source>expected an operator (= != &lt; &lt;= &gt; &gt;= ~) after &apos;%1&apos;</source>
        <translation>Operator (= != &lt; &lt;= &gt; &gt;= ~) nach „%1“ erwartet</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>expected a value after &apos;%1&apos; (a number, a word or &quot;quoted text&quot;)</source>
        <translation>Wert nach „%1“ erwartet (eine Zahl, ein Wort oder &quot;Text in Anführungszeichen&quot;)</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>expected a number after &apos;%1&apos; (text compares with =, != or ~)</source>
        <translation>Zahl nach „%1“ erwartet (Text wird mit =, != oder ~ verglichen)</translation>
    </message>
    <message>
        <location line="+123"/>
        <source>the query is too long (%1 characters; at most %2)</source>
        <translation>die Abfrage ist zu lang (%1 Zeichen; höchstens %2)</translation>
    </message>
    <message>
        <location filename="../core/tables/runquerytokens.cpp" line="+75"/>
        <source>quoted text is not closed: end it with %1</source>
        <translation>Text in Anführungszeichen ist nicht geschlossen: Beenden Sie ihn mit %1</translation>
    </message>
    <message>
        <location line="+11"/>
        <source>expected &apos;=&apos; after &apos;!&apos; (not equal is !=; to negate, write not)</source>
        <translation>&apos;=&apos; nach &apos;!&apos; erwartet (ungleich ist !=; zum Verneinen schreiben Sie not)</translation>
    </message>
    <message>
        <location line="+17"/>
        <source>at %1: %2</source>
        <translation>bei Zeichen %1: %2</translation>
    </message>
    <message>
        <location line="+35"/>
        <source>%1 is too large a number (at most about 1.8e308)</source>
        <translation>%1 ist eine zu große Zahl (höchstens etwa 1.8e308)</translation>
    </message>
    <message>
        <location line="+19"/>
        <source>unexpected character &apos;%1&apos;: expected a name, a value, an operator (= != &lt; &lt;= &gt; &gt;= ~), and, or, not or parentheses</source>
        <translation>unerwartetes Zeichen „%1“: erwartet wird ein Name, ein Wert, ein Operator (= != &lt; &lt;= &gt; &gt;= ~), and, or, not oder Klammern</translation>
    </message>
</context>
<context>
    <name>RunQueue</name>
    <message>
        <location filename="../core/launch/runqueue.cpp" line="+72"/>
        <location line="+3"/>
        <location line="+101"/>
        <source>cancelled before it started</source>
        <translation>vor dem Start abgebrochen</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>not resumed: %1</source>
        <translation>nicht fortgesetzt: %1</translation>
    </message>
</context>
<context>
    <name>RunStatus</name>
    <message>
        <location filename="../widgets/statusicon.cpp" line="+44"/>
        <source>queued</source>
        <translation>in Warteschlange</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>running</source>
        <translation>läuft</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>finished</source>
        <translation>abgeschlossen</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>failed</source>
        <translation>fehlgeschlagen</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>cancelled</source>
        <translation>abgebrochen</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>crashed</source>
        <translation>abgestürzt</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>stopped</source>
        <translation>angehalten</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>damaged</source>
        <translation>beschädigt</translation>
    </message>
</context>
<context>
    <name>SbatchScriptText</name>
    <message>
        <location filename="../core/slurm/sbatchscript.cpp" line="+49"/>
        <source>the folder %1, where the tasks&apos; output goes, holds a space, a quote or &apos;%&apos;, which an #SBATCH line cannot carry; keep the store (or its runs= folder) under a path without them</source>
        <translation>der Ordner %1, in den die Ausgaben der Tasks gehen, enthält ein Leerzeichen, ein Anführungszeichen oder &apos;%&apos;, was eine #SBATCH-Zeile nicht tragen kann; legen Sie den Laufspeicher (oder seinen runs=-Ordner) unter einen Pfad ohne diese Zeichen</translation>
    </message>
    <message>
        <location line="+107"/>
        <source>cannot make the folder %1 for the sbatch script; check that it may be written</source>
        <translation>der Ordner %1 für das sbatch-Skript kann nicht angelegt werden; prüfen Sie, ob er beschrieben werden darf</translation>
    </message>
    <message>
        <location line="+11"/>
        <source>cannot write the sbatch script %1: %2</source>
        <translation>das sbatch-Skript %1 kann nicht geschrieben werden: %2</translation>
    </message>
</context>
<context>
    <name>SeedStatsWords</name>
    <message>
        <location filename="../widgets/seedgroupstats.cpp" line="+37"/>
        <source>These runs differ in more than the seed: not one experiment, no test</source>
        <translation>Diese Läufe unterscheiden sich nicht nur im Seed: kein einzelnes Experiment, kein Test</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>The baseline&apos;s runs differ in more than the seed: not one experiment, no test</source>
        <translation>Die Läufe der Basislinie unterscheiden sich nicht nur im Seed: kein einzelnes Experiment, kein Test</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>No run of this group has measured the metric: nothing to test</source>
        <translation>Kein Lauf dieser Gruppe hat die Metrik gemessen: nichts zu testen</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Only 1 seed: no p-value (a t-test needs at least two runs in each group)</source>
        <translation>Nur 1 Seed: kein p-Wert (ein t-Test braucht mindestens zwei Läufe in jeder Gruppe)</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>The baseline has fewer than 2 seeds: no p-value (a t-test needs at least two runs in each group)</source>
        <translation>Die Basislinie hat weniger als 2 Seeds: kein p-Wert (ein t-Test braucht mindestens zwei Läufe in jeder Gruppe)</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>No spread in either group: the t-test is undefined</source>
        <translation>Keine Streuung in beiden Gruppen: Der t-Test ist nicht definiert</translation>
    </message>
    <message>
        <location line="+29"/>
        <source>paired by seed (df %1)</source>
        <translation>nach Seed gepaart (df %1)</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Welch (df %1)</source>
        <translation>Welch (df %1)</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>baseline</source>
        <translation>Basislinie</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>better</source>
        <translation>besser</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>worse</source>
        <translation>schlechter</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>not significant</source>
        <translation>nicht signifikant</translation>
    </message>
    <message>
        <location line="+21"/>
        <source>no run has measured the metric</source>
        <translation>kein Lauf hat die Metrik gemessen</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>only 1 seed: no interval and no test</source>
        <translation>nur 1 Seed: kein Intervall und kein Test</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>only %1 seeds: the interval is wide and the test weak</source>
        <translation>nur %1 Seeds: Das Intervall ist breit und der Test schwach</translation>
    </message>
</context>
<context>
    <name>SlurmClientText</name>
    <message>
        <location filename="../core/slurm/slurmclient.cpp" line="+76"/>
        <source>sbatch answered &apos;%1&apos;, not a job id; look at the cluster with `squeue --me`</source>
        <translation>sbatch antwortete &apos;%1&apos;, keine Job-ID; sehen Sie mit `squeue --me` nach dem Cluster</translation>
    </message>
    <message>
        <location line="+83"/>
        <source>the cluster has no default partition (`sinfo` marks none with *); give one with --partition</source>
        <translation>der Cluster hat keine Standardpartition (`sinfo` markiert keine mit *); geben Sie eine mit --partition an</translation>
    </message>
    <message>
        <location line="+34"/>
        <source>the partition %1 has no nodes (`sinfo --partition=%1` lists none); give another with --partition</source>
        <translation>die Partition %1 hat keine Knoten (`sinfo --partition=%1` listet keine); geben Sie mit --partition eine andere an</translation>
    </message>
</context>
<context>
    <name>SlurmCommandText</name>
    <message>
        <location filename="../core/slurm/slurmcommand.cpp" line="+38"/>
        <source>%1 not found: install slurm-client (Debian: apt-get install slurm-client) or run on a login node of the cluster, where the Slurm commands are</source>
        <translation>%1 nicht gefunden: installieren Sie slurm-client (Debian: apt-get install slurm-client) oder arbeiten Sie auf einem Login-Knoten des Clusters, wo die Slurm-Befehle sind</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>%1 could not be started: %2</source>
        <translation>%1 konnte nicht gestartet werden: %2</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>`%1` did not answer within %2 s and was stopped; the Slurm controller may be down or busy (`scontrol ping` says), try again</source>
        <translation>`%1` hat nicht innerhalb von %2 s geantwortet und wurde beendet; der Slurm-Controller ist vielleicht nicht erreichbar oder ausgelastet (`scontrol ping` sagt es), versuchen Sie es erneut</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>`%1` crashed: %2</source>
        <translation>`%1` ist abgestürzt: %2</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>`%1` failed (exit %2): %3</source>
        <translation>`%1` ist fehlgeschlagen (Exit-Status %2): %3</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>it said nothing on stderr</source>
        <translation>auf stderr kam nichts</translation>
    </message>
</context>
<context>
    <name>SlurmOptionsText</name>
    <message>
        <location filename="../core/slurm/slurmoptions.cpp" line="+40"/>
        <source>--partition &apos;%1&apos; is not a partition name (letters, digits, &apos;_&apos;, &apos;.&apos;, &apos;-&apos;; several separated by commas); `sinfo -s` lists them</source>
        <translation>--partition &apos;%1&apos; ist kein Partitionsname (Buchstaben, Ziffern, &apos;_&apos;, &apos;.&apos;, &apos;-&apos;; mehrere durch Kommas getrennt); `sinfo -s` listet sie</translation>
    </message>
    <message>
        <location line="+10"/>
        <source>--time &apos;%1&apos; is not a Slurm time limit; write minutes (90), HH:MM:SS (1:30:00) or D-HH:MM:SS (2-00:00:00)</source>
        <translation>--time &apos;%1&apos; ist kein Slurm-Zeitlimit; schreiben Sie Minuten (90), HH:MM:SS (1:30:00) oder D-HH:MM:SS (2-00:00:00)</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>--gres &apos;%1&apos; is not a generic resource list (e.g. gpu:1 or gpu:a100:2, without spaces)</source>
        <translation>--gres &apos;%1&apos; ist keine Liste generischer Ressourcen (z. B. gpu:1 oder gpu:a100:2, ohne Leerzeichen)</translation>
    </message>
    <message>
        <location line="+11"/>
        <source>one task per run</source>
        <translation>ein Task pro Lauf</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>the task&apos;s output beside the sweep</source>
        <translation>die Ausgabe des Tasks neben dem Sweep</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>the task&apos;s errors beside the sweep</source>
        <translation>die Fehlerausgabe des Tasks neben dem Sweep</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>the sweep&apos;s or run&apos;s name</source>
        <translation>der Name des Sweeps oder Laufs</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>to read the job id</source>
        <translation>um die Job-ID zu lesen</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>the script is the job</source>
        <translation>das Skript ist der Job</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>give it as --nodes</source>
        <translation>geben Sie es als --nodes an</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>give it as --nodes and --nproc</source>
        <translation>geben Sie es als --nodes und --nproc an</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>give it as --nproc</source>
        <translation>geben Sie es als --nproc an</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>give it as --partition</source>
        <translation>geben Sie es als --partition an</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>give it as --time</source>
        <translation>geben Sie es als --time an</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>give it as --cpus-per-task</source>
        <translation>geben Sie es als --cpus-per-task an</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>give it as --gres</source>
        <translation>geben Sie es als --gres an</translation>
    </message>
    <message>
        <location line="+17"/>
        <source>--sbatch-arg &apos;%1&apos; is not an sbatch option; write one option each, as --name=value (e.g. --sbatch-arg=--account=lab)</source>
        <translation>--sbatch-arg &apos;%1&apos; ist keine sbatch-Option; schreiben Sie je eine Option als --name=wert (z. B. --sbatch-arg=--account=lab)</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>--sbatch-arg &apos;%1&apos; holds a space, a quote or a control character; the script keeps one option a line as written, so write it as --name=value without them</source>
        <translation>--sbatch-arg &apos;%1&apos; enthält ein Leerzeichen, ein Anführungszeichen oder ein Steuerzeichen; das Skript hält eine Option pro Zeile so wie geschrieben, schreiben Sie sie also als --name=wert ohne diese Zeichen</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>--sbatch-arg &apos;%1&apos;: Gatefold writes --%2 itself (%3); leave it out</source>
        <translation>--sbatch-arg &apos;%1&apos;: Gatefold schreibt --%2 selbst (%3); lassen Sie es weg</translation>
    </message>
    <message>
        <location line="+12"/>
        <source>--%1 must be a whole number from %2 to %3, not &apos;%4&apos;</source>
        <translation>--%1 muss eine ganze Zahl von %2 bis %3 sein, nicht &apos;%4&apos;</translation>
    </message>
    <message>
        <location line="+19"/>
        <source>--cpus-per-task must be a whole number from 1 to %1, not %2</source>
        <translation>--cpus-per-task muss eine ganze Zahl von 1 bis %1 sein, nicht %2</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>--nodes must be a whole number from 1 to %1, not %2</source>
        <translation>--nodes muss eine ganze Zahl von 1 bis %1 sein, nicht %2</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>--nproc must be a whole number from 1 to %1, not %2</source>
        <translation>--nproc muss eine ganze Zahl von 1 bis %1 sein, nicht %2</translation>
    </message>
    <message>
        <location line="+64"/>
        <source>the recorded Slurm options are not an object of partition, time, cpus_per_task, gres, nodes, nproc and sbatch_args: %1</source>
        <translation>die gespeicherten Slurm-Optionen sind kein Objekt aus partition, time, cpus_per_task, gres, nodes, nproc und sbatch_args: %1</translation>
    </message>
</context>
<context>
    <name>SlurmSubmissionText</name>
    <message>
        <location filename="../core/launch/slurmsubmission.cpp" line="+44"/>
        <source>the run store %1 is an SQLite file</source>
        <translation>der Laufspeicher %1 ist eine SQLite-Datei</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>use a PostgreSQL store every node reaches, --store &apos;%1&apos; with runs= a folder on the file system the nodes share (README, &quot;Run store&quot; and &quot;Cluster&quot;). Nothing was created</source>
        <translation>verwenden Sie einen PostgreSQL-Laufspeicher, den jeder Knoten erreicht, --store &apos;%1&apos; mit runs= als Ordner auf dem Dateisystem, das die Knoten teilen (README, „Run store“ und „Cluster“). Nichts wurde angelegt</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>a run on %1 nodes needs a store every node reaches, and %2: SQLite over a network file system corrupts (its locks do not hold there); %3.</source>
        <translation>ein Lauf auf %1 Knoten braucht einen Laufspeicher, den jeder Knoten erreicht, und %2: SQLite über ein Netzwerkdateisystem wird beschädigt (seine Sperren halten dort nicht); %3.</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>cannot tell whether the cluster is this machine alone (%1), and %2, which only a cluster of this one machine may use; %3.</source>
        <translation>es lässt sich nicht feststellen, ob der Cluster nur aus diesem Rechner besteht (%1), und %2, die nur ein Cluster aus diesem einen Rechner verwenden darf; %3.</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>the partition&apos;s nodes (%1) are not all this machine: a task may run on another one, and %2, which must not be shared over a network file system (it corrupts); %3.</source>
        <translation>die Knoten der Partition (%1) sind nicht alle dieser Rechner: ein Task kann auf einem anderen laufen, und %2, die nicht über ein Netzwerkdateisystem geteilt werden darf (sie wird beschädigt); %3.</translation>
    </message>
    <message>
        <location line="+12"/>
        <source>the store URL holds a password; the script gets the URL without it, so the nodes need it in ~/.pgpass or $PGPASSWORD (sbatch passes your environment on)</source>
        <translation>die Speicher-URL enthält ein Passwort; das Skript erhält die URL ohne es, die Knoten brauchen es also in ~/.pgpass oder $PGPASSWORD (sbatch gibt Ihre Umgebung weiter)</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>the store URL has no runs=: each node keeps the runs&apos; checkpoints and logs under %1 on its own disk unless that folder is shared; add runs=/a/shared/folder to the URL</source>
        <translation>die Speicher-URL hat kein runs=: jeder Knoten legt Checkpoints und Logs der Läufe unter %1 auf seiner eigenen Platte ab, sofern dieser Ordner nicht geteilt ist; fügen Sie der URL runs=/ein/geteilter/ordner hinzu</translation>
    </message>
    <message>
        <location line="+47"/>
        <source>Slurm accepted job %1, but the store could not record it (%2); %3</source>
        <translation>Slurm hat Job %1 angenommen, aber der Laufspeicher konnte ihn nicht festhalten (%2); %3</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>the job was cancelled again</source>
        <translation>der Job wurde wieder abgebrochen</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>cancel it with `scancel %1` (%2)</source>
        <translation>brechen Sie ihn mit `scancel %1` ab (%2)</translation>
    </message>
</context>
<context>
    <name>SweepFiles</name>
    <message>
        <location filename="../widgets/sweepfiles.cpp" line="+24"/>
        <source>the sweep&apos;s grid and config could not be written to a temporary folder (%1)</source>
        <translation>Raster und Konfiguration des Sweeps konnten nicht in einen temporären Ordner geschrieben werden (%1)</translation>
    </message>
</context>
<context>
    <name>SweepTable</name>
    <message>
        <location filename="../widgets/sweeptable.cpp" line="+127"/>
        <source>last</source>
        <translation>zuletzt</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>best</source>
        <translation>bester Wert</translation>
    </message>
</context>
<context>
    <name>WorldText</name>
    <message>
        <location filename="../widgets/worldtext.cpp" line="+10"/>
        <source>%1 asked</source>
        <translation>%1 verlangt</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>%1 · %2 · %3 per process</source>
        <translation>%1 · %2 · %3 pro Prozess</translation>
    </message>
    <message numerus="yes">
        <location line="+9"/>
        <source>Not started yet: it asks for %n process(es) (compute.processes).</source>
        <translation>
            <numerusform>Noch nicht gestartet: er verlangt %n Prozess (compute.processes).</numerusform>
            <numerusform>Noch nicht gestartet: er verlangt %n Prozesse (compute.processes).</numerusform>
        </translation>
    </message>
    <message>
        <location line="+3"/>
        <source>One process trained it when it last started.</source>
        <translation>Beim letzten Start hat ihn ein Prozess trainiert.</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>%1 processes (ranks) trained it when it last started, started by %2.
Process group %3; each takes %4 images of every batch (train.batch_size is the global batch).</source>
        <translation>Beim letzten Start haben ihn %1 Prozesse (Ränge) trainiert, gestartet von %2.
Prozessgruppe %3; jeder nimmt %4 Bilder jedes Batches (train.batch_size ist der globale Batch).</translation>
    </message>
</context>
<context>
    <name>gatefold::launch::RunProcess</name>
    <message>
        <location filename="../core/launch/runprocess.cpp" line="+91"/>
        <source>cannot start the engine %1: %2</source>
        <translation>die Engine %1 kann nicht gestartet werden: %2</translation>
    </message>
    <message>
        <location line="+168"/>
        <source>the engine (pid %1) died without saying how the run ended%2; Resume continues the run from its last checkpoint</source>
        <translation>die Engine (PID %1) ist beendet worden, ohne zu sagen, wie der Lauf endete%2; Fortsetzen setzt den Lauf ab seinem letzten Checkpoint fort</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>the engine (pid %1) exited before the run started; its log (Run → Show engine log) may say why</source>
        <translation>die Engine (PID %1) hat sich vor dem Start des Laufs beendet; ihr Log (Lauf → Engine-Log anzeigen) nennt vielleicht den Grund</translation>
    </message>
</context>
<context>
    <name>gatefold::widgets::AboutDialog</name>
    <message>
        <location filename="../widgets/aboutdialog.cpp" line="+18"/>
        <source>About Gatefold</source>
        <translation>Über Gatefold</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>&lt;h3&gt;Gatefold %1&lt;/h3&gt;&lt;p&gt;A workbench for Vision Transformer research: CDE gates and progressive joining.&lt;/p&gt;&lt;p&gt;Qt %2&lt;/p&gt;&lt;p&gt;Engine: %3&lt;/p&gt;&lt;p&gt;Run store: %4&lt;/p&gt;</source>
        <translation>&lt;h3&gt;Gatefold %1&lt;/h3&gt;&lt;p&gt;Eine Werkbank für die Forschung an Vision Transformern: CDE-Gates und progressives Zusammenführen.&lt;/p&gt;&lt;p&gt;Qt %2&lt;/p&gt;&lt;p&gt;Engine: %3&lt;/p&gt;&lt;p&gt;Laufspeicher: %4&lt;/p&gt;</translation>
    </message>
    <message>
        <location line="+17"/>
        <source>LibTorch and devices: asking the engine…</source>
        <translation>LibTorch und Geräte: die Engine wird gefragt…</translation>
    </message>
    <message>
        <location line="+27"/>
        <source>The engine %1 could not be started (%2): LibTorch and devices are unknown. Install gatefold-cli beside gatefold, or name it with $GATEFOLD_CLI.</source>
        <translation>Die Engine %1 konnte nicht gestartet werden (%2): LibTorch und Geräte sind unbekannt. Installieren Sie gatefold-cli neben gatefold oder nennen Sie sie mit $GATEFOLD_CLI.</translation>
    </message>
    <message>
        <location line="+13"/>
        <source>The engine %1 did not answer (%2)%3.</source>
        <translation>Die Engine %1 hat nicht geantwortet (%2)%3.</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>it crashed</source>
        <translation>sie ist abgestürzt</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>exit status %1</source>
        <translation>Exit-Status %1</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>The engine %1 answered, but %2</source>
        <translation>Die Engine %1 hat geantwortet, aber %2</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Engine gatefold-cli %1 · LibTorch %2 · Qt %3&lt;br&gt;Devices: %4</source>
        <translation>Engine gatefold-cli %1 · LibTorch %2 · Qt %3&lt;br&gt;Geräte: %4</translation>
    </message>
</context>
<context>
    <name>gatefold::widgets::AnalyzeJob</name>
    <message>
        <location filename="../widgets/analyzejob.cpp" line="+65"/>
        <source>No temporary folder for the analysis: %1</source>
        <translation>Kein temporärer Ordner für die Analyse: %1</translation>
    </message>
    <message>
        <location line="+40"/>
        <source>The engine %1 could not be started (%2). The window runs every analysis in gatefold-cli: install it beside gatefold, or name it with $GATEFOLD_CLI.</source>
        <translation>Die Engine %1 konnte nicht gestartet werden (%2). Das Fenster führt jede Analyse in gatefold-cli aus: Installieren Sie es neben gatefold oder nennen Sie es mit $GATEFOLD_CLI.</translation>
    </message>
    <message>
        <location line="+15"/>
        <source>gatefold-cli analyze stopped before it finished (killed, or it crashed).</source>
        <translation>gatefold-cli analyze hat vor dem Ende aufgehört (beendet, oder es ist abgestürzt).</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>gatefold-cli analyze stopped before it finished: %1</source>
        <translation>gatefold-cli analyze hat vor dem Ende aufgehört: %1</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>gatefold-cli analyze failed with exit status %1.</source>
        <translation>gatefold-cli analyze ist mit Exit-Status %1 fehlgeschlagen.</translation>
    </message>
    <message>
        <location line="+34"/>
        <source>The engine answered about run %1 (%2), not run %3 (%4); nothing is shown.</source>
        <translation>Die Engine hat über Lauf %1 (%2) geantwortet, nicht über Lauf %3 (%4); nichts wird angezeigt.</translation>
    </message>
</context>
<context>
    <name>gatefold::widgets::AttentionDistanceView</name>
    <message>
        <location filename="../widgets/attentiondistanceview.cpp" line="+53"/>
        <source>block</source>
        <translation>Block</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>mean attention distance (pixels)</source>
        <translation>mittlere Attention-Distanz (Pixel)</translation>
    </message>
    <message>
        <location line="+25"/>
        <source>Not available: the report holds no mean attention distance.</source>
        <translation>Nicht verfügbar: Der Bericht enthält keine mittlere Attention-Distanz.</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>Mean attention distance: run %1 (%2)</source>
        <translation>Mittlere Attention-Distanz: Lauf %1 (%2)</translation>
    </message>
    <message>
        <location line="+14"/>
        <source>head %1</source>
        <translation>Head %1</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>mean over heads</source>
        <translation>Mittel über die Heads</translation>
    </message>
    <message>
        <location line="+11"/>
        <source>The y axis ends at %1 px, the largest distance between two patch centres (%2 × %3 patches of %4 px).</source>
        <translation>Die y-Achse endet bei %1 px, dem größten Abstand zweier Patch-Mittelpunkte (%2 × %3 Patches zu je %4 px).</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>The patch grid is unknown: the y axis fits the data.</source>
        <translation>Das Patch-Raster ist unbekannt: Die y-Achse passt sich den Daten an.</translation>
    </message>
    <message>
        <location line="+35"/>
        <source>block %1, mean over heads: %2 px</source>
        <translation>Block %1, Mittel über die Heads: %2 px</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>block %1, head %2: %3 px</source>
        <translation>Block %1, Head %2: %3 px</translation>
    </message>
    <message>
        <location line="+12"/>
        <source>Point at a marker to read its value.</source>
        <translation>Zeigen Sie auf eine Markierung, um ihren Wert abzulesen.</translation>
    </message>
</context>
<context>
    <name>gatefold::widgets::AttentionView</name>
    <message>
        <location filename="../widgets/attentionview.cpp" line="+46"/>
        <source>Branch:</source>
        <translation>Zweig:</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>Class-token attention</source>
        <translation>Attention des Klassen-Tokens</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Attention rollout</source>
        <translation>Attention-Rollout</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Rollout multiplies the head-fused attention (plus identity, rows renormalised) through all layers; fusion and discard ratio are set above</source>
        <translation>Rollout multipliziert die über die Heads fusionierte Attention (plus Identität, Zeilen neu normiert) durch alle Schichten; Fusion und Verwerfungsanteil werden oben eingestellt</translation>
    </message>
    <message>
        <location line="+10"/>
        <source>How strongly the map covers the image</source>
        <translation>Wie stark die Karte das Bild überdeckt</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Image:</source>
        <translation>Bild:</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Head:</source>
        <translation>Head:</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>Blend:</source>
        <translation>Überblendung:</translation>
    </message>
    <message>
        <location line="+27"/>
        <location line="+104"/>
        <source>Choose a run and press Compute.</source>
        <translation>Wählen Sie einen Lauf und klicken Sie auf Berechnen.</translation>
    </message>
    <message>
        <location line="-86"/>
        <source>%1 (%2)</source>
        <translation>%1 (%2)</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>mean of heads</source>
        <translation>Mittel der Heads</translation>
    </message>
    <message>
        <location line="+2"/>
        <location line="+137"/>
        <source>head %1</source>
        <translation>Head %1</translation>
    </message>
    <message>
        <location line="-136"/>
        <source>joined</source>
        <translation>zusammengeführt</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>branch %1</source>
        <translation>Zweig %1</translation>
    </message>
    <message>
        <location line="+64"/>
        <source>Layer %1</source>
        <translation>Schicht %1</translation>
    </message>
    <message>
        <location line="+17"/>
        <source>No images were inspected.</source>
        <translation>Es wurden keine Bilder untersucht.</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Rollout not available: %1</source>
        <translation>Rollout nicht verfügbar: %1</translation>
    </message>
    <message>
        <location line="+0"/>
        <location line="+4"/>
        <source>not computed</source>
        <translation>nicht berechnet</translation>
    </message>
    <message>
        <location line="-1"/>
        <source>Attention not available: %1</source>
        <translation>Attention nicht verfügbar: %1</translation>
    </message>
    <message>
        <location line="+17"/>
        <source>label %1 · predicted %2 (%3 %)</source>
        <translation>Label %1 · vorhergesagt %2 (%3 %)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>unknown</source>
        <translation>unbekannt</translation>
    </message>
    <message>
        <location line="+46"/>
        <source>nothing to export yet: press Compute first</source>
        <translation>noch nichts zu exportieren: Klicken Sie zuerst auf Berechnen</translation>
    </message>
</context>
<context>
    <name>gatefold::widgets::BestRunsDialog</name>
    <message>
        <location filename="../widgets/bestrunsdialog.cpp" line="+21"/>
        <source>Select best runs</source>
        <translation>Beste Läufe auswählen</translation>
    </message>
    <message>
        <location line="+10"/>
        <source>its best value</source>
        <translation>bester Wert</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>its last value</source>
        <translation>letzter Wert</translation>
    </message>
    <message numerus="yes">
        <location line="+3"/>
        <source>Select the best runs among the %n shown (runs without the metric are left out).</source>
        <translation>
            <numerusform>Die besten Läufe unter dem %n angezeigten Lauf auswählen (Läufe ohne die Metrik werden ausgelassen).</numerusform>
            <numerusform>Die besten Läufe unter den %n angezeigten auswählen (Läufe ohne die Metrik werden ausgelassen).</numerusform>
        </translation>
    </message>
    <message>
        <location line="+2"/>
        <source>How many:</source>
        <translation>Wie viele:</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Metric:</source>
        <translation>Metrik:</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Each run&apos;s:</source>
        <translation>Je Lauf:</translation>
    </message>
    <message>
        <location line="+35"/>
        <source>Higher is better for %1.</source>
        <translation>Für %1 ist höher besser.</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Lower is better for %1.</source>
        <translation>Für %1 ist niedriger besser.</translation>
    </message>
</context>
<context>
    <name>gatefold::widgets::BranchSimilarityView</name>
    <message>
        <location filename="../widgets/branchsimilarityview.cpp" line="+93"/>
        <source>Features</source>
        <translation>Merkmale</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Mean cosine similarity of the branches&apos; attention and FFN outputs</source>
        <translation>Mittlere Kosinus-Ähnlichkeit der Attention- und FFN-Ausgaben der Zweige</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Weights</source>
        <translation>Gewichte</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Cosine similarity of the branches&apos; weights: Q·Kᵀ and V·O per head, fc1, fc2</source>
        <translation>Kosinus-Ähnlichkeit der Gewichte der Zweige: Q·Kᵀ und V·O pro Head, fc1, fc2</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Colour scale from −1 to 1, white at 0</source>
        <translation>Farbskala von −1 bis 1, weiß bei 0</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Colour scale from 0 to 1 (lower values in its darkest colour)</source>
        <translation>Farbskala von 0 bis 1 (kleinere Werte in ihrer dunkelsten Farbe)</translation>
    </message>
    <message>
        <location line="+30"/>
        <source>cosine similarity</source>
        <translation>Kosinus-Ähnlichkeit</translation>
    </message>
    <message>
        <location line="+72"/>
        <source>attention</source>
        <translation>Attention</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>FFN</source>
        <translation>FFN</translation>
    </message>
    <message>
        <location line="+17"/>
        <source>Not available: the report holds no branch feature similarity.</source>
        <translation>Nicht verfügbar: Der Bericht enthält keine Merkmalsähnlichkeit der Zweige.</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Not available: the report holds no branch weight similarity.</source>
        <translation>Nicht verfügbar: Der Bericht enthält keine Gewichtsähnlichkeit der Zweige.</translation>
    </message>
    <message>
        <location line="+33"/>
        <source>block %1 · %2</source>
        <translation>Block %1 · %2</translation>
    </message>
    <message>
        <location line="+7"/>
        <location line="+1"/>
        <source>branch</source>
        <translation>Zweig</translation>
    </message>
    <message>
        <location line="+99"/>
        <source>block %1, %2, branch %3 vs %4: %5</source>
        <translation>Block %1, %2, Zweig %3 gegen %4: %5</translation>
    </message>
    <message>
        <location line="+12"/>
        <source>Point at a cell to read its value.</source>
        <translation>Zeigen Sie auf eine Zelle, um ihren Wert abzulesen.</translation>
    </message>
</context>
<context>
    <name>gatefold::widgets::CkaView</name>
    <message>
        <location filename="../widgets/ckaview.cpp" line="+49"/>
        <source>linear CKA</source>
        <translation>CKA (linear)</translation>
    </message>
    <message>
        <location line="+32"/>
        <source>run %1 (%2)</source>
        <translation>Lauf %1 (%2)</translation>
    </message>
    <message>
        <location line="+17"/>
        <source>Not available: the report holds no CKA matrix.</source>
        <translation>Nicht verfügbar: Der Bericht enthält keine CKA-Matrix.</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>Linear CKA: %1 vs %2</source>
        <translation>CKA (linear): %1 gegen %2</translation>
    </message>
    <message>
        <location line="+1"/>
        <location line="+1"/>
        <source>layer of %1</source>
        <translation>Schicht von %1</translation>
    </message>
    <message>
        <location line="+42"/>
        <source>%1: %2</source>
        <translation>%1: %2</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Diagonal (layer i of both): %1</source>
        <translation>Diagonale (jeweils Schicht i): %1</translation>
    </message>
    <message>
        <location line="+18"/>
        <source>layer %1 of %2 vs layer %3 of %4: %5</source>
        <translation>Schicht %1 von %2 gegen Schicht %3 von %4: %5</translation>
    </message>
    <message>
        <location line="+10"/>
        <source>Point at a cell to read its value.</source>
        <translation>Zeigen Sie auf eine Zelle, um ihren Wert abzulesen.</translation>
    </message>
</context>
<context>
    <name>gatefold::widgets::CodebookView</name>
    <message>
        <location filename="../widgets/codebookview.cpp" line="+43"/>
        <source>sorted by usage</source>
        <translation>nach Nutzung sortiert</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>by code index</source>
        <translation>nach Code-Index</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Layer:</source>
        <translation>Schicht:</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Histogram:</source>
        <translation>Histogramm:</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Image:</source>
        <translation>Bild:</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Training:</source>
        <translation>Training:</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>The usage at each evaluation during training (on the validation split); the right end is the checkpoint on the inspected images</source>
        <translation>Die Nutzung bei jeder Evaluierung während des Trainings (auf dem Validierungssplit); das rechte Ende ist der Checkpoint auf den untersuchten Bildern</translation>
    </message>
    <message>
        <location line="+6"/>
        <location line="+203"/>
        <source>code</source>
        <translation>Code</translation>
    </message>
    <message>
        <location line="-202"/>
        <source>usage p̄</source>
        <translation>Nutzung p̄</translation>
    </message>
    <message>
        <location line="+11"/>
        <source>Click a patch to pick its code</source>
        <translation>Klicken Sie auf einen Patch, um seinen Code auszuwählen</translation>
    </message>
    <message>
        <location line="+56"/>
        <source>block %1</source>
        <translation>Block %1</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>%1 (%2)</source>
        <translation>%1 (%2)</translation>
    </message>
    <message>
        <location line="+62"/>
        <source>Choose a CDE run and press Compute.</source>
        <translation>Wählen Sie einen CDE-Lauf und klicken Sie auf Berechnen.</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Codebook not available: %1</source>
        <translation>Codebuch nicht verfügbar: %1</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>the model has no CDE gates</source>
        <translation>das Modell hat keine CDE-Gates</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>checkpoint (step %1), inspected images</source>
        <translation>Checkpoint (Schritt %1), untersuchte Bilder</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>evaluation at step %1 (epoch %2)</source>
        <translation>Evaluierung bei Schritt %1 (Epoche %2)</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Block %1 has no usage recorded at this evaluation.</source>
        <translation>Für Block %1 ist bei dieser Evaluierung keine Nutzung aufgezeichnet.</translation>
    </message>
    <message>
        <location line="+12"/>
        <source>Block %1 · K = %2 · perplexity %3 (of %2) · dead codes %4</source>
        <translation>Block %1 · K = %2 · Perplexität %3 (von %2) · tote Codes %4</translation>
    </message>
    <message>
        <location line="+6"/>
        <source> · mean α entropy %1 nats · mean gate norm %2</source>
        <translation> · mittlere α-Entropie %1 nats · mittlere Gate-Norm %2</translation>
    </message>
    <message>
        <location line="+34"/>
        <source>codes, most used first</source>
        <translation>Codes, die meistgenutzten zuerst</translation>
    </message>
    <message>
        <location line="+18"/>
        <source>uniform 1/K</source>
        <translation>gleichverteilt 1/K</translation>
    </message>
    <message>
        <location line="+75"/>
        <source>Click a patch or a bar to see which images use a code.</source>
        <translation>Klicken Sie auf einen Patch oder einen Balken, um zu sehen, welche Bilder einen Code verwenden.</translation>
    </message>
    <message numerus="yes">
        <location line="+6"/>
        <source>Code %1: usage %2 %, used by %n image(s) here; most patches first:</source>
        <translation>
            <numerusform>Code %1: Nutzung %2 %, hier von %n Bild verwendet; die mit den meisten Patches zuerst:</numerusform>
            <numerusform>Code %1: Nutzung %2 %, hier von %n Bildern verwendet; die mit den meisten Patches zuerst:</numerusform>
        </translation>
    </message>
    <message>
        <location line="+22"/>
        <source>%1
%2 of %3 patches</source>
        <translation>%1
%2 von %3 Patches</translation>
    </message>
    <message>
        <location line="+43"/>
        <source>nothing to export: no codebook was computed</source>
        <translation>nichts zu exportieren: Es wurde kein Codebuch berechnet</translation>
    </message>
</context>
<context>
    <name>gatefold::widgets::CompareSeedGroups</name>
    <message>
        <location filename="../widgets/compareseedgroups.cpp" line="+40"/>
        <source>Over seeds:</source>
        <translation>Über die Seeds:</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>val top-1 (best)</source>
        <translation>Val-Top-1 (bester Wert)</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>val top-1 (last)</source>
        <translation>Val-Top-1 (zuletzt)</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>val loss (last)</source>
        <translation>Val-Loss (zuletzt)</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>train loss (last)</source>
        <translation>Trainings-Loss (zuletzt)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>images/s (last)</source>
        <translation>Bilder/s (zuletzt)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>The value the groups&apos; means, intervals and tests are over</source>
        <translation>Der Wert, auf dem Mittelwerte, Intervalle und Tests der Gruppen beruhen</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>These runs form experiments repeated over seeds: per group the mean and its 95 % interval, and against the baseline group the difference and the t-test (paired by seed when both hold the same seeds, else Welch) at α = 0.05</source>
        <translation>Diese Läufe bilden über Seeds wiederholte Experimente: je Gruppe der Mittelwert und sein 95-%-Intervall, und gegenüber der Basisgruppe die Differenz und der t-Test (nach Seed gepaart, wenn beide dieselben Seeds enthalten, sonst Welch) bei α = 0.05</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>The group every other group is tested against</source>
        <translation>Die Gruppe, gegen die jede andere Gruppe getestet wird</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>Baseline:</source>
        <translation>Basislinie:</translation>
    </message>
    <message>
        <location line="+59"/>
        <source>Δ vs baseline (95 % CI)</source>
        <translation>Δ vs. Basislinie (95-%-KI)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>vs baseline</source>
        <translation>vs. Basislinie</translation>
    </message>
    <message>
        <location line="-1"/>
        <source>Group</source>
        <translation>Gruppe</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Runs</source>
        <translation>Läufe</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Mean ± std</source>
        <translation>Mittelwert ± Std.-Abw.</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>95 % CI</source>
        <translation>95-%-KI</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>p</source>
        <translation>p</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Test</source>
        <translation>Test</translation>
    </message>
    <message>
        <location line="-9"/>
        <source>all</source>
        <translation>alle</translation>
    </message>
</context>
<context>
    <name>gatefold::widgets::CompareView</name>
    <message>
        <location filename="../widgets/compareview.cpp" line="+50"/>
        <source>The highest of these runs</source>
        <translation>Der höchste Wert dieser Läufe</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>The lowest of these runs</source>
        <translation>Der niedrigste Wert dieser Läufe</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>Only differences</source>
        <translation>Nur Unterschiede</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Runs as columns</source>
        <translation>Läufe als Spalten</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Only the settings that tell these runs apart, most telling first (settings that do not apply to a run, and threads or logging, are no difference)</source>
        <translation>Nur die Einstellungen, in denen sich diese Läufe unterscheiden, die aussagekräftigsten zuerst (Einstellungen, die für einen Lauf nicht gelten, sowie Threads oder Protokollierung zählen nicht als Unterschied)</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>A column per run instead of a row per run</source>
        <translation>Eine Spalte pro Lauf statt einer Zeile pro Lauf</translation>
    </message>
    <message>
        <location line="+15"/>
        <source>Select runs in the browser to compare them: Ctrl+click or Shift+click for several, or Select best k… for a sweep&apos;s best.</source>
        <translation>Wählen Sie Läufe in der Liste, um sie zu vergleichen: Strg+Klick oder Umschalt+Klick für mehrere, oder „Beste k auswählen…“ für die besten eines Sweeps.</translation>
    </message>
    <message>
        <location line="+59"/>
        <source>val top-1 (last)</source>
        <translation>Val-Top-1 (zuletzt)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>val top-1 (best)</source>
        <translation>Val-Top-1 (bester Wert)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>val loss (last)</source>
        <translation>Val-Loss (zuletzt)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>train loss (last)</source>
        <translation>Trainings-Loss (zuletzt)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>images/s (last)</source>
        <translation>Bilder/s (zuletzt)</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>%1: higher is better</source>
        <translation>%1: höher ist besser</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>%1: lower is better</source>
        <translation>%1: niedriger ist besser</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>This run has not measured %1</source>
        <translation>Dieser Lauf hat %1 nicht gemessen</translation>
    </message>
    <message>
        <location line="+15"/>
        <source>step (last)</source>
        <translation>Schritt (zuletzt)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>processes</source>
        <translation>Prozesse</translation>
    </message>
    <message>
        <location line="+34"/>
        <source>Tells these runs apart</source>
        <translation>Unterscheidet diese Läufe</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>%1 does not apply to this run</source>
        <translation>%1 gilt für diesen Lauf nicht</translation>
    </message>
</context>
<context>
    <name>gatefold::widgets::ConfigCheck</name>
    <message>
        <location filename="../widgets/configcheck.cpp" line="+117"/>
        <source>the engine refuses this config without saying why</source>
        <translation>die Engine lehnt diese Konfiguration ab, ohne einen Grund zu nennen</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>it crashed</source>
        <translation>sie ist abgestürzt</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>it exited with status %1</source>
        <translation>sie endete mit Status %1</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>the engine %1 could not check this config (%2); check that gatefold-cli is installed beside Gatefold and is as new as it</source>
        <translation>die Engine %1 konnte diese Konfiguration nicht prüfen (%2); prüfen Sie, ob gatefold-cli neben Gatefold installiert und genauso neu ist</translation>
    </message>
</context>
<context>
    <name>gatefold::widgets::ConfigForm</name>
    <message>
        <location filename="../widgets/configform.cpp" line="+43"/>
        <source>From the closed-form cost of the model settings (as gatefold-cli cost prints it); FLOPs = 2 x multiply-accumulates</source>
        <translation>Aus den geschlossen berechneten Kosten der Modelleinstellungen (wie gatefold-cli cost sie ausgibt); FLOPs = 2 x Multiply-Accumulates</translation>
    </message>
    <message>
        <location line="+95"/>
        <source>Choose %1</source>
        <translation>%1 wählen</translation>
    </message>
    <message>
        <location line="+176"/>
        <source>%1 (%2 section): %3</source>
        <translation>%1 (Abschnitt %2): %3</translation>
    </message>
    <message numerus="yes">
        <location line="+10"/>
        <source>%n problem(s) in the run config.</source>
        <translation>
            <numerusform>%n Problem in der Laufkonfiguration.</numerusform>
            <numerusform>%n Probleme in der Laufkonfiguration.</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>gatefold::widgets::CurvePanel</name>
    <message>
        <location filename="../widgets/curvepanel.cpp" line="+38"/>
        <source>The metric this panel draws (choose one or type its key)</source>
        <translation>Die Metrik, die dieses Diagramm zeichnet (eine auswählen oder ihren Schlüssel eingeben)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Fit</source>
        <translation>Einpassen</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Fit the axes to every curve again (or double-click the plot)</source>
        <translation>Die Achsen wieder an alle Kurven anpassen (oder doppelt auf das Diagramm klicken)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Export…</source>
        <translation>Exportieren…</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Save this panel as PNG, SVG or PDF, or its drawn numbers as CSV</source>
        <translation>Dieses Diagramm als PNG, SVG oder PDF speichern oder seine gezeichneten Werte als CSV</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Remove</source>
        <translation>Entfernen</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Remove this panel</source>
        <translation>Dieses Diagramm entfernen</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Metric:</source>
        <translation>Metrik:</translation>
    </message>
    <message>
        <location line="+34"/>
        <location line="+7"/>
        <source>Export curves</source>
        <translation>Kurven exportieren</translation>
    </message>
    <message>
        <location line="-6"/>
        <source>Images (*.png *.svg *.pdf);;Drawn numbers (*.csv)</source>
        <translation>Bilder (*.png *.svg *.pdf);;Gezeichnete Werte (*.csv)</translation>
    </message>
</context>
<context>
    <name>gatefold::widgets::CurvePlot</name>
    <message>
        <location filename="../widgets/curveplot.cpp" line="+44"/>
        <source>step</source>
        <translation>Schritt</translation>
    </message>
    <message>
        <location filename="../widgets/curveplotexport.cpp" line="+35"/>
        <source>cannot write %1: %2</source>
        <translation>%1 kann nicht geschrieben werden: %2</translation>
    </message>
    <message>
        <location line="+23"/>
        <source>unknown format &apos;%1&apos;; use .png, .svg, .pdf or .csv</source>
        <translation>unbekanntes Format „%1“; verwenden Sie .png, .svg, .pdf oder .csv</translation>
    </message>
    <message>
        <location filename="../widgets/curveplotreadout.cpp" line="+62"/>
        <source>no point at or before this x</source>
        <translation>kein Punkt bei oder vor diesem x</translation>
    </message>
    <message>
        <location filename="../widgets/curveplotlegend.cpp" line="+27"/>
        <source>Select runs in the browser to see their curves (Ctrl+click for several).</source>
        <translation>Wählen Sie Läufe in der Liste, um ihre Kurven zu sehen (Strg+Klick für mehrere).</translation>
    </message>
    <message>
        <location line="+14"/>
        <source>no data for this run: %1</source>
        <translation>keine Daten für diesen Lauf: %1</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>no data for these runs: %1</source>
        <translation>keine Daten für diese Läufe: %1</translation>
    </message>
    <message>
        <location filename="../widgets/curveplotexport.cpp" line="+4"/>
        <source>cannot write %1</source>
        <translation>%1 kann nicht geschrieben werden</translation>
    </message>
</context>
<context>
    <name>gatefold::widgets::CurvesWorkspace</name>
    <message>
        <location filename="../widgets/curvesworkspace.cpp" line="+55"/>
        <source>Add panel</source>
        <translation>Diagramm hinzufügen</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Another plot beside these, of another metric</source>
        <translation>Ein weiteres Diagramm neben diesen, für eine andere Metrik</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>step</source>
        <translation>Schritt</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>epoch</source>
        <translation>Epoche</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>wall time (min)</source>
        <translation>Laufzeit (min)</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>EMA</source>
        <translation>EMA</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>moving average</source>
        <translation>gleitender Mittelwert</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Debiased exponential moving average, or the mean of the last points (slider: window)</source>
        <translation>Bias-korrigierter exponentieller gleitender Mittelwert oder der Mittelwert der letzten Punkte (Schieberegler: Fenster)</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Smoothing: weight of the debiased exponential moving average (training series only; evaluations are drawn as measured)</source>
        <translation>Glättung: Gewicht des bias-korrigierten exponentiellen gleitenden Mittelwerts (nur Trainingsreihen; Auswertungen werden wie gemessen gezeichnet)</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Log scale</source>
        <translation>Log-Skala</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Draw runs that share the chosen settings as one band around their mean</source>
        <translation>Läufe mit denselben gewählten Einstellungen als ein Band um ihren Mittelwert zeichnen</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>± std</source>
        <translation>± Std.-Abw.</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>95 % CI of mean</source>
        <translation>95-%-KI des Mittelwerts</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>What a group&apos;s band spans: ± the sample standard deviation of its runs, or the 95 % confidence interval of their mean (Student t: t(0.975, n−1)·s/√n; very wide for 2 runs)</source>
        <translation>Was das Band einer Gruppe umfasst: ± die Stichproben-Standardabweichung ihrer Läufe oder das 95-%-Konfidenzintervall ihres Mittelwerts (Student-t: t(0.975, n−1)·s/√n; sehr breit bei 2 Läufen)</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>against</source>
        <translation>über</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Smoothing:</source>
        <translation>Glättung:</translation>
    </message>
    <message>
        <location line="+246"/>
        <source>all runs</source>
        <translation>alle Läufe</translation>
    </message>
    <message>
        <location line="+4"/>
        <source> — mean ± std, n=%1</source>
        <translation> — Mittelwert ± Std.-Abw., n=%1</translation>
    </message>
    <message>
        <location line="+2"/>
        <source> — mean, 95 % CI, n=%1 (very wide: only %1 runs)</source>
        <translation> — Mittelwert, 95-%-KI, n=%1 (sehr breit: nur %1 Läufe)</translation>
    </message>
    <message>
        <location line="+2"/>
        <source> — mean, 95 % CI, n=%1</source>
        <translation> — Mittelwert, 95-%-KI, n=%1</translation>
    </message>
    <message>
        <location line="+46"/>
        <source>None</source>
        <translation>Keine</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>All but seed</source>
        <translation>Alle außer Seed</translation>
    </message>
    <message>
        <location line="+12"/>
        <source>By settings</source>
        <translation>Nach Einstellungen</translation>
    </message>
    <message>
        <location line="+17"/>
        <source>Group by: none</source>
        <translation>Gruppierung: keine</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Group by: all but seed</source>
        <translation>Gruppierung: alle außer Seed</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Group by: %1</source>
        <translation>Gruppierung: %1</translation>
    </message>
</context>
<context>
    <name>gatefold::widgets::EarlyStopBox</name>
    <message>
        <location filename="../widgets/earlystopbox.cpp" line="+18"/>
        <source>Early stopping (ASHA)</source>
        <translation>Vorzeitiges Beenden (ASHA)</translation>
    </message>
    <message>
        <location line="+10"/>
        <source>Asynchronous successive halving: at each rung a run goes on only if it ranks in the top 1/η of the runs that reached that rung; the others stop there at their checkpoint (status stopped, resumable). The sweep is then run by a gatefold-cli sweep controller.</source>
        <translation>Asynchrones Successive Halving: An jeder Stufe macht ein Lauf nur weiter, wenn er zu den besten 1/η der Läufe gehört, die diese Stufe erreicht haben; die anderen halten dort an ihrem Checkpoint an (Status angehalten, fortsetzbar). Der Sweep wird dann von einem Sweep-Controller von gatefold-cli ausgeführt.</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>max (higher is better)</source>
        <translation>max (höher ist besser)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>min (lower is better)</source>
        <translation>min (niedriger ist besser)</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>epochs, e.g. 1, 3, 9</source>
        <translation>Epochen, z. B. 1, 3, 9</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>η: the top 1/η of the runs at a rung go on</source>
        <translation>η: Die besten 1/η der Läufe an einer Stufe machen weiter</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>Metric:</source>
        <translation>Metrik:</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Mode:</source>
        <translation>Modus:</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Rungs (epochs):</source>
        <translation>Stufen (Epochen):</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>η:</source>
        <translation>η:</translation>
    </message>
    <message>
        <location line="+22"/>
        <source>The epochs at which runs are compared; at most train.epochs (%1)</source>
        <translation>Die Epochen, an denen die Läufe verglichen werden; höchstens train.epochs (%1)</translation>
    </message>
    <message>
        <location line="+11"/>
        <source>Early stopping: name the metric that ranks the runs (e.g. val/top1)</source>
        <translation>Vorzeitiges Beenden: Geben Sie die Metrik an, nach der die Rangfolge der Läufe bestimmt wird (z. B. val/top1)</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Early stopping: %1</source>
        <translation>Vorzeitiges Beenden: %1</translation>
    </message>
</context>
<context>
    <name>gatefold::widgets::EmbeddingFiltersView</name>
    <message>
        <location filename="../widgets/embeddingfiltersview.cpp" line="+95"/>
        <source>Not available: the report holds no patch-embedding filters.</source>
        <translation>Nicht verfügbar: Der Bericht enthält keine Patch-Embedding-Filter.</translation>
    </message>
    <message numerus="yes">
        <location line="+5"/>
        <source>Patch-embedding filters: run %1 (%2), the first %n principal component(s)</source>
        <translation>
            <numerusform>Patch-Embedding-Filter: Lauf %1 (%2), die erste Hauptkomponente</numerusform>
            <numerusform>Patch-Embedding-Filter: Lauf %1 (%2), die ersten %n Hauptkomponenten</numerusform>
        </translation>
    </message>
    <message>
        <location line="+14"/>
        <source>Component %1: explained variance %2 (%3 % of the total)</source>
        <translation>Komponente %1: erklärte Varianz %2 (%3 % der Gesamtvarianz)</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>PC %1: %2 %</source>
        <translation>HK %1: %2 %</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>red, green and blue are the three input channels</source>
        <translation>Rot, Grün und Blau sind die drei Eingangskanäle</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>grey: the one input channel</source>
        <translation>Grau: der eine Eingangskanal</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>each of the %1 input channels a grey square, left to right</source>
        <translation>jeder der %1 Eingangskanäle ein graues Quadrat, von links nach rechts</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Each tile is a principal component of the %1 filters of the patch embedding (one per output channel, %2 × %2 × %3 values each), after subtracting the mean filter; %4. Each tile is scaled from its own lowest value (black) to its highest (white). The percentage is the share of the filters&apos; variance the component explains (ViT paper, Fig. 7 left).</source>
        <translation>Jede Kachel ist eine Hauptkomponente der %1 Filter der Patch-Einbettung (einer je Ausgangskanal, je %2 × %2 × %3 Werte), nach Abzug des mittleren Filters; %4. Jede Kachel ist von ihrem kleinsten Wert (schwarz) bis zu ihrem größten (weiß) skaliert. Der Prozentsatz ist der Anteil der Filtervarianz, den die Komponente erklärt (ViT-Paper, Abb. 7 links).</translation>
    </message>
</context>
<context>
    <name>gatefold::widgets::EngineCostTimer</name>
    <message>
        <location filename="../widgets/enginecosttimer.cpp" line="+96"/>
        <source>the model&apos;s config could not be handed to the engine (%1: %2)</source>
        <translation>die Konfiguration des Modells konnte der Engine nicht übergeben werden (%1: %2)</translation>
    </message>
    <message>
        <location line="+16"/>
        <source>the engine stopped before it timed this model (killed, or it crashed)</source>
        <translation>die Engine hat aufgehört, bevor sie dieses Modell gemessen hat (beendet, oder sie ist abgestürzt)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>the engine gave no number for it (exit status %1%2)</source>
        <translation>die Engine hat dafür keine Zahl geliefert (Exit-Status %1%2)</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>the engine %1 could not be started (%2); the window times models with gatefold-cli: install it beside gatefold, or name it with $GATEFOLD_CLI</source>
        <translation>die Engine %1 konnte nicht gestartet werden (%2); das Fenster misst Modelle mit gatefold-cli: Installieren Sie es neben gatefold oder nennen Sie es mit $GATEFOLD_CLI</translation>
    </message>
    <message>
        <location line="+39"/>
        <source>the engine did not time it</source>
        <translation>die Engine hat es nicht gemessen</translation>
    </message>
</context>
<context>
    <name>gatefold::widgets::ExportDialog</name>
    <message>
        <location filename="../widgets/exportdialog.cpp" line="+36"/>
        <source>Export model — run %1 %2</source>
        <translation>Modell exportieren — Lauf %1 %2</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>best, last, or epoch:N for a checkpoint the run keeps</source>
        <translation>best, last oder epoch:N für einen Checkpoint, den der Lauf aufbewahrt</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Checkpoint:</source>
        <translation>Checkpoint:</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>TorchScript</source>
        <translation>TorchScript</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>ONNX (opset 13)</source>
        <translation>ONNX (Opset 13)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>safetensors + config</source>
        <translation>safetensors + Konfiguration</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>Formats:</source>
        <translation>Formate:</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>As the run&apos;s join variant gives</source>
        <translation>Wie es die Join-Variante des Laufs ergibt</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Plain (timm-shaped; projections variant)</source>
        <translation>Schlicht (timm-förmig; Variante projections)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Wide</source>
        <translation>Breit</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>None (export as trained; single-branch runs)</source>
        <translation>Keine (wie trainiert exportieren; Läufe mit einem Zweig)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Fold:</source>
        <translation>Faltung:</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Absorb LayerNorm affines into the following linear maps</source>
        <translation>LayerNorm-Affinparameter in die folgenden linearen Abbildungen übernehmen</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Fold even if the branches are not fully joined (λ &lt; 1)</source>
        <translation>Auch falten, wenn die Zweige nicht vollständig vereint sind (λ &lt; 1)</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Validation images the exported files are checked on</source>
        <translation>Validierungsbilder, auf denen die exportierten Dateien geprüft werden</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Verify on images:</source>
        <translation>Prüfen auf Bildern:</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>default: the run&apos;s folder, export/&lt;checkpoint&gt;</source>
        <translation>Standard: der Ordner des Laufs, export/&lt;checkpoint&gt;</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Browse…</source>
        <translation>Durchsuchen…</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Output folder</source>
        <translation>Ausgabeordner</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>Output folder:</source>
        <translation>Ausgabeordner:</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>The verification numbers and the files written appear here.</source>
        <translation>Die Prüfergebnisse und die geschriebenen Dateien erscheinen hier.</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Export</source>
        <translation>Exportieren</translation>
    </message>
    <message>
        <location line="+82"/>
        <source>Choose at least one format.</source>
        <translation>Wählen Sie mindestens ein Format.</translation>
    </message>
    <message>
        <location line="+10"/>
        <source>Starting gatefold-cli export…</source>
        <translation>gatefold-cli export wird gestartet…</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>Could not start %1: %2</source>
        <translation>%1 konnte nicht gestartet werden: %2</translation>
    </message>
    <message>
        <location line="+35"/>
        <source>gatefold-cli export crashed.</source>
        <translation>gatefold-cli export ist abgestürzt.</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>gatefold-cli export failed with exit status %1.</source>
        <translation>gatefold-cli export ist mit Exit-Status %1 fehlgeschlagen.</translation>
    </message>
    <message>
        <location line="+13"/>
        <source>Run %1, %2 checkpoint (step %3): %4 fold, verified on %5 validation images.</source>
        <translation>Lauf %1, Checkpoint %2 (Schritt %3): Faltung %4, geprüft auf %5 Validierungsbildern.</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>Against the trained model</source>
        <translation>Gegenüber dem trainierten Modell</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>max |Δlogit|</source>
        <translation>max. |ΔLogit|</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>relative</source>
        <translation>relativ</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>top-1 agreement</source>
        <translation>Top-1-Übereinstimmung</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>folded model</source>
        <translation>gefaltetes Modell</translation>
    </message>
    <message>
        <location line="+11"/>
        <source>Files written (each recorded as an artifact of the run):</source>
        <translation>Geschriebene Dateien (jede als Artefakt des Laufs festgehalten):</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>timm-shaped: the safetensors weights load into timm&apos;s VisionTransformer built from config.json.</source>
        <translation>timm-förmig: Die safetensors-Gewichte lassen sich in timms VisionTransformer laden, der aus config.json gebaut wird.</translation>
    </message>
</context>
<context>
    <name>gatefold::widgets::GroupView</name>
    <message>
        <location filename="../widgets/groupview.cpp" line="+76"/>
        <source>All but seed</source>
        <translation>Alle außer Seed</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Copy CSV</source>
        <translation>CSV kopieren</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>One row per experiment: runs that differ only in the seed (and in threads or logging) share a row</source>
        <translation>Eine Zeile pro Experiment: Läufe, die sich nur im Seed (und in Threads oder Protokollierung) unterscheiden, teilen sich eine Zeile</translation>
    </message>
    <message>
        <location line="+5"/>
        <location line="+270"/>
        <source>best</source>
        <translation>bester Wert</translation>
    </message>
    <message>
        <location line="-270"/>
        <location line="+270"/>
        <source>last</source>
        <translation>letzter Wert</translation>
    </message>
    <message>
        <location line="-269"/>
        <source>The value of each run the 95 % interval and the test are over: its best or its last</source>
        <translation>Der Wert jedes Laufs, auf dem 95-%-Intervall und Test beruhen: sein bester oder sein letzter</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>The group every other is tested against (also: right-click a row, Use as baseline)</source>
        <translation>Die Gruppe, gegen die jede andere getestet wird (auch: Rechtsklick auf eine Zeile, Als Basislinie verwenden)</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>Significance level: a difference is called better or worse when its two-sided p is below α</source>
        <translation>Signifikanzniveau: Eine Differenz gilt als besser oder schlechter, wenn ihr zweiseitiges p unter α liegt</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>The groups with their means, intervals, differences and p-values as CSV, to the clipboard</source>
        <translation>Die Gruppen mit ihren Mittelwerten, Intervallen, Differenzen und p-Werten als CSV in die Zwischenablage</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>The settings that tell the store&apos;s runs apart, most telling first: check those to group by</source>
        <translation>Die Einstellungen, in denen sich die Läufe des Laufspeichers unterscheiden, die aussagekräftigsten zuerst: Haken Sie die an, nach denen gruppiert werden soll</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>Group by:</source>
        <translation>Gruppieren nach:</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Metric:</source>
        <translation>Metrik:</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Test on:</source>
        <translation>Testen auf:</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Baseline:</source>
        <translation>Basislinie:</translation>
    </message>
    <message>
        <location line="+169"/>
        <source>Use as baseline</source>
        <translation>Als Basislinie verwenden</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>No baseline</source>
        <translation>Keine Basislinie</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>(none)</source>
        <translation>(keine)</translation>
    </message>
    <message>
        <location line="+62"/>
        <source>Group</source>
        <translation>Gruppe</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Runs</source>
        <translation>Läufe</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Best %1%2</source>
        <translation>Bester Wert %1%2</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Last %1%2</source>
        <translation>Letzter Wert %1%2</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>95 % CI (%1)</source>
        <translation>95-%-KI (%1)</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Δ vs baseline (95 % CI)</source>
        <translation>Δ vs. Basislinie (95-%-KI)</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>p</source>
        <translation>p</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Test</source>
        <translation>Test</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Also differ in</source>
        <translation>Unterscheiden sich auch in</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>vs baseline</source>
        <translation>vs. Basislinie</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>The runs of the group that have measured %1: the mean ± std beside it is over these</source>
        <translation>Die Läufe der Gruppe, die %1 gemessen haben: Mittelwert ± Standardabweichung daneben beziehen sich auf sie</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>The 95 % confidence interval of the mean of the runs&apos; %1 values (Student t, n − 1 degrees of freedom)</source>
        <translation>Das 95-%-Konfidenzintervall des Mittelwerts über die Läufe (je Lauf: %1; Student-t, n − 1 Freiheitsgrade)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>This group&apos;s mean minus the baseline&apos;s, and the difference&apos;s 95 % confidence interval</source>
        <translation>Der Mittelwert dieser Gruppe minus dem der Basislinie und das 95-%-Konfidenzintervall der Differenz</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Two-sided p of the t-test against the baseline</source>
        <translation>Zweiseitiges p des t-Tests gegen die Basislinie</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Paired by seed when both groups hold the same seeds, Welch&apos;s unequal-variance test otherwise</source>
        <translation>Nach Seed gepaart, wenn beide Gruppen dieselben Seeds enthalten, sonst Welch-Test für ungleiche Varianzen</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Better or worse than the baseline when p &lt; α (%1 is best %2); not significant otherwise</source>
        <translation>Besser oder schlechter als die Basislinie, wenn p &lt; α (%1: %2 ist besser); sonst nicht signifikant</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>high</source>
        <translation>hoch</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>low</source>
        <translation>niedrig</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Settings besides the grouping ones (and the seed) in which the group&apos;s runs differ: such a row is not one experiment over seeds</source>
        <translation>Einstellungen außer den Gruppierungseinstellungen (und dem Seed), in denen sich die Läufe der Gruppe unterscheiden: Eine solche Zeile ist kein einzelnes Experiment über mehrere Seeds</translation>
    </message>
    <message>
        <location line="+12"/>
        <source>all (seeds only)</source>
        <translation>alle (nur Seeds)</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>Runs %1</source>
        <translation>Läufe %1</translation>
    </message>
    <message>
        <location line="+40"/>
        <source>Not one experiment: these runs also differ in %1</source>
        <translation>Kein einzelnes Experiment: Diese Läufe unterscheiden sich auch in %1</translation>
    </message>
    <message>
        <location line="-109"/>
        <source>1 run without %1 not counted.</source>
        <translation>1 Lauf ohne %1 nicht mitgezählt.</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>%1 runs without %2 not counted.</source>
        <translation>%1 Läufe ohne %2 nicht mitgezählt.</translation>
    </message>
</context>
<context>
    <name>gatefold::widgets::InspectPanel</name>
    <message>
        <location filename="../widgets/inspectpanel.cpp" line="+45"/>
        <source>Compute</source>
        <translation>Berechnen</translation>
    </message>
    <message>
        <location line="+38"/>
        <source>best</source>
        <translation>bester</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>last</source>
        <translation>letzter</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Which checkpoint of the run: the best by validation top-1, the last, or an epoch&apos;s (kept when the run sets train.keep_every)</source>
        <translation>Welcher Checkpoint des Laufs: der beste nach Validierungs-Top-1, der letzte oder der einer Epoche (behalten, wenn der Lauf train.keep_every setzt)</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>How many images (the first of the split, always the same ones)</source>
        <translation>Wie viele Bilder (die ersten des Splits, immer dieselben)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>validation images</source>
        <translation>Validierungsbilder</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>training images</source>
        <translation>Trainingsbilder</translation>
    </message>
    <message>
        <location line="+1"/>
        <location line="+117"/>
        <source>image files…</source>
        <translation>Bilddateien…</translation>
    </message>
    <message>
        <location line="-116"/>
        <source>mean</source>
        <translation>Mittelwert</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>max</source>
        <translation>Maximum</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>min</source>
        <translation>Minimum</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Rollout: how the heads of a layer are fused</source>
        <translation>Rollout: wie die Heads einer Schicht fusioniert werden</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Rollout: fraction of the lowest fused attention dropped per row (the class token&apos;s column is kept)</source>
        <translation>Rollout: Anteil der niedrigsten fusionierten Attention-Werte, der pro Zeile verworfen wird (die Spalte des Klassen-Tokens bleibt erhalten)</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>CKA compares this run&apos;s blocks with another selected run&apos;s, or with themselves</source>
        <translation>CKA vergleicht die Blöcke dieses Laufs mit denen eines anderen ausgewählten Laufs oder mit sich selbst</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Compute every view for this checkpoint and these images</source>
        <translation>Alle Ansichten für diesen Checkpoint und diese Bilder berechnen</translation>
    </message>
    <message>
        <location line="-50"/>
        <source>Export picture…</source>
        <translation>Bild exportieren…</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Export CSV…</source>
        <translation>CSV exportieren…</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Write this page&apos;s numbers as CSV tables into a folder: the files and columns gatefold-cli analyze writes (README, &quot;Analysis reports&quot;)</source>
        <translation>Die Zahlen dieser Seite als CSV-Tabellen in einen Ordner schreiben: die Dateien und Spalten, die gatefold-cli analyze schreibt (README, „Analysis reports“)</translation>
    </message>
    <message>
        <location line="+57"/>
        <source>Checkpoint:</source>
        <translation>Checkpoint:</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Images:</source>
        <translation>Bilder:</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Rollout:</source>
        <translation>Rollout:</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>CKA with:</source>
        <translation>CKA mit:</translation>
    </message>
    <message>
        <location line="+10"/>
        <source>Attention</source>
        <translation>Attention</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Attention distance</source>
        <translation>Attention-Distanz</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Codebook</source>
        <translation>Codebuch</translation>
    </message>
    <message>
        <location line="+14"/>
        <source>Training:</source>
        <translation>Training:</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>Scrub through joining: the similarity at each evaluation during training (first validation batch); the right end is the checkpoint on the inspected images</source>
        <translation>Durch das Zusammenführen blättern: die Ähnlichkeit bei jeder Evaluierung während des Trainings (erster Validierungs-Batch); das rechte Ende ist der Checkpoint auf den untersuchten Bildern</translation>
    </message>
    <message>
        <location line="-19"/>
        <source>Branches</source>
        <translation>Zweige</translation>
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
        <translation>Einbettungsfilter</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Position similarity</source>
        <translation>Positionsähnlichkeit</translation>
    </message>
    <message>
        <location line="+40"/>
        <source>No run selected</source>
        <translation>Kein Lauf ausgewählt</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Run %1</source>
        <translation>Lauf %1</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>itself</source>
        <translation>sich selbst</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>run %1</source>
        <translation>Lauf %1</translation>
    </message>
    <message>
        <location line="+13"/>
        <source>epoch %1</source>
        <translation>Epoche %1</translation>
    </message>
    <message numerus="yes">
        <location line="+13"/>
        <source>%n file(s)</source>
        <translation>
            <numerusform>%n Datei</numerusform>
            <numerusform>%n Dateien</numerusform>
        </translation>
    </message>
    <message>
        <location line="+8"/>
        <source>Images to inspect</source>
        <translation>Zu untersuchende Bilder</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Images (*.png *.jpg *.jpeg *.webp *.bmp *.tif *.tiff)</source>
        <translation>Bilder (*.png *.jpg *.jpeg *.webp *.bmp *.tif *.tiff)</translation>
    </message>
    <message>
        <location line="+83"/>
        <source>Select a run in the table first.</source>
        <translation>Wählen Sie zuerst einen Lauf in der Tabelle aus.</translation>
    </message>
    <message>
        <location line="+10"/>
        <source>Choose image files first (Images → image files…).</source>
        <translation>Wählen Sie zuerst Bilddateien aus (Bilder → Bilddateien…).</translation>
    </message>
    <message>
        <location line="+15"/>
        <source>Computing run %1 (%2 checkpoint)…</source>
        <translation>Berechne Lauf %1 (Checkpoint: %2)…</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>%1 %2</source>
        <translation>%1 %2</translation>
    </message>
    <message>
        <location line="+43"/>
        <source>attention</source>
        <translation>Attention</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>rollout</source>
        <translation>Rollout</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>attention distance</source>
        <translation>Attention-Distanz</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>codebook</source>
        <translation>Codebuch</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>branch similarity</source>
        <translation>Zweigähnlichkeit</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>weight similarity</source>
        <translation>Gewichtsähnlichkeit</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>embedding filters</source>
        <translation>Einbettungsfilter</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>position similarity</source>
        <translation>Positionsähnlichkeit</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>%1: %2</source>
        <translation>%1: %2</translation>
    </message>
    <message numerus="yes">
        <location line="+4"/>
        <source>Run %1 &apos;%2&apos;, %3 checkpoint (epoch %4, step %5), %n image(s), on %6 in %7 s.</source>
        <translation>
            <numerusform>Lauf %1 „%2“, Checkpoint %3 (Epoche %4, Schritt %5), %n Bild, auf %6 in %7 s.</numerusform>
            <numerusform>Lauf %1 „%2“, Checkpoint %3 (Epoche %4, Schritt %5), %n Bilder, auf %6 in %7 s.</numerusform>
        </translation>
    </message>
    <message>
        <location line="+8"/>
        <source>Not shown: %1.</source>
        <translation>Nicht angezeigt: %1.</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>checkpoint (step %1), inspected images</source>
        <translation>Checkpoint (Schritt %1), untersuchte Bilder</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>evaluation at step %1 (epoch %2)</source>
        <translation>Evaluierung bei Schritt %1 (Epoche %2)</translation>
    </message>
    <message>
        <location line="+33"/>
        <source>Export picture</source>
        <translation>Bild exportieren</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>PNG image (*.png);;SVG drawing (*.svg);;PDF (*.pdf)</source>
        <translation>PNG-Bild (*.png);;SVG-Zeichnung (*.svg);;PDF (*.pdf)</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Wrote %1</source>
        <translation>%1 geschrieben</translation>
    </message>
    <message>
        <location line="+11"/>
        <source>Export the CSV tables into a folder</source>
        <translation>CSV-Tabellen in einen Ordner exportieren</translation>
    </message>
    <message>
        <location line="+10"/>
        <source>Replace the tables?</source>
        <translation>Tabellen ersetzen?</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>%1 already holds %2. Replace them?</source>
        <translation>%1 enthält bereits %2. Ersetzen?</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>Wrote %1 in %2</source>
        <translation>%1 in %2 geschrieben</translation>
    </message>
</context>
<context>
    <name>gatefold::widgets::InspectView</name>
    <message>
        <location filename="../widgets/inspectview.cpp" line="+65"/>
        <source>Cannot create the folder %1: choose another.</source>
        <translation>Der Ordner %1 kann nicht angelegt werden: Wählen Sie einen anderen.</translation>
    </message>
    <message>
        <location line="+30"/>
        <source>Nothing inspected yet.</source>
        <translation>Noch nichts untersucht.</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Not available: %1</source>
        <translation>Nicht verfügbar: %1</translation>
    </message>
</context>
<context>
    <name>gatefold::widgets::JoinPreview</name>
    <message>
        <location filename="../widgets/joinpreview.cpp" line="+34"/>
        <source>optimiser step</source>
        <translation>Optimiererschritt</translation>
    </message>
    <message>
        <location line="+36"/>
        <source>join.schedule none: λ stays 0, the branches are never joined.</source>
        <translation>join.schedule none: λ bleibt 0, die Zweige werden nie zusammengeführt.</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>λ rises from step %1 to step %2, then stays 1 for %3 steps of adjustment.</source>
        <translation>λ steigt von Schritt %1 bis Schritt %2 und bleibt dann %3 Anpassungsschritte lang bei 1.</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>The run has %1 steps (%2 per epoch).</source>
        <translation>Der Lauf hat %1 Schritte (%2 pro Epoche).</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>It ends before λ reaches 1: the model cannot be folded exactly.</source>
        <translation>Er endet, bevor λ 1 erreicht: Das Modell kann nicht exakt gefaltet werden.</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>It ends during the adjustment.</source>
        <translation>Er endet während der Anpassung.</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>The run&apos;s steps are known once the engine has read the data set.</source>
        <translation>Die Schritte des Laufs sind bekannt, sobald die Engine den Datensatz gelesen hat.</translation>
    </message>
    <message>
        <location line="+28"/>
        <source>warm-up</source>
        <translation>Aufwärmphase</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>adjust</source>
        <translation>Anpassung</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>done</source>
        <translation>fertig</translation>
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
        <translation>Metrik:</translation>
    </message>
    <message>
        <location filename="../widgets/mainwindow.cpp" line="+94"/>
        <source>Run</source>
        <translation>Lauf</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Engine messages</source>
        <translation>Engine-Meldungen</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>What the engines say (a line per event, each naming its run) appears here while runs train, and why a run failed.</source>
        <translation>Was die Engines melden (eine Zeile pro Ereignis, jeweils mit ihrem Lauf), erscheint hier, während Läufe trainieren – auch, warum ein Lauf fehlschlug.</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Compare</source>
        <translation>Vergleich</translation>
    </message>
    <message>
        <location line="+25"/>
        <source>Queue run</source>
        <translation>Lauf in Warteschlange stellen</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Run %1 created; submitting it to Slurm…</source>
        <translation>Lauf %1 angelegt; er wird an Slurm übergeben…</translation>
    </message>
    <message>
        <location line="+42"/>
        <source>%1: %2</source>
        <translation>%1: %2</translation>
    </message>
    <message>
        <location line="+71"/>
        <source>Run %1 &apos;%2&apos; is hidden by the filter.</source>
        <translation>Lauf %1 „%2“ ist durch den Filter ausgeblendet.</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Show it</source>
        <translation>Anzeigen</translation>
    </message>
    <message>
        <location line="+96"/>
        <source>%1 running, %2 queued — store %3</source>
        <translation>%1 laufend, %2 in Warteschlange — Laufspeicher %3</translation>
    </message>
    <message>
        <location line="-271"/>
        <location filename="../widgets/mainwindowactions.cpp" line="+41"/>
        <source>Runs</source>
        <translation>Läufe</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Groups</source>
        <translation>Gruppen</translation>
    </message>
    <message>
        <location line="-36"/>
        <source>Curves</source>
        <translation>Kurven</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Inspect</source>
        <translation>Untersuchen</translation>
    </message>
    <message>
        <location filename="../widgets/mainwindowactions.cpp" line="+2"/>
        <source>&amp;File</source>
        <translation>&amp;Datei</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>&amp;Run</source>
        <translation>&amp;Lauf</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>&amp;View</source>
        <translation>&amp;Ansicht</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>&amp;Help</source>
        <translation>&amp;Hilfe</translation>
    </message>
    <message>
        <location line="+13"/>
        <source>&amp;Open store…</source>
        <translation>&amp;Laufspeicher öffnen…</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>&amp;Export curves…</source>
        <translation>Kurven &amp;exportieren…</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Ctrl+E</source>
        <translation>Ctrl+E</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Export runs to &amp;MLflow…</source>
        <translation>Läufe nach &amp;MLflow exportieren…</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>&amp;Import from MLflow…</source>
        <translation>Aus MLflow &amp;importieren…</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>&amp;Settings…</source>
        <translation>E&amp;instellungen…</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>&amp;Quit</source>
        <translation>&amp;Beenden</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>&amp;Queue run</source>
        <translation>In &amp;Warteschlange stellen</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Ctrl+Return</source>
        <translation>Ctrl+Return</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>&amp;Cancel</source>
        <translation>&amp;Abbrechen</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Ctrl+.</source>
        <translation>Ctrl+.</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>&amp;Sweep…</source>
        <translation>&amp;Sweep…</translation>
    </message>
    <message>
        <location filename="../widgets/mainwindowsweeps.cpp" line="+36"/>
        <source>Submit to Slurm</source>
        <translation>An Slurm übergeben</translation>
    </message>
    <message>
        <location filename="../widgets/mainwindow.cpp" line="+2"/>
        <location filename="../widgets/mainwindowsweeps.cpp" line="+6"/>
        <location line="+11"/>
        <source>Sweep</source>
        <translation>Sweep</translation>
    </message>
    <message>
        <location filename="../widgets/mainwindowactions.cpp" line="+111"/>
        <source>Images (*.png *.svg *.pdf);;Drawn numbers (*.csv)</source>
        <translation>Bilder (*.png *.svg *.pdf);;Gezeichnete Werte (*.csv)</translation>
    </message>
    <message>
        <location line="-110"/>
        <source>Ctrl+Shift+Return</source>
        <translation>Ctrl+Shift+Return</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>&amp;Resume</source>
        <translation>&amp;Fortsetzen</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>Re-&amp;run</source>
        <translation>&amp;Erneut ausführen</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>&amp;Duplicate into form</source>
        <translation>In Formular &amp;duplizieren</translation>
    </message>
    <message>
        <location line="+47"/>
        <source>copy of run %1</source>
        <translation>Kopie von Lauf %1</translation>
    </message>
    <message>
        <location line="-46"/>
        <source>Ctrl+D</source>
        <translation>Ctrl+D</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>Show engine &amp;log</source>
        <translation>Engine-&amp;Log anzeigen</translation>
    </message>
    <message>
        <location line="+49"/>
        <source>— %1: %2</source>
        <translation>— %1: %2</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>no engine log (the run was not started from this window)</source>
        <translation>kein Engine-Log (der Lauf wurde nicht aus diesem Fenster gestartet)</translation>
    </message>
    <message>
        <location line="-51"/>
        <source>Ctrl+L</source>
        <translation>Ctrl+L</translation>
    </message>
    <message>
        <location line="-17"/>
        <source>C&amp;ontinue sweep</source>
        <translation>Sweep f&amp;ortsetzen</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Carry on the selected run&apos;s sweep with early stopping whose controller is gone (Gatefold quit, the machine restarted): gatefold-cli sweep --continue</source>
        <translation>Den Sweep des ausgewählten Laufs mit vorzeitigem Beenden fortsetzen, dessen Controller nicht mehr läuft (Gatefold beendet, Rechner neu gestartet): gatefold-cli sweep --continue</translation>
    </message>
    <message>
        <location line="+16"/>
        <source>&amp;Inspect</source>
        <translation>&amp;Untersuchen</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Select a run to inspect</source>
        <translation>Wählen Sie einen Lauf zum Untersuchen aus</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Ctrl+I</source>
        <translation>Ctrl+I</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Attention, codebook, branch similarity and CKA of the selected run&apos;s checkpoint</source>
        <translation>Attention, Codebook, Zweig-Ähnlichkeit und CKA eines Checkpoints des ausgewählten Laufs</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>&amp;Table…</source>
        <translation>&amp;Tabelle…</translation>
    </message>
    <message numerus="yes">
        <location filename="../widgets/mainwindowsweeps.cpp" line="-6"/>
        <source>Submitting the sweep &apos;%1&apos; (%n run(s)) to Slurm…</source>
        <translation>
            <numerusform>Der Sweep „%1“ (%n Lauf) wird an Slurm übergeben…</numerusform>
            <numerusform>Der Sweep „%1“ (%n Läufe) wird an Slurm übergeben…</numerusform>
        </translation>
    </message>
    <message>
        <location line="+4"/>
        <source>The sweep was not submitted to Slurm: %1</source>
        <translation>Der Sweep wurde nicht an Slurm übergeben: %1</translation>
    </message>
    <message>
        <location line="+18"/>
        <source>The sweep was not started: %1</source>
        <translation>Der Sweep wurde nicht gestartet: %1</translation>
    </message>
    <message numerus="yes">
        <location line="+3"/>
        <source>Starting the sweep &apos;%1&apos; (%n run(s)) with early stopping…</source>
        <translation>
            <numerusform>Der Sweep „%1“ (%n Lauf) wird mit vorzeitigem Beenden gestartet…</numerusform>
            <numerusform>Der Sweep „%1“ (%n Läufe) wird mit vorzeitigem Beenden gestartet…</numerusform>
        </translation>
    </message>
    <message>
        <location line="+15"/>
        <source>Select a run of the sweep to continue</source>
        <translation>Wählen Sie einen Lauf des Sweeps aus, der fortgesetzt werden soll</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>Sweep %1 has no early stopping, so no controller to continue it: select its runs that did not finish and Resume them.</source>
        <translation>Sweep %1 hat kein vorzeitiges Beenden und daher keinen Controller, der ihn fortsetzen könnte: Wählen Sie seine nicht abgeschlossenen Läufe aus und setzen Sie sie mit Fortsetzen fort.</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Continuing sweep %1…</source>
        <translation>Sweep %1 wird fortgesetzt…</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Sweep %1 was not continued: %2</source>
        <translation>Sweep %1 wurde nicht fortgesetzt: %2</translation>
    </message>
    <message numerus="yes">
        <location line="+9"/>
        <source>Sweep %1: %n run(s), early stopping decided by its controller.</source>
        <translation>
            <numerusform>Sweep %1: %n Lauf, über vorzeitiges Beenden entscheidet sein Controller.</numerusform>
            <numerusform>Sweep %1: %n Läufe, über vorzeitiges Beenden entscheidet sein Controller.</numerusform>
        </translation>
    </message>
    <message>
        <location line="+6"/>
        <source>Sweep %1</source>
        <translation>Sweep %1</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>The sweep</source>
        <translation>Der Sweep</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>%1: its controller has ended.</source>
        <translation>%1: Sein Controller ist beendet.</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>%1: its controller stopped: %2</source>
        <translation>%1: Sein Controller wurde beendet: %2</translation>
    </message>
    <message>
        <location filename="../widgets/mainwindowactions.cpp" line="+57"/>
        <source>Select the runs for the table</source>
        <translation>Wählen Sie die Läufe für die Tabelle aus</translation>
    </message>
    <message>
        <location line="-56"/>
        <source>Ctrl+T</source>
        <translation>Ctrl+T</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>A LaTeX or CSV table of the selected runs: mean ± std over seeds, costs, paper layouts</source>
        <translation>Eine LaTeX- oder CSV-Tabelle der ausgewählten Läufe: Mittelwert ± Standardabweichung über Seeds, Kosten, Tabellen der Paper</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>E&amp;xport model…</source>
        <translation>Modell e&amp;xportieren…</translation>
    </message>
    <message>
        <location line="+64"/>
        <source>Select the run to export</source>
        <translation>Wählen Sie den zu exportierenden Lauf aus</translation>
    </message>
    <message>
        <location line="-63"/>
        <source>Ctrl+Shift+E</source>
        <translation>Ctrl+Shift+E</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Fold the selected run&apos;s checkpoint, verify it and write TorchScript, ONNX or safetensors</source>
        <translation>Den Checkpoint des ausgewählten Laufs falten, prüfen und als TorchScript, ONNX oder safetensors schreiben</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Re&amp;fresh</source>
        <translation>A&amp;ktualisieren</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>Runs at a time:</source>
        <translation>Gleichzeitige Läufe:</translation>
    </message>
    <message>
        <location line="-84"/>
        <source>&amp;About Gatefold</source>
        <translation>&amp;Über Gatefold</translation>
    </message>
    <message>
        <location line="+147"/>
        <location line="+4"/>
        <source>Export curves</source>
        <translation>Kurven exportieren</translation>
    </message>
    <message>
        <location filename="../widgets/mainwindowcolumns.cpp" line="-15"/>
        <source>Add setting column…</source>
        <translation>Spalte für Einstellung hinzufügen…</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Add setting column</source>
        <translation>Spalte für Einstellung hinzufügen</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Setting:</source>
        <translation>Einstellung:</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>Add metric column…</source>
        <translation>Spalte für Metrik hinzufügen…</translation>
    </message>
    <message>
        <location line="+4"/>
        <location line="+4"/>
        <location line="+5"/>
        <source>Add metric column</source>
        <translation>Spalte für Metrik hinzufügen</translation>
    </message>
    <message>
        <location line="-6"/>
        <source>last</source>
        <translation>zuletzt</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>best (highest)</source>
        <translation>bester Wert (höchster)</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>lowest</source>
        <translation>niedrigster</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>at an epoch…</source>
        <translation>bei einer Epoche…</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Value:</source>
        <translation>Wert:</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Epoch:</source>
        <translation>Epoche:</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>Remove this column</source>
        <translation>Diese Spalte entfernen</translation>
    </message>
    <message>
        <location filename="../widgets/mainwindowruns.cpp" line="+36"/>
        <source>Quit Gatefold</source>
        <translation>Gatefold beenden</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>The queued runs could not be handed to a background queue: %1
They stay queued; Gatefold offers them when it next starts.</source>
        <translation>Die wartenden Läufe konnten keiner Hintergrund-Warteschlange übergeben werden: %1
Sie bleiben in der Warteschlange; Gatefold bietet sie beim nächsten Start an.</translation>
    </message>
    <message numerus="yes">
        <location line="+26"/>
        <source>Stopping %n run(s) at a checkpoint…</source>
        <translation>
            <numerusform>%n Lauf wird an einem Checkpoint angehalten…</numerusform>
            <numerusform>%n Läufe werden an einem Checkpoint angehalten…</numerusform>
        </translation>
    </message>
    <message>
        <location line="+0"/>
        <source>&amp;Quit now</source>
        <translation>Jetzt &amp;beenden</translation>
    </message>
    <message>
        <location filename="../widgets/mainwindowstart.cpp" line="+54"/>
        <location line="+11"/>
        <source>Open a run store</source>
        <translation>Einen Laufspeicher öffnen</translation>
    </message>
    <message>
        <location line="-10"/>
        <source>SQLite run store (*.sqlite);;All files (*)</source>
        <translation>SQLite-Laufspeicher (*.sqlite);;Alle Dateien (*)</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>%1 is the store open now.</source>
        <translation>%1 ist der gerade geöffnete Laufspeicher.</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>%1 is not a run store Gatefold can open:
%2</source>
        <translation>%1 ist kein Laufspeicher, den Gatefold öffnen kann:
%2</translation>
    </message>
</context>
<context>
    <name>gatefold::widgets::PositionSimilarityView</name>
    <message>
        <location filename="../widgets/positionsimilarityview.cpp" line="+84"/>
        <source>Cosine similarity, one scale for every tile</source>
        <translation>Kosinus-Ähnlichkeit, eine Skala für alle Kacheln</translation>
    </message>
    <message>
        <location line="+49"/>
        <source>Not available: the report holds no position embedding similarity.</source>
        <translation>Nicht verfügbar: Der Bericht enthält keine Ähnlichkeit der Positionseinbettungen.</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Position embedding similarity: run %1 (%2)</source>
        <translation>Ähnlichkeit der Positionseinbettungen: Lauf %1 (%2)</translation>
    </message>
    <message>
        <location line="+12"/>
        <source>Patch at row %1, column %2: its embedding&apos;s cosine similarity to every position&apos;s</source>
        <translation>Patch in Zeile %1, Spalte %2: Kosinus-Ähnlichkeit seiner Einbettung zu der jeder Position</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>Tile (row r, column c) shows the patch grid coloured by the cosine similarity of the learned position embedding of the patch at (r, c) to that of every patch (%1 × %2 positions, the class token left out), on one scale from −1 to 1 (ViT paper, Fig. 7 centre). Grey: a position whose embedding is zero.</source>
        <translation>Kachel (Zeile r, Spalte c) zeigt das Patch-Raster, gefärbt nach der Kosinus-Ähnlichkeit der gelernten Positionseinbettung des Patches bei (r, c) zu der jedes Patches (%1 × %2 Positionen, ohne Klassentoken), auf einer Skala von −1 bis 1 (ViT-Paper, Abb. 7 Mitte). Grau: eine Position, deren Einbettung null ist.</translation>
    </message>
</context>
<context>
    <name>gatefold::widgets::RunController</name>
    <message>
        <location filename="../widgets/runcontroller.cpp" line="+110"/>
        <source>run</source>
        <translation>Lauf</translation>
    </message>
    <message>
        <location line="+68"/>
        <source>run %1 is not in %2 for other programs (the window&apos;s connection wrote into a file another program had replaced) and could not be created again: %3. Close Gatefold, start it again and queue the run once more.</source>
        <translation>Lauf %1 ist für andere Programme nicht in %2 (die Verbindung des Fensters schrieb in eine Datei, die ein anderes Programm ersetzt hatte) und konnte nicht neu angelegt werden: %3. Schließen Sie Gatefold, starten Sie es neu und stellen Sie den Lauf noch einmal in die Warteschlange.</translation>
    </message>
    <message>
        <location line="+12"/>
        <source>run %1 was written only where this window could see it (another program had replaced the store&apos;s journal file); the window reopened the store and queued the run again as run %2.</source>
        <translation>Lauf %1 wurde nur dort geschrieben, wo dieses Fenster ihn sehen konnte (ein anderes Programm hatte die Journal-Datei des Speichers ersetzt); das Fenster hat den Speicher neu geöffnet und den Lauf erneut als Lauf %2 in die Warteschlange gestellt.</translation>
    </message>
    <message>
        <location line="+20"/>
        <source>run %1 is being submitted to Slurm; cancel it once the submission has answered</source>
        <translation>Lauf %1 wird gerade an Slurm übergeben; brechen Sie ihn ab, sobald die Übergabe geantwortet hat</translation>
    </message>
    <message>
        <location line="+12"/>
        <location line="+4"/>
        <source>cancelled before it started</source>
        <translation>vor dem Start abgebrochen</translation>
    </message>
    <message>
        <location line="+12"/>
        <source>only a failed, cancelled, crashed or stopped run can be resumed</source>
        <translation>nur ein fehlgeschlagener, abgebrochener, abgestürzter oder angehaltener Lauf kann fortgesetzt werden</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>run %1 is being submitted to Slurm already</source>
        <translation>Lauf %1 wird bereits an Slurm übergeben</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>run %1&apos;s job %2 is still %3 in Slurm; resume it once Slurm has let it go</source>
        <translation>der Job %2 von Lauf %1 ist in Slurm noch %3; setzen Sie ihn fort, sobald Slurm ihn freigegeben hat</translation>
    </message>
    <message>
        <location line="+34"/>
        <source>run %1 has no readable config</source>
        <translation>Lauf %1 hat keine lesbare Konfiguration</translation>
    </message>
    <message>
        <location line="+42"/>
        <source>the engine process (pid %1) has exited without ending the run; Resume continues it from its last checkpoint</source>
        <translation>der Engine-Prozess (PID %1) hat sich beendet, ohne den Lauf abzuschließen; „Fortsetzen“ setzt ihn beim letzten Checkpoint fort</translation>
    </message>
    <message>
        <location line="+33"/>
        <source>run %1 was not taken up: %2</source>
        <translation>Lauf %1 wurde nicht übernommen: %2</translation>
    </message>
    <message>
        <location line="+20"/>
        <source>cancelled at the start of Gatefold: the window or queue that held it was gone</source>
        <translation>beim Start von Gatefold abgebrochen: das Fenster oder die Warteschlange, die ihn hielt, war nicht mehr da</translation>
    </message>
    <message>
        <location line="+69"/>
        <source>not submitted to Slurm: %1; Resume submits it again</source>
        <translation>nicht an Slurm übergeben: %1; Fortsetzen übergibt ihn erneut</translation>
    </message>
    <message>
        <location line="+16"/>
        <source>Run %1 was submitted to Slurm as job %2.</source>
        <translation>Lauf %1 wurde als Job %2 an Slurm übergeben.</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Run %1 was not submitted to Slurm: %2</source>
        <translation>Lauf %1 wurde nicht an Slurm übergeben: %2</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Run %1 was submitted to Slurm again as job %2.</source>
        <translation>Lauf %1 wurde erneut als Job %2 an Slurm übergeben.</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Run %1 was not submitted to Slurm again: %2</source>
        <translation>Lauf %1 wurde nicht erneut an Slurm übergeben: %2</translation>
    </message>
    <message numerus="yes">
        <location line="+2"/>
        <source>Sweep %1: %n run(s) submitted to Slurm as job array %2.</source>
        <translation>
            <numerusform>Sweep %1: %n Lauf als Job-Array %2 an Slurm übergeben.</numerusform>
            <numerusform>Sweep %1: %n Läufe als Job-Array %2 an Slurm übergeben.</numerusform>
        </translation>
    </message>
    <message>
        <location line="+3"/>
        <source>The sweep was not submitted to Slurm: %1</source>
        <translation>Der Sweep wurde nicht an Slurm übergeben: %1</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Not cancelled: %1</source>
        <translation>Nicht abgebrochen: %1</translation>
    </message>
</context>
<context>
    <name>gatefold::widgets::RunFilterBar</name>
    <message>
        <location filename="../widgets/runfilterbar.cpp" line="+29"/>
        <source>Select best k…</source>
        <translation>Beste k auswählen…</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Filter runs: words (name, status, tags, notes…) or a query: gate.kind = cde and val/top1 &gt; 0.9</source>
        <translation>Läufe filtern: Wörter (Name, Status, Tags, Notizen…) oder eine Abfrage: gate.kind = cde and val/top1 &gt; 0.9</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Words are looked for in every column. Text with = != &lt; &lt;= &gt; &gt;= or ~ (contains) is a query over run fields (name, status, sweep, tags, …), settings (optim.lr) and metrics (val/top1: last value; best(val/loss), min(…), max(…)), joined with and, or, not and parentheses. A run that lacks a setting or metric does not match a comparison on it.</source>
        <translation>Wörter werden in jeder Spalte gesucht. Text mit = != &lt; &lt;= &gt; &gt;= oder ~ (enthält) ist eine Abfrage über Lauffelder (name, status, sweep, tags, …), Einstellungen (optim.lr) und Metriken (val/top1: letzter Wert; best(val/loss), min(…), max(…)), verknüpft mit and, or, not und Klammern. Ein Lauf, dem eine Einstellung oder Metrik fehlt, erfüllt keinen Vergleich darauf.</translation>
    </message>
    <message>
        <location line="+11"/>
        <source>Select the k best runs shown (under the filters) by a metric</source>
        <translation>Die k besten angezeigten Läufe (unter den Filtern) nach einer Metrik auswählen</translation>
    </message>
    <message>
        <location line="+19"/>
        <source>Not read as a query — %1. Looked for as words instead.</source>
        <translation>Nicht als Abfrage gelesen – %1. Stattdessen als Wörter gesucht.</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Query not applied — %1</source>
        <translation>Abfrage nicht angewendet — %1</translation>
    </message>
    <message>
        <location line="+27"/>
        <source>All runs</source>
        <translation>Alle Läufe</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Sweep %1</source>
        <translation>Sweep %1</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Sweep %1 (#%2)</source>
        <translation>Sweep %1 (#%2)</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>No sweep</source>
        <translation>Kein Sweep</translation>
    </message>
</context>
<context>
    <name>gatefold::widgets::RunFormPanel</name>
    <message>
        <location filename="../widgets/runformpanel.cpp" line="+34"/>
        <source>&amp;Queue run</source>
        <translation>In &amp;Warteschlange stellen</translation>
    </message>
    <message>
        <location line="+10"/>
        <source>run name</source>
        <translation>Laufname</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Load…</source>
        <translation>Laden…</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Save…</source>
        <translation>Speichern…</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Read a JSON run config (as gatefold-cli config --json writes it)</source>
        <translation>Eine JSON-Laufkonfiguration einlesen (wie gatefold-cli config --json sie schreibt)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Write this config as a JSON file for gatefold-cli train --config</source>
        <translation>Diese Konfiguration als JSON-Datei für gatefold-cli train --config schreiben</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Preset:</source>
        <translation>Vorlage:</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Name:</source>
        <translation>Name:</translation>
    </message>
    <message>
        <location line="+59"/>
        <source>cannot read %1: %2</source>
        <translation>%1 kann nicht gelesen werden: %2</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>%1 is not a valid run config:
%2</source>
        <translation>%1 ist keine gültige Laufkonfiguration:
%2</translation>
    </message>
    <message>
        <location line="+13"/>
        <source>cannot write %1: %2</source>
        <translation>%1 kann nicht geschrieben werden: %2</translation>
    </message>
    <message>
        <location line="+65"/>
        <source>Checking the config with the engine; the run is queued once it accepts it…</source>
        <translation>Die Engine prüft die Konfiguration; der Lauf wird in die Warteschlange gestellt, sobald sie sie annimmt…</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Checking the config with the engine…</source>
        <translation>Die Engine prüft die Konfiguration…</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>The engine accepts this config.</source>
        <translation>Die Engine nimmt diese Konfiguration an.</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Data %1: %2 classes, %3 channel(s), %4 training and %5 validation images.</source>
        <translation>Daten %1: %2 Klassen, %3 Kanal/Kanäle, %4 Trainings- und %5 Validierungsbilder.</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>%1 M parameters.</source>
        <translation>%1 Mio. Parameter.</translation>
    </message>
    <message>
        <location line="+12"/>
        <source>The engine would refuse this config; nothing is queued until this is fixed:</source>
        <translation>Die Engine würde diese Konfiguration ablehnen; nichts wird eingereiht, bis dies behoben ist:</translation>
    </message>
    <message numerus="yes">
        <location line="+7"/>
        <source>…and %n more, shown at their settings.</source>
        <translation>
            <numerusform>…und %n weiteres, bei seiner Einstellung angezeigt.</numerusform>
            <numerusform>…und %n weitere, bei ihren Einstellungen angezeigt.</numerusform>
        </translation>
    </message>
    <message>
        <location line="+21"/>
        <location line="+3"/>
        <source>Load run config</source>
        <translation>Laufkonfiguration laden</translation>
    </message>
    <message>
        <location line="-3"/>
        <location line="+9"/>
        <source>JSON (*.json)</source>
        <translation>JSON (*.json)</translation>
    </message>
    <message>
        <location line="-1"/>
        <location line="+4"/>
        <source>Save run config</source>
        <translation>Laufkonfiguration speichern</translation>
    </message>
</context>
<context>
    <name>gatefold::widgets::RunTableModel</name>
    <message>
        <location filename="../widgets/runtablemodel.cpp" line="+252"/>
        <source>best</source>
        <translation>bester Wert</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>lowest</source>
        <translation>niedrigster</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>last</source>
        <translation>zuletzt</translation>
    </message>
    <message>
        <location line="-3"/>
        <location line="+123"/>
        <source>epoch %1</source>
        <translation>Epoche %1</translation>
    </message>
    <message>
        <location filename="../widgets/runtablemodelcells.cpp" line="+72"/>
        <source>Slurm ?</source>
        <translation>Slurm ?</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Slurm %1</source>
        <translation>Slurm %1</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>gone from Slurm</source>
        <translation>nicht mehr in Slurm</translation>
    </message>
    <message>
        <location line="+11"/>
        <source>not known now: %1</source>
        <translation>derzeit unbekannt: %1</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Slurm could not be asked</source>
        <translation>Slurm konnte nicht gefragt werden</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Slurm job %1: %2; submitted %3; script %4</source>
        <translation>Slurm-Job %1: %2; übergeben %3; Skript %4</translation>
    </message>
    <message>
        <location filename="../widgets/runtablemodel.cpp" line="-198"/>
        <source>waiting to resume</source>
        <translation>wartet auf Fortsetzung</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>waiting to resume (background queue)</source>
        <translation>wartet auf Fortsetzung (Hintergrund-Warteschlange)</translation>
    </message>
    <message>
        <location line="+123"/>
        <source>%1 (%2); queued for resume, it starts from its last checkpoint when a slot is free.</source>
        <translation>%1 (%2); zur Fortsetzung eingereiht, er startet ab seinem letzten Checkpoint, sobald ein Platz frei ist.</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>no message</source>
        <translation>keine Meldung</translation>
    </message>
    <message>
        <location line="+74"/>
        <source>%1 img/s</source>
        <translation>%1 Bilder/s</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>ETA %1</source>
        <translation>Rest %1</translation>
    </message>
    <message>
        <location line="+12"/>
        <source>ID</source>
        <translation>ID</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Name</source>
        <translation>Name</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Status</source>
        <translation>Status</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Progress</source>
        <translation>Fortschritt</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Val top-1</source>
        <translation>Val-Top-1</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Best top-1</source>
        <translation>Beste Top-1</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Device</source>
        <translation>Gerät</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Processes</source>
        <translation>Prozesse</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Tags</source>
        <translation>Tags</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Notes</source>
        <translation>Notizen</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Created</source>
        <translation>Erstellt</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Sweep</source>
        <translation>Sweep</translation>
    </message>
    <message>
        <location line="+35"/>
        <source>Run %1 keeps its name &apos;%2&apos;: a run needs a name (type one, or press Esc to leave it as it is).</source>
        <translation>Lauf %1 behält seinen Namen „%2“: Ein Lauf braucht einen Namen (geben Sie einen ein, oder drücken Sie Esc, um ihn zu belassen).</translation>
    </message>
    <message>
        <location line="+15"/>
        <source>Run %1 was not changed: %2</source>
        <translation>Lauf %1 wurde nicht geändert: %2</translation>
    </message>
    <message>
        <location filename="../widgets/runtablemodelrung.cpp" line="+30"/>
        <source>stopped at rung %1 (epoch %2)</source>
        <translation>angehalten auf Stufe %1 (Epoche %2)</translation>
    </message>
</context>
<context>
    <name>gatefold::widgets::SchedulerStates</name>
    <message>
        <location filename="../widgets/schedulerstates.cpp" line="+81"/>
        <source>the runs&apos; Slurm states could not be read (gatefold-cli runs list: %1)</source>
        <translation>die Slurm-Zustände der Läufe konnten nicht gelesen werden (gatefold-cli runs list: %1)</translation>
    </message>
</context>
<context>
    <name>gatefold::widgets::SectionList</name>
    <message numerus="yes">
        <location filename="../widgets/sectionlist.cpp" line="+79"/>
        <source>%n problem(s) in this section</source>
        <translation>
            <numerusform>%n Problem in diesem Abschnitt</numerusform>
            <numerusform>%n Probleme in diesem Abschnitt</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location line="+1"/>
        <source>%n value(s) here look unintended</source>
        <translation>
            <numerusform>%n Wert hier scheint unbeabsichtigt</numerusform>
            <numerusform>%n Werte hier scheinen unbeabsichtigt</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>gatefold::widgets::SettingsDialog</name>
    <message>
        <location filename="../widgets/settingsdialog.cpp" line="+31"/>
        <source>This machine</source>
        <translation>Dieser Rechner</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Slurm (submitted with sbatch)</source>
        <translation>Slurm (mit sbatch übergeben)</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Settings</source>
        <translation>Einstellungen</translation>
    </message>
    <message>
        <location line="+46"/>
        <source>Browse…</source>
        <translation>Durchsuchen…</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Run store</source>
        <translation>Laufspeicher</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>SQLite run store (*.sqlite)</source>
        <translation>SQLite-Laufspeicher (*.sqlite)</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>A run store file (SQLite), or a PostgreSQL database shared by a team or a cluster:
postgresql://user@host:5432/database?runs=/shared/gatefold
runs= is where checkpoints and logs go (a directory every machine sees); the password comes from $PGPASSWORD or ~/.pgpass.</source>
        <translation>Eine Laufspeicher-Datei (SQLite) oder eine PostgreSQL-Datenbank, die ein Team oder ein Cluster gemeinsam nutzt:
postgresql://user@host:5432/database?runs=/shared/gatefold
runs= ist das Verzeichnis für Checkpoints und Logs (eines, das jeder Rechner sieht); das Passwort kommt aus $PGPASSWORD oder ~/.pgpass.</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Check</source>
        <translation>Prüfen</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Open the store now and say what is in it</source>
        <translation>Den Laufspeicher jetzt öffnen und anzeigen, was er enthält</translation>
    </message>
    <message>
        <location line="-59"/>
        <source>all cores, shared by the runs at a time</source>
        <translation>alle Kerne, geteilt von den gleichzeitigen Läufen</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>compute.threads of runs queued with 0 (this machine has %1 cores)</source>
        <translation>compute.threads für Läufe, die mit 0 eingereiht werden (dieser Rechner hat %1 Kerne)</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>automatic (CUDA when present)</source>
        <translation>automatisch (CUDA, falls vorhanden)</translation>
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
        <translation>System</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Light</source>
        <translation>Hell</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Dark</source>
        <translation>Dunkel</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>System language</source>
        <translation>Systemsprache</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>Run store:</source>
        <translation>Laufspeicher:</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>A new store location applies at the next start.</source>
        <translation>Ein neuer Speicherort gilt ab dem nächsten Start.</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Threads per run:</source>
        <translation>Threads pro Lauf:</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Device for new runs:</source>
        <translation>Gerät für neue Läufe:</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Runs go to:</source>
        <translation>Läufe gehen an:</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Theme:</source>
        <translation>Farbschema:</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Language:</source>
        <translation>Sprache:</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>The language applies at the next start.</source>
        <translation>Die Sprache gilt ab dem nächsten Start.</translation>
    </message>
    <message>
        <location line="+47"/>
        <source>Runs and sweeps queued here train on this machine, as many at a time as the toolbar says</source>
        <translation>Hier eingereihte Läufe und Sweeps trainieren auf diesem Rechner, so viele gleichzeitig, wie die Werkzeugleiste angibt</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Runs and sweeps queued here are submitted to Slurm (gatefold-cli … --slurm) and wait there; the run browser shows where Slurm has them. Resume submits a Slurm run again</source>
        <translation>Hier eingereihte Läufe und Sweeps werden an Slurm übergeben (gatefold-cli … --slurm) und warten dort; die Laufliste zeigt, wo Slurm sie hat. Fortsetzen übergibt einen Slurm-Lauf erneut</translation>
    </message>
    <message>
        <location line="+25"/>
        <source>No store there yet: the next start creates %1.</source>
        <translation>Dort gibt es noch keinen Laufspeicher: Der nächste Start legt %1 an.</translation>
    </message>
    <message numerus="yes">
        <location line="+7"/>
        <source>%n run(s) in %1 (schema %2); files under %3.</source>
        <translation>
            <numerusform>%n Lauf in %1 (Schema %2); Dateien unter %3.</numerusform>
            <numerusform>%n Läufe in %1 (Schema %2); Dateien unter %3.</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>gatefold::widgets::SlurmSettingsBox</name>
    <message>
        <location filename="../widgets/slurmsettingsbox.cpp" line="+23"/>
        <source>Slurm options</source>
        <translation>Slurm-Optionen</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Partition (--partition):</source>
        <translation>Partition (--partition):</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>the cluster&apos;s default partition</source>
        <translation>die Standardpartition des Clusters</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Where the jobs wait and run; sinfo -s lists the partitions</source>
        <translation>Wo die Jobs warten und laufen; sinfo -s listet die Partitionen</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Time limit (--time):</source>
        <translation>Zeitlimit (--time):</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>the partition&apos;s limit, e.g. 90, 4:00:00 or 2-00:00:00</source>
        <translation>das Limit der Partition, z. B. 90, 4:00:00 oder 2-00:00:00</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>A job still training at its limit is stopped and its run marked crashed; Resume continues it from its last checkpoint</source>
        <translation>Ein Job, der an seinem Limit noch trainiert, wird gestoppt und sein Lauf als abgestürzt markiert; Fortsetzen setzt ihn ab seinem letzten Checkpoint fort</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>CPUs per task (--cpus-per-task):</source>
        <translation>CPUs pro Task (--cpus-per-task):</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Slurm&apos;s default (1)</source>
        <translation>Slurms Vorgabe (1)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Cores each task gets; runs with compute.threads = 0 train with as many threads</source>
        <translation>Kerne, die jeder Task bekommt; Läufe mit compute.threads = 0 trainieren mit ebenso vielen Threads</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Generic resources (--gres):</source>
        <translation>Generische Ressourcen (--gres):</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>none, e.g. gpu:1 or gpu:a100:2</source>
        <translation>keine, z. B. gpu:1 oder gpu:a100:2</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>What each node of a job needs besides cores, such as GPUs</source>
        <translation>Was jeder Knoten eines Jobs außer Kernen braucht, etwa GPUs</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Nodes (--nodes):</source>
        <translation>Knoten (--nodes):</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Machines one run&apos;s data-parallel job spans; more than one needs a store every node reaches (a postgresql:// URL), never an SQLite file</source>
        <translation>Rechner, über die sich der datenparallele Job eines Laufs erstreckt; mehr als einer braucht einen Laufspeicher, den jeder Knoten erreicht (eine postgresql://-URL), niemals eine SQLite-Datei</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Processes per node (--nproc):</source>
        <translation>Prozesse pro Knoten (--nproc):</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Data-parallel ranks srun starts on each node (one per GPU with --gres gpu:N). With 1 on one node, a run whose compute.processes is above 1 starts its ranks itself inside its one task</source>
        <translation>Datenparallele Ränge, die srun auf jedem Knoten startet (einer pro GPU bei --gres gpu:N). Mit 1 auf einem Knoten startet ein Lauf mit compute.processes über 1 seine Ränge selbst in seinem einen Task</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Further sbatch options:</source>
        <translation>Weitere sbatch-Optionen:</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>e.g. --account=lab --qos=high</source>
        <translation>z. B. --account=lab --qos=high</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Each written as one #SBATCH line of the job&apos;s script, as --name=value, separated by spaces</source>
        <translation>Jede als eine #SBATCH-Zeile im Skript des Jobs geschrieben, als --name=wert, durch Leerzeichen getrennt</translation>
    </message>
</context>
<context>
    <name>gatefold::widgets::SlurmSubmitter</name>
    <message>
        <location filename="../widgets/slurmsubmitter.cpp" line="+156"/>
        <source>%1 could not be started: %2</source>
        <translation>%1 konnte nicht gestartet werden: %2</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>%1 ended abnormally: %2</source>
        <translation>%1 endete abnormal: %2</translation>
    </message>
</context>
<context>
    <name>gatefold::widgets::StrandedRunsDialog</name>
    <message>
        <location filename="../widgets/strandedrunsdialog.cpp" line="+19"/>
        <source>Runs left behind</source>
        <translation>Zurückgelassene Läufe</translation>
    </message>
    <message numerus="yes">
        <location line="+2"/>
        <source>%n run(s) of this store wait for an engine that is gone: queued by a window or queue that ended, or training when their engine died. Tick the ones to take up.</source>
        <translation>
            <numerusform>%n Lauf dieses Speichers wartet auf eine Engine, die es nicht mehr gibt: von einem Fenster oder einer Warteschlange eingereiht, die beendet wurden, oder im Training, als seine Engine starb. Haken Sie an, was übernommen werden soll.</numerusform>
            <numerusform>%n Läufe dieses Speichers warten auf eine Engine, die es nicht mehr gibt: von einem Fenster oder einer Warteschlange eingereiht, die beendet wurden, oder im Training, als ihre Engine starb. Haken Sie an, was übernommen werden soll.</numerusform>
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
        <translation>Name</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Status</source>
        <translation>Status</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Since</source>
        <translation>Seit</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Taking it up</source>
        <translation>Bei Übernahme</translation>
    </message>
    <message>
        <location line="+12"/>
        <source>queue it again</source>
        <translation>erneut in die Warteschlange stellen</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>resume it from its last checkpoint</source>
        <translation>ab dem letzten Checkpoint fortsetzen</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>&amp;Take up the ticked runs</source>
        <translation>Angehakte Läufe &amp;übernehmen</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>&amp;Cancel the ticked queued runs</source>
        <translation>Angehakte wartende Läufe &amp;abbrechen</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>They end as cancelled and are not offered again; crashed runs stay as they are</source>
        <translation>Sie enden als abgebrochen und werden nicht wieder angeboten; abgestürzte Läufe bleiben, wie sie sind</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>&amp;Not now</source>
        <translation>&amp;Nicht jetzt</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Nothing changes; they are offered again at the next start</source>
        <translation>Nichts ändert sich; sie werden beim nächsten Start wieder angeboten</translation>
    </message>
</context>
<context>
    <name>gatefold::widgets::SweepAxesEditor</name>
    <message>
        <location filename="../widgets/sweepaxeseditor.cpp" line="+77"/>
        <source>Setting</source>
        <translation>Einstellung</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Varies as</source>
        <translation>Variiert als</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Values / low</source>
        <translation>Werte / Untergrenze</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>High</source>
        <translation>Obergrenze</translation>
    </message>
    <message>
        <location line="+27"/>
        <source>list of values</source>
        <translation>Werteliste</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>choice</source>
        <translation>Auswahl</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>uniform</source>
        <translation>gleichverteilt</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>log-uniform</source>
        <translation>log-gleichverteilt</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>integer uniform</source>
        <translation>ganzzahlig gleichverteilt</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>A list: every value is run (on a grid) or drawn from (random search); a choice: the same, by name; uniform, log-uniform, integer uniform: random search draws from [low, high]</source>
        <translation>Werteliste: Jeder Wert wird ausgeführt (Raster) oder es wird daraus gezogen (Zufallssuche); Auswahl: ebenso, nach Namen; gleichverteilt, log-gleichverteilt, ganzzahlig gleichverteilt: Die Zufallssuche zieht aus [Untergrenze, Obergrenze]</translation>
    </message>
    <message>
        <location line="+75"/>
        <source>low</source>
        <translation>niedrig</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>values, e.g. 0.001, 0.0003</source>
        <translation>Werte, z. B. 0.001, 0.0003</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>high</source>
        <translation>hoch</translation>
    </message>
    <message>
        <location line="+15"/>
        <source>%1: the bounds of an integer range are whole numbers</source>
        <translation>%1: Die Grenzen eines ganzzahligen Bereichs müssen ganze Zahlen sein</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>%1: the bounds of a range are numbers</source>
        <translation>%1: Die Grenzen eines Bereichs müssen Zahlen sein</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>%1: a log-uniform range needs 0 &lt; low (%2 is not above 0)</source>
        <translation>%1: Ein log-gleichverteilter Bereich braucht 0 &lt; Untergrenze (%2 ist nicht größer als 0)</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>%1: low must not be above high</source>
        <translation>%1: Die Untergrenze darf nicht über der Obergrenze liegen</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>%1: low must be below high</source>
        <translation>%1: Die Untergrenze muss unter der Obergrenze liegen</translation>
    </message>
    <message>
        <location line="+15"/>
        <source>%1: list at least one value</source>
        <translation>%1: Geben Sie mindestens einen Wert an</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>%1: a range is drawn from, not laid on a grid: choose Method random search, or list the values</source>
        <translation>%1: Aus einem Bereich wird gezogen, er wird nicht auf ein Raster gelegt: Wählen Sie als Methode Zufallssuche oder geben Sie die Werte als Liste an</translation>
    </message>
</context>
<context>
    <name>gatefold::widgets::SweepBuilder</name>
    <message>
        <location filename="../widgets/sweepbuilder.cpp" line="+46"/>
        <source>Sweep</source>
        <translation>Sweep</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>seeds, e.g. 0, 1, 2</source>
        <translation>Seeds, z. B. 0, 1, 2</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Add setting</source>
        <translation>Einstellung hinzufügen</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Remove setting</source>
        <translation>Einstellung entfernen</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>Name:</source>
        <translation>Name:</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Method:</source>
        <translation>Methode:</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Seeds:</source>
        <translation>Seeds:</translation>
    </message>
    <message>
        <location line="+2"/>
        <location line="+171"/>
        <source>Queue sweep</source>
        <translation>Sweep einreihen</translation>
    </message>
    <message>
        <location line="-167"/>
        <source>Settings to vary: a list of values (separated by commas; by semicolons when a value is itself a list) or, for random search, a range to draw from. A grid runs every combination; random search draws the given number of settings. Each runs once per seed, over the run form&apos;s config.</source>
        <translation>Zu variierende Einstellungen: eine Werteliste (durch Kommas getrennt; durch Semikolons, wenn ein Wert selbst eine Liste ist) oder, für die Zufallssuche, ein Bereich, aus dem gezogen wird. Ein Raster führt jede Kombination aus; die Zufallssuche zieht die angegebene Anzahl von Einstellungen. Jede läuft einmal pro Seed, auf Grundlage der Konfiguration im Laufformular.</translation>
    </message>
    <message>
        <location line="+26"/>
        <source>grid (every combination)</source>
        <translation>Raster (jede Kombination)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>random search</source>
        <translation>Zufallssuche</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>runs: </source>
        <translation>Läufe: </translation>
    </message>
    <message>
        <location line="+1"/>
        <source>How many settings random search draws (each runs once per seed)</source>
        <translation>Wie viele Einstellungen die Zufallssuche zieht (jede läuft einmal pro Seed)</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>search seed: </source>
        <translation>Such-Seed: </translation>
    </message>
    <message>
        <location line="+1"/>
        <source>The same settings and search seed draw the same runs</source>
        <translation>Dieselben Einstellungen und derselbe Such-Seed ziehen dieselben Läufe</translation>
    </message>
    <message>
        <location line="+118"/>
        <source>Early stopping: at epochs %1 only the top 1/%2 by %3 (%4) go on; run by a sweep controller.</source>
        <translation>Vorzeitiges Beenden: In den Epochen %1 machen nur die besten 1/%2 nach %3 (%4) weiter; ausgeführt von einem Sweep-Controller.</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>higher is better</source>
        <translation>höher ist besser</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>lower is better</source>
        <translation>niedriger ist besser</translation>
    </message>
    <message>
        <location line="+10"/>
        <source>Start sweep</source>
        <translation>Sweep starten</translation>
    </message>
    <message numerus="yes">
        <location line="-19"/>
        <source>%n run(s): </source>
        <translation>
            <numerusform>%n Lauf: </numerusform>
            <numerusform>%n Läufe: </numerusform>
        </translation>
    </message>
</context>
<context>
    <name>gatefold::widgets::SweepControllerJob</name>
    <message>
        <location filename="../widgets/sweepcontrollerjob.cpp" line="+66"/>
        <source>sweep %1 is controlled by this window already</source>
        <translation>Sweep %1 wird bereits von diesem Fenster gesteuert</translation>
    </message>
    <message>
        <location line="+67"/>
        <source>%1 could not be started: %2</source>
        <translation>%1 konnte nicht gestartet werden: %2</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>the sweep controller ended abnormally: %1</source>
        <translation>der Sweep-Controller endete abnormal: %1</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>the sweep controller ended with exit status %1</source>
        <translation>der Sweep-Controller endete mit Exit-Status %1</translation>
    </message>
</context>
<context>
    <name>gatefold::widgets::SweepScatterPlots</name>
    <message>
        <location filename="../widgets/sweepscatterplots.cpp" line="+270"/>
        <source>● a run</source>
        <translation>● ein Lauf</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>● a run   ▬ the mean of all runs at that value (too many setting combinations to mark each)</source>
        <translation>● ein Lauf   ▬ der Mittelwert aller Läufe bei diesem Wert (zu viele Einstellungskombinationen, um jede zu markieren)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>● a run   ▬ the mean over the seeds of each setting combination</source>
        <translation>● ein Lauf   ▬ der Mittelwert über die Seeds jeder Einstellungskombination</translation>
    </message>
</context>
<context>
    <name>gatefold::widgets::SweepView</name>
    <message>
        <location filename="../widgets/sweepview.cpp" line="+76"/>
        <source>The metric plotted against each setting (any metric the runs record)</source>
        <translation>Die Metrik, aufgetragen gegen jede Einstellung (jede Metrik, die die Läufe aufzeichnen)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>last value</source>
        <translation>letzter Wert</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>best value</source>
        <translation>bester Wert</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Each run&apos;s last value of the metric, or its best (highest; lowest for a loss)</source>
        <translation>Der letzte Wert der Metrik jedes Laufs oder sein bester (höchster; bei einem Loss der niedrigste)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Export picture…</source>
        <translation>Bild exportieren…</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Export CSV…</source>
        <translation>CSV exportieren…</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>The table behind the plots: run, the settings it varies, the metric</source>
        <translation>Die Tabelle hinter den Diagrammen: Lauf, die variierten Einstellungen, die Metrik</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Metric:</source>
        <translation>Metrik:</translation>
    </message>
    <message>
        <location line="+71"/>
        <source>… and %1 more</source>
        <translation>… und %1 weitere</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>no %1: %2</source>
        <translation>kein %1: %2</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>%1 runs</source>
        <translation>%1 Läufe</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>%1 runs, varying %2</source>
        <translation>%1 Läufe, variiert: %2</translation>
    </message>
    <message>
        <location line="+10"/>
        <source>Type or choose the metric to plot against the settings (val/top1, val/loss, …).</source>
        <translation>Geben Sie die Metrik ein, die gegen die Einstellungen aufgetragen werden soll, oder wählen Sie sie aus (val/top1, val/loss, …).</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Select two or more runs to see a sweep — filter the runs by their sweep and select them all — and this view plots %1 against each setting they vary.</source>
        <translation>Wählen Sie zwei oder mehr Läufe aus, um einen Sweep zu sehen — filtern Sie die Läufe nach ihrem Sweep und wählen Sie alle aus —, dann trägt diese Ansicht %1 gegen jede Einstellung auf, die sie variieren.</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Fewer than two of the %1 selected runs have %2: choose another metric, or wait until they have been evaluated.</source>
        <translation>Weniger als zwei der %1 ausgewählten Läufe haben %2: Wählen Sie eine andere Metrik oder warten Sie, bis sie evaluiert wurden.</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>The %1 selected runs vary no setting: they are one experiment. Compare shows them side by side.</source>
        <translation>Die %1 ausgewählten Läufe variieren keine Einstellung: Sie sind ein einziges Experiment. Vergleich zeigt sie nebeneinander.</translation>
    </message>
    <message>
        <location line="+10"/>
        <source>Point at a run&apos;s line or point to see its settings; click it to select the run.</source>
        <translation>Zeigen Sie auf die Linie oder den Punkt eines Laufs, um seine Einstellungen zu sehen; klicken Sie darauf, um den Lauf auszuwählen.</translation>
    </message>
    <message>
        <location line="+55"/>
        <source>No runs selected: select the runs of a sweep, then export their table.</source>
        <translation>Keine Läufe ausgewählt: Wählen Sie die Läufe eines Sweeps aus und exportieren Sie dann ihre Tabelle.</translation>
    </message>
    <message>
        <location line="+9"/>
        <location line="+3"/>
        <location line="+4"/>
        <source>Export picture</source>
        <translation>Bild exportieren</translation>
    </message>
    <message>
        <location line="-3"/>
        <source>PNG image (*.png);;SVG drawing (*.svg);;PDF (*.pdf)</source>
        <translation>PNG-Bild (*.png);;SVG-Zeichnung (*.svg);;PDF (*.pdf)</translation>
    </message>
    <message>
        <location line="+8"/>
        <location line="+3"/>
        <source>Export CSV</source>
        <translation>CSV exportieren</translation>
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
        <translation>Tabelle</translation>
    </message>
    <message numerus="yes">
        <location line="+30"/>
        <source>%n selected run(s); groups show their mean ± the spread chosen under Spread.</source>
        <translation>
            <numerusform>%n ausgewählter Lauf; Gruppen zeigen ihren Mittelwert ± die unter „Streuung“ gewählte Streuung.</numerusform>
            <numerusform>%n ausgewählte Läufe; Gruppen zeigen ihren Mittelwert ± die unter „Streuung“ gewählte Streuung.</numerusform>
        </translation>
    </message>
    <message>
        <location line="+12"/>
        <source>Custom</source>
        <translation>Eigene</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Seeds of one config</source>
        <translation>Seeds einer Konfiguration</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Each run</source>
        <translation>Jeder Lauf</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>A setting</source>
        <translation>Eine Einstellung</translation>
    </message>
    <message>
        <location line="+13"/>
        <source>Preset:</source>
        <translation>Vorlage:</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Rows:</source>
        <translation>Zeilen:</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Caption:</source>
        <translation>Beschriftung:</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Label:</source>
        <translation>Label:</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Order rows by:</source>
        <translation>Zeilen sortieren nach:</translation>
    </message>
    <message>
        <location line="+10"/>
        <source>± standard deviation</source>
        <translation>± Standardabweichung</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>± 95 % confidence interval of the mean</source>
        <translation>± 95-%-Konfidenzintervall des Mittelwerts</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Test every other row against this one: Welch&apos;s two-sided t-test, paired by seed where both rows hold the same seeds. Significantly better or worse cells are marked ▲ / ▼.</source>
        <translation>Jede andere Zeile gegen diese testen: zweiseitiger Welch-t-Test, nach Seed gepaart, wo beide Zeilen dieselben Seeds enthalten. Signifikant bessere oder schlechtere Zellen werden mit ▲ / ▼ markiert.</translation>
    </message>
    <message>
        <location line="+13"/>
        <source>Spread:</source>
        <translation>Streuung:</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Baseline:</source>
        <translation>Basislinie:</translation>
    </message>
    <message>
        <location line="+37"/>
        <source>%1 (no such row)</source>
        <translation>%1 (keine solche Zeile)</translation>
    </message>
    <message>
        <location filename="../widgets/tablecolumneditor.cpp" line="+91"/>
        <source>best (max)</source>
        <translation>bester (max)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>last</source>
        <translation>letzter</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>lowest (min)</source>
        <translation>niedrigster (min)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>mean of the run</source>
        <translation>Mittel des Laufs</translation>
    </message>
    <message>
        <location line="-25"/>
        <source>Add setting</source>
        <translation>Einstellung hinzufügen</translation>
    </message>
    <message>
        <location line="+26"/>
        <source>Add metric</source>
        <translation>Metrik hinzufügen</translation>
    </message>
    <message>
        <location line="+29"/>
        <source>Add column…</source>
        <translation>Spalte hinzufügen…</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Name</source>
        <translation>Name</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Runs</source>
        <translation>Läufe</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Seeds</source>
        <translation>Seeds</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Parameters</source>
        <translation>Parameter</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>GFLOPs</source>
        <translation>GFLOPs</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Latency (CPU, 1 thread)</source>
        <translation>Latenz (CPU, 1 Thread)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Throughput (CPU, batch 32)</source>
        <translation>Durchsatz (CPU, Batch 32)</translation>
    </message>
    <message>
        <location line="-81"/>
        <source>Up</source>
        <translation>Nach oben</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Down</source>
        <translation>Nach unten</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Remove</source>
        <translation>Entfernen</translation>
    </message>
    <message>
        <location line="+95"/>
        <source>Fixed</source>
        <translation>Festkomma</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Percent (× 100)</source>
        <translation>Prozent (× 100)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Scientific</source>
        <translation>Wissenschaftlich</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Thousands separators</source>
        <translation>Tausendertrennzeichen</translation>
    </message>
    <message>
        <location filename="../widgets/tablebuilder.cpp" line="-8"/>
        <location filename="../widgets/tablecolumneditor.cpp" line="+2"/>
        <source>None</source>
        <translation>Keine</translation>
    </message>
    <message>
        <location filename="../widgets/tablecolumneditor.cpp" line="+1"/>
        <source>Highest</source>
        <translation>Höchster</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Lowest</source>
        <translation>Niedrigster</translation>
    </message>
    <message>
        <location line="-120"/>
        <source>Columns:</source>
        <translation>Spalten:</translation>
    </message>
    <message>
        <location line="+122"/>
        <source>Header:</source>
        <translation>Überschrift:</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Format:</source>
        <translation>Format:</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Decimals:</source>
        <translation>Nachkommastellen:</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Bold best:</source>
        <translation>Besten fett:</translation>
    </message>
    <message>
        <location filename="../widgets/tablepreview.cpp" line="+1"/>
        <source>LaTeX</source>
        <translation>LaTeX</translation>
    </message>
    <message>
        <location filename="../widgets/tablebuilder.cpp" line="+20"/>
        <source>Load spec…</source>
        <translation>Spezifikation laden…</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Save spec…</source>
        <translation>Spezifikation speichern…</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Save LaTeX…</source>
        <translation>LaTeX speichern…</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Save CSV…</source>
        <translation>CSV speichern…</translation>
    </message>
    <message>
        <location line="+13"/>
        <source>Load table spec</source>
        <translation>Tabellenspezifikation laden</translation>
    </message>
    <message>
        <location line="+0"/>
        <location line="+3"/>
        <source>Table spec (*.json)</source>
        <translation>Tabellenspezifikation (*.json)</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Save table spec</source>
        <translation>Tabellenspezifikation speichern</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Save LaTeX</source>
        <translation>LaTeX speichern</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>LaTeX (*.tex)</source>
        <translation>LaTeX (*.tex)</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Save CSV</source>
        <translation>CSV speichern</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>CSV (*.csv)</source>
        <translation>CSV (*.csv)</translation>
    </message>
    <message>
        <location line="+94"/>
        <source>As selected</source>
        <translation>Wie ausgewählt</translation>
    </message>
    <message>
        <location line="+32"/>
        <source>No run store is open.</source>
        <translation>Kein Laufspeicher ist geöffnet.</translation>
    </message>
    <message>
        <location filename="../widgets/tablepreview.cpp" line="+159"/>
        <source>The table cannot be made: %1</source>
        <translation>Die Tabelle kann nicht erstellt werden: %1</translation>
    </message>
    <message>
        <location line="-144"/>
        <source>Section</source>
        <translation>Abschnitt</translation>
    </message>
    <message>
        <location line="+38"/>
        <source>▲ / ▼: significantly better / worse than the baseline row (Welch&apos;s two-sided t-test, paired by seed where both rows hold the same seeds).</source>
        <translation>▲ / ▼: signifikant besser / schlechter als die Basislinienzeile (zweiseitiger Welch-t-Test, nach Seed gepaart, wo beide Zeilen dieselben Seeds enthalten).</translation>
    </message>
    <message numerus="yes">
        <location line="+8"/>
        <source>%n row(s)</source>
        <translation>
            <numerusform>%n Zeile</numerusform>
            <numerusform>%n Zeilen</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location line="+3"/>
        <source>† %n row(s) pool runs differing in more than the seed; never bold.</source>
        <translation>
            <numerusform>† %n Zeile fasst Läufe zusammen, die sich nicht nur im Seed unterscheiden; nie fett.</numerusform>
            <numerusform>† %n Zeilen fassen Läufe zusammen, die sich nicht nur im Seed unterscheiden; nie fett.</numerusform>
        </translation>
    </message>
    <message>
        <location line="+10"/>
        <source>Baseline %1, α = %2: ▲ %3 cell(s) better, ▼ %4 worse.</source>
        <translation>Basislinie %1, α = %2: ▲ %3 Zelle(n) besser, ▼ %4 schlechter.</translation>
    </message>
    <message numerus="yes">
        <location line="+7"/>
        <source>The engine is timing the models of %n cell(s); they fill in as the numbers arrive.</source>
        <translation>
            <numerusform>Die Engine misst die Modelle von %n Zelle; sie füllt sich, sobald die Zahl eintrifft.</numerusform>
            <numerusform>Die Engine misst die Modelle von %n Zellen; sie füllen sich, sobald die Zahlen eintreffen.</numerusform>
        </translation>
    </message>
    <message>
        <location line="+14"/>
        <source>The baseline row: the others are tested against it.</source>
        <translation>Die Basislinienzeile: Die anderen werden gegen sie getestet.</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>One run: no interval and no test.</source>
        <translation>Ein Lauf: kein Intervall und kein Test.</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Only %1 runs (fewer than %2): the interval and the test are weak.</source>
        <translation>Nur %1 Läufe (weniger als %2): Intervall und Test sind schwach.</translation>
    </message>
    <message>
        <location line="+10"/>
        <source>Its runs differ in more than the seed; tested against the baseline as one group.</source>
        <translation>Ihre Läufe unterscheiden sich nicht nur im Seed; gegen die Basislinie als eine Gruppe getestet.</translation>
    </message>
    <message>
        <location line="+12"/>
        <source>Not tested against the baseline: a test needs two runs on each side and some spread.</source>
        <translation>Nicht gegen die Basislinie getestet: Ein Test braucht zwei Läufe auf jeder Seite und etwas Streuung.</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Significantly better</source>
        <translation>Signifikant besser</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Significantly worse</source>
        <translation>Signifikant schlechter</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Not significantly different</source>
        <translation>Nicht signifikant verschieden</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>%1 than the baseline: difference %2 (95 % CI %3 to %4), p = %5 at α = %6; %7 (t = %8, df = %9).</source>
        <translation>%1 gegenüber der Basislinie: Differenz %2 (95-%-KI %3 bis %4), p = %5 bei α = %6; %7 (t = %8, df = %9).</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>paired t-test by seed</source>
        <translation>nach Seed gepaarter t-Test</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Welch&apos;s t-test</source>
        <translation>Welch-t-Test</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>Mean over %1 runs that differ in %2 — not only in the seed, so not one experiment: never ranked for the best.</source>
        <translation>Mittelwert über %1 Läufe, die sich in %2 unterscheiden — nicht nur im Seed, also kein einzelnes Experiment: wird nie als bester gewertet.</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>measuring…</source>
        <translation>wird gemessen…</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>not measured: %1</source>
        <translation>nicht gemessen: %1</translation>
    </message>
    <message>
        <location filename="../widgets/tablebuilder.cpp" line="+59"/>
        <source>Cannot read %1: %2</source>
        <translation>%1 kann nicht gelesen werden: %2</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>%1 is not a table spec: %2</source>
        <translation>%1 ist keine Tabellenspezifikation: %2</translation>
    </message>
</context>
<context>
    <name>gatefold::widgets::Toast</name>
    <message>
        <location filename="../widgets/toast.cpp" line="+26"/>
        <source>Dismiss</source>
        <translation>Schließen</translation>
    </message>
</context>
<context>
    <name>gatefold::widgets::WelcomePage</name>
    <message>
        <location filename="../widgets/welcomepage.cpp" line="+14"/>
        <source>No runs in this store yet</source>
        <translation>Noch keine Läufe in diesem Laufspeicher</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Store: %1</source>
        <translation>Laufspeicher: %1</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>Queue the demo run</source>
        <translation>Demo-Lauf in Warteschlange stellen</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>A small ViT on the built-in shapes data set, about a minute on a laptop CPU. Its curves appear here while it trains; Inspect and Export work on it when it is done.</source>
        <translation>Ein kleiner ViT auf dem integrierten Formen-Datensatz, etwa eine Minute auf einer Laptop-CPU. Seine Kurven erscheinen hier, während er trainiert; Untersuchen und Exportieren funktionieren, sobald er fertig ist.</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Open a store…</source>
        <translation>Laufspeicher öffnen…</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Runs trained before, in another run store (a .sqlite file). Gatefold starts again on it and opens it from now on.</source>
        <translation>Früher trainierte Läufe in einem anderen Laufspeicher (einer .sqlite-Datei). Gatefold startet damit neu und öffnet ihn von nun an.</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Import MLflow runs…</source>
        <translation>MLflow-Läufe importieren…</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Runs from an MLflow tracking folder (mlruns/): their parameters, metrics and artifacts become runs of this store.</source>
        <translation>Läufe aus einem MLflow-Tracking-Ordner (mlruns/): Ihre Parameter, Metriken und Artefakte werden zu Läufen dieses Laufspeichers.</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Or set a run up in the form on the left (presets: the papers&apos; tables) and press Queue run (Ctrl+Return).</source>
        <translation>Oder richten Sie im Formular links einen Lauf ein (Vorlagen: die Tabellen der Paper) und klicken Sie auf „Lauf in Warteschlange stellen“ (Strg+Eingabe).</translation>
    </message>
</context>
<context>
    <name>gatefold::widgets::WidgetExport</name>
    <message>
        <location filename="../widgets/widgetexport.cpp" line="+58"/>
        <source>%1: choose a .png, .svg or .pdf file name</source>
        <translation>%1: Wählen Sie einen Dateinamen mit .png, .svg oder .pdf</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>cannot write %1</source>
        <translation>%1 kann nicht geschrieben werden</translation>
    </message>
</context>
<context>
    <name>main</name>
    <message>
        <location filename="../app/gui/main.cpp" line="+52"/>
        <source>Gatefold: a workbench for Vision Transformer research.</source>
        <translation>Gatefold: eine Werkbank für die Forschung an Vision Transformern.</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Run store: a file, or a postgresql:// URL (default: the one in Settings, else %1).</source>
        <translation>Laufspeicher: eine Datei oder eine postgresql://-URL (Standard: der in den Einstellungen, sonst %1).</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>path</source>
        <translation>Pfad</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Select these runs (comma-separated ids).</source>
        <translation>Diese Läufe auswählen (IDs durch Kommas getrennt).</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>ids</source>
        <translation>IDs</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Save a picture of the window to this PNG after N ms (with --screenshot-after) and quit.</source>
        <translation>Nach N ms (siehe --screenshot-after) ein Bild des Fensters in diese PNG-Datei speichern und beenden.</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>file</source>
        <translation>Datei</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Open the Inspect tab on this view (%1) and compute it for the selected run; a screenshot waits for it.</source>
        <translation>Den Tab „Untersuchen“ mit dieser Ansicht öffnen (%1) und sie für den ausgewählten Lauf berechnen; ein Screenshot wartet darauf.</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>view</source>
        <translation>Ansicht</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Milliseconds before the screenshot.</source>
        <translation>Millisekunden bis zum Screenshot.</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>ms</source>
        <translation>ms</translation>
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
        <translation>Der Laufspeicher kann nicht geöffnet werden:
%1</translation>
    </message>
</context>
</TS>
