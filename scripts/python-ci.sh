#!/usr/bin/env bash
# The Python module (bindings/python) built and tested, as `.ci/run` runs it after pass 2:
# maturin (from PyPI) builds the wheel into the workspace's release target, which
# `cargo test --release` has just built (the module is a default member of the workspace,
# so the library's crates were compiled with the features the module needs: only PyO3
# and the module itself are compiled here); the wheel goes into the CI's virtual
# environment, then the pytest suite runs against the command line built by the tests
# (TOURGLYPH_BIN) and with vpype, inkex and nbclient installed.
#
# Usage: scripts/python-ci.sh [VENV]   (default: $VENV, else ${TMPDIR:-/tmp}/tourglyph-ci-venv)
set -euo pipefail
cd "$(dirname "$0")/.."
VENV="${1:-${VENV:-${TMPDIR:-/tmp}/tourglyph-ci-venv}}"
[ -x "$VENV/bin/pip" ] || python3 -m venv "$VENV"
PY="$VENV/bin/python"
"$PY" -m pip install -q maturin pytest numpy nbclient nbformat ipykernel vpype
# inkex's own dependencies pull in PyGObject and cairo, which the extension does not use:
# inkex alone, and the few it imports.
"$PY" -m pip install -q --no-deps inkex
"$PY" -m pip install -q lxml tinycss2 cssselect
target="$(cd "${CARGO_TARGET_DIR:-target}" && pwd)"
wheels="$(mktemp -d "${TMPDIR:-/tmp}/tourglyph-wheels.XXXXXX")"
start=$(date +%s)
"$VENV/bin/maturin" build --release --quiet -m bindings/python/Cargo.toml -i "$PY" -o "$wheels"
"$PY" -m pip install -q --force-reinstall --no-deps "$wheels"/tourglyph-*.whl
echo "python-ci: the wheel built and installed in $(($(date +%s) - start)) s"
rm -rf "$wheels"
# The suite runs from outside the source tree, so `import tourglyph` is the installed one.
cd bindings/python/tests
TOURGLYPH_BIN="$target/release/tourglyph" PATH="$VENV/bin:$PATH" \
  "$PY" -m pytest -q -p no:cacheprovider .
echo "python-ci: passed in $(($(date +%s) - start)) s"
