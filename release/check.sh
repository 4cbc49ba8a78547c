#!/usr/bin/env bash
# Checks the archives release/build.sh made, each from its own contents:
# - Linux: the binary plays release/sample.txt through `script`, and its window opens under
#   Xvfb, draws the table and writes its save;
# - Windows: solitaire.exe plays the same sample under Wine and prints exactly what Linux
#   printed, and its window opens under Wine + Xvfb, draws the table and writes its save in
#   Wine's %APPDATA%\Solitaire;
# - web: the browser test (web/e2e) passes on the zip's own files.
# Needs xvfb, xdotool, imagemagick, wine, MinGW-w64 and node; installs wine if missing.
set -euo pipefail
cd "$(dirname "$0")/.."
root=$PWD
version=$(cargo metadata --no-deps --locked --format-version 1 |
  python3 -c 'import json, sys; print(json.load(sys.stdin)["packages"][0]["version"])')
rel=$root/dist/release
if ! command -v wine >/dev/null; then
  apt-get update -qq
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends wine wine64 >/dev/null
fi
work=$(mktemp -d)
trap 'kill ${xvfb:-} ${game:-} 2>/dev/null || true; wineserver -k 2>/dev/null || true; rm -rf "$work"' EXIT
failed=0
ok() { echo "ok - $1"; }
bad() { echo "not ok - $1"; failed=1; }

(cd "$rel" && sha256sum -c --quiet SHA256SUMS) && ok "SHA256SUMS match the archives" || bad "SHA256SUMS"

# An X server of our own.
n=$(for i in $(seq 120 199); do [ -e /tmp/.X11-unix/X$i ] || [ -e /tmp/.X$i-lock ] || { echo $i; break; }; done)
Xvfb ":$n" -screen 0 1280x720x24 -nolisten tcp >/dev/null 2>&1 &
xvfb=$!
export DISPLAY=":$n"
for _ in $(seq 100); do [ -e /tmp/.X11-unix/X$n ] && break; sleep 0.1; done

# Waits for a new window titled Solitaire and checks its picture shows the table: many
# pixels of the felt's green.
window_shows_table() { # what
  local id="" shot="$work/$1.png"
  for _ in $(seq 300); do
    id=$(xdotool search --name Solitaire 2>/dev/null | tail -1 || true)
    [ -n "$id" ] && break
    sleep 0.1
  done
  [ -n "$id" ] || return 1
  for _ in $(seq 60); do
    sleep 0.5
    import -window root "$shot" 2>/dev/null || continue
    felt=$(convert "$shot" -fill black +opaque 'rgb(39,110,66)' -fill white -opaque 'rgb(39,110,66)' \
      -format '%[fx:mean*w*h]' info: 2>/dev/null || echo 0)
    [ "${felt%.*}" -gt 20000 ] && { echo "  $1: $felt felt pixels in the window"; return 0; }
  done
  return 1
}

# Linux.
mkdir "$work/linux"
tar -xzf "$rel/solitaire-$version-linux-x86_64.tar.gz" -C "$work/linux"
lin="$work/linux/solitaire-$version-linux-x86_64"
for f in solitaire README.txt LICENSE; do [ -f "$lin/$f" ] || bad "the Linux archive has no $f"; done
"$lin/solitaire" script release/sample.txt >"$work/linux.out" && ok "Linux: script plays the sample" || bad "Linux: script"
[ "$("$lin/solitaire" --version)" = "solitaire $version" ] && ok "Linux: --version says $version" || bad "Linux: --version"
SOLITAIRE_DATA_DIR="$work/linux-data" "$lin/solitaire" --code KL1-D1N-AAAAAAA >/dev/null 2>&1 &
game=$!
window_shows_table linux && ok "Linux: the window draws the table" || bad "Linux: the window"
for _ in $(seq 50); do [ -f "$work/linux-data/game.json" ] && break; sleep 0.1; done
[ -f "$work/linux-data/game.json" ] && ok "Linux: the save is written" || bad "Linux: no save"
kill $game; wait $game 2>/dev/null || true; game=""

# Windows, under Wine.
mkdir "$work/windows"
python3 -m zipfile -e "$rel/solitaire-$version-windows-x86_64.zip" "$work/windows"
win="$work/windows"
for f in solitaire.exe README.txt LICENSE; do [ -f "$win/$f" ] || bad "the Windows archive has no $f"; done
x86_64-w64-mingw32-gcc -shared -O2 -o "$win/bcryptprimitives.dll" release/wine/bcryptprimitives.c -ladvapi32
export WINEPREFIX="$work/wine" WINEDEBUG=-all
cp release/sample.txt "$win/sample.txt"
(cd "$win" && wine solitaire.exe script sample.txt >"$work/windows.out" 2>"$work/wine-stderr.txt") &&
  ok "Windows: script plays the sample under Wine" || bad "Windows: script under Wine"
cmp -s "$work/linux.out" "$work/windows.out" &&
  ok "Windows: the same output as Linux, byte for byte ($(wc -l <"$work/linux.out") lines)" ||
  bad "Windows: its script output differs from Linux's"
(cd "$win" && wine solitaire.exe --code KL1-D1N-AAAAAAA >/dev/null 2>&1) &
game=$!
window_shows_table windows && ok "Windows: the window draws the table under Wine" || bad "Windows: the window under Wine"
saves=$(ls -d "$WINEPREFIX"/drive_c/users/*/AppData/Roaming/Solitaire 2>/dev/null | head -1)
for _ in $(seq 50); do [ -n "$saves" ] && [ -f "$saves/game.json" ] && break; sleep 0.2
  saves=$(ls -d "$WINEPREFIX"/drive_c/users/*/AppData/Roaming/Solitaire 2>/dev/null | head -1); done
[ -n "$saves" ] && [ -f "$saves/game.json" ] && ok "Windows: the save is in %APPDATA%\\Solitaire" ||
  bad "Windows: no save in %APPDATA%\\Solitaire"
kill $game 2>/dev/null; wineserver -k 2>/dev/null || true; wait $game 2>/dev/null || true; game=""
kill $xvfb; xvfb=""

# Web: the browser test, on the zip's own files.
mkdir "$work/web"
python3 -m zipfile -e "$rel/solitaire-$version-web.zip" "$work/web"
[ -f "$work/web/index.html" ] && ok "web: index.html at the zip's root" || bad "web: no index.html at the root"
(unset DISPLAY; cd web/e2e && npm ci --no-audit --no-fund --loglevel=error >/dev/null &&
  SOLITAIRE_WEB_DIR="$work/web" SOLITAIRE_BIN="$lin/solitaire" npm test) &&
  ok "web: the browser test passes on the zip's files" || bad "web: the browser test"

exit $failed
