#!/usr/bin/env bash
# Install SWI-Prolog 9 (swi-prolog-nox) from apt. Needs root or sudo.
set -euo pipefail
if command -v swipl >/dev/null 2>&1; then exit 0; fi
if [ "$(id -u)" -eq 0 ]; then SUDO=""; elif command -v sudo >/dev/null 2>&1; then SUDO="sudo"; else
  echo "install-swipl: SWI-Prolog is missing and I am neither root nor have sudo; install swi-prolog-nox (>= 9) yourself" >&2
  exit 1
fi
export DEBIAN_FRONTEND=noninteractive
$SUDO apt-get install -y --no-install-recommends swi-prolog-nox >/dev/null 2>&1 || {
  $SUDO apt-get update -qq
  $SUDO apt-get install -y --no-install-recommends swi-prolog-nox
}
swipl --version
