#pragma once

#include "slurm/slurmoptions.h"

#include <QString>

namespace gatefold::widgets {

// The workbench's preferences, each a typed accessor over QSettings with its
// key and default next to it.
namespace appsettings {

// The run store the window opens; empty: the default store (RunStore::defaultPath()).
QString storePath();
void setStorePath(const QString &path);

// compute.threads for runs queued from the form when it says 0 (all cores): 0 shares the cores
// among the runs that train at once.
int threads();
void setThreads(int threads);

// compute.device put into presets loaded in the form: auto, cpu or cuda.
QString device();
void setDevice(const QString &device);

// The interface language: "" (the system's), "en", "de" or "zh_CN"; applies at the next start.
QString language();
void setLanguage(const QString &language);

// Runs at a time (the toolbar's count), as the user last set it; 1 until then.
int runsAtATime();
void setRunsAtATime(int runs);

// Where runs queued from the window (a run, a sweep, a re-run, a resume of a run never on Slurm)
// go: this machine's queue, or Slurm through `gatefold-cli … --slurm` children.
enum class RunPlace { ThisMachine, Slurm };
RunPlace runPlace();
void setRunPlace(RunPlace place);

// The Slurm options such runs ask for (core/slurm's JSON of them); Slurm's defaults until set, and
// when what is remembered no longer reads as valid options.
slurm::SlurmOptions slurmOptions();
void setSlurmOptions(const slurm::SlurmOptions &options);

// light, dark or system.
QString theme();
void setTheme(const QString &theme);

} // namespace appsettings

// Applies a theme to the running application (Fusion style with a light or dark palette).
void applyTheme(const QString &theme);

} // namespace gatefold::widgets
