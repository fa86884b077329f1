#!/usr/bin/env bash
# Install the reference engine (Debian package `triplea`, TripleA 1.9) when missing and possible.
# Never fails the caller: tests that need the engine skip with a clear reason when it is absent.
set -u
jar=/usr/share/games/triplea/bin/triplea.jar
if [ -f "$jar" ]; then
  echo "engine: $jar present"
  exit 0
fi
if ! command -v apt-get >/dev/null 2>&1; then
  echo "engine: apt-get not available; engine-backed tests will skip"
  exit 0
fi
sudo=""
if [ "$(id -u)" != 0 ]; then
  if command -v sudo >/dev/null 2>&1 && sudo -n true 2>/dev/null; then sudo="sudo -n"; else
    echo "engine: not root and no sudo; engine-backed tests will skip"; exit 0; fi
fi
echo "engine: installing Debian package triplea ..."
$sudo apt-get update -qq >/dev/null 2>&1 || true
if DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq triplea >/dev/null 2>&1 && [ -f "$jar" ]; then
  echo "engine: installed $jar"
else
  echo "engine: could not install triplea; engine-backed tests will skip"
fi
exit 0
