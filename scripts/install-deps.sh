#!/usr/bin/env bash
# Installs every build, test and benchmark dependency from Debian's packages.
# Safe to re-run: packages already present are skipped, and apt is asked only when something is missing.
set -euo pipefail

packages=(
  build-essential cmake pkg-config ccache
  libsqlite3-dev sqlite3
  nlohmann-json3-dev
  libcmark-gfm-dev libcmark-gfm-extensions-dev cmark-gfm
  libboost-graph-dev  # Boost.Graph; its libboost1.74-dev brings Asio and Beast (serve)
  libyaml-dev libxxhash-dev libutf8proc-dev
  libzstd-dev  # the index's stored bodies, compressed
  libjemalloc-dev  # the binary's memory allocator (CMake's ANTHOLOGY_ALLOCATOR)
  libtomlplusplus-dev libkainjow-mustache-dev
  libgit2-dev
  catch2
  graphviz libxml2-utils python3-jsonschema
  python3-rdflib python3-bibtexparser
  zsh
  chromium
  libjs-katex
  neovim  # tests/lsp/lsp_neovim_test.cpp: Neovim's built-in LSP client, headless
)
# Node.js and npm: the accessibility test fetches axe-core from the npm registry at test time
# (tests/site/site_a11y_browser_test.cpp). A Node.js installed otherwise, with its own npm, is kept.
if ! command -v npm >/dev/null; then packages+=(nodejs npm); fi
# Only asked for with --bench: the tools the benchmark compares against and the profiler.
bench_packages=(hugo time linux-perf)
# Only asked for with --fuzz: libFuzzer needs clang, and clang 19 is the first in Debian 12 whose
# concepts support lets libstdc++ 12 offer std::expected.
fuzz_packages=(clang-19 libclang-rt-19-dev)

for option in "$@"; do
  case "$option" in
    --bench) packages+=("${bench_packages[@]}") ;;
    --fuzz) packages+=("${fuzz_packages[@]}") ;;
    *) echo "install-deps: unknown option $option (use --bench or --fuzz)" >&2; exit 2 ;;
  esac
done

missing=()
for p in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done

if ((${#missing[@]} == 0)); then
  echo "install-deps: all ${#packages[@]} packages present"
  exit 0
fi

sudo=""
if [[ $(id -u) -ne 0 ]]; then sudo="sudo"; fi
echo "install-deps: installing ${missing[*]}"
export DEBIAN_FRONTEND=noninteractive
$sudo apt-get update -qq
$sudo apt-get install -y -qq --no-install-recommends "${missing[@]}"
