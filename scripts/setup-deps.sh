#!/usr/bin/env bash
# Installs every Debian 12 package Gatefold needs to build, test and run.
# Idempotent: packages already present are skipped; nothing is downloaded
# from anywhere but Debian's apt archive.
set -euo pipefail

packages=(
  build-essential cmake ninja-build ccache pkg-config
  qt6-base-dev qt6-base-dev-tools libqt6sql6-sqlite libqt6opengl6-dev
  libqt6sql6-psql      # run stores on a PostgreSQL server (postgresql:// URLs)
  postgresql           # the server tst_pgstore starts for itself
  slurm-wlm munge      # the private Slurm cluster tst_slurm starts for itself (slurmctld, slurmd, munged, sbatch…)
  qt6-l10n-tools qt6-tools-dev qt6-tools-dev-tools qt6-svg-dev
  libqcustomplot-dev
  libtorch-dev libopenblas0-pthread
  libopencv-dev libsqlite3-dev libonnx-dev libgloo-dev
  xvfb xauth
  fonts-wqy-microhei   # CJK glyphs for the zh_CN interface
  qt6-translations-l10n  # Qt's own strings (Yes/No, file dialogs) in de and zh_CN
  texlive-latex-base texlive-latex-recommended  # pdflatex + booktabs.sty: tst_tables compiles the LaTeX tables
  file dpkg-dev        # cpack -G DEB: finds the executables, computes Depends (dpkg-shlibdeps)
  desktop-file-utils appstream  # tst_package validates the .desktop entry and the metainfo
  dataset-fashion-mnist  # Fashion-MNIST's IDX files: data.name=fashion-mnist finds them without data.path
  python3-scipy        # tst_significance checks the t-tests against SciPy (skipped without it)
)
# Peers for cross-checks (bench/ PyTorch peer script, export checks).
optional=(python3-torch python3-onnx)
# The fuzz preset (fuzz/README.md): clang 14, its libFuzzer/ASan runtimes, and
# the OpenMP runtime clang compiles -fopenmp against.
optional+=(clang-14 libclang-rt-14-dev libomp-14-dev)

missing=()
for p in "${packages[@]}" "${optional[@]}"; do
  if ! dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q 'install ok installed'; then
    missing+=("$p")
  fi
done

if [ ${#missing[@]} -eq 0 ]; then
  echo "setup-deps: all ${#packages[@]} required and ${#optional[@]} optional packages present"
  exit 0
fi

echo "setup-deps: installing ${missing[*]}"
SUDO=""
if [ "$(id -u)" -ne 0 ]; then
  SUDO="sudo"
fi
export DEBIAN_FRONTEND=noninteractive
$SUDO apt-get update -qq
$SUDO apt-get install -y -qq --no-install-recommends "${missing[@]}"
