#!/usr/bin/env bash
# Checks the archives release/build.sh made, each from its own contents:
# - each desktop archive's .itch.toml has a `play` action naming a program in the archive;
# - Linux (both): every symbol version the binary asks of glibc is 2.17 or older, and the
#   archive holds the menu entry (valid by desktop-file-validate), the icons and INSTALL.txt;
# - Linux x86_64: the binary plays release/sample.txt through `script`, and its window opens
#   under Xvfb, draws the table and writes its save; it plays the sample again, with the same
#   output, in a chroot of an older Debian (bullseye, glibc 2.31, made by debootstrap and kept
#   between runs; SOLITAIRE_OLD_LINUX=0 skips it, and it is skipped, saying why, when Debian's
#   mirror cannot be reached or this is not root);
# - Linux aarch64: the binary is an AArch64 ELF and plays the sample under qemu-aarch64 with
#   Debian's arm64 C library, printing exactly what x86_64 printed;
# - Windows: solitaire.exe plays the same sample under Wine and prints exactly what Linux
#   printed, and its window opens under Wine + Xvfb, draws the table and writes its save in
#   Wine's %APPDATA%\Solitaire;
# - web: the browser test (web/e2e) passes on the zip's own files.
# Needs xvfb, xdotool, imagemagick, wine, MinGW-w64, node, qemu-user, libc6-arm64-cross,
# desktop-file-utils and debootstrap; installs those of the last five that are missing.
set -euo pipefail
cd "$(dirname "$0")/.."
root=$PWD
version=$(cargo metadata --no-deps --locked --format-version 1 |
  python3 -c 'import json, sys; print(json.load(sys.stdin)["packages"][0]["version"])')
rel=$root/dist/release
need=()
command -v wine >/dev/null || need+=(wine wine64)
command -v qemu-aarch64 >/dev/null || need+=(qemu-user)
[ -e /usr/aarch64-linux-gnu/lib/ld-linux-aarch64.so.1 ] || need+=(libc6-arm64-cross)
command -v desktop-file-validate >/dev/null || need+=(desktop-file-utils)
command -v debootstrap >/dev/null || need+=(debootstrap)
if [ ${#need[@]} -gt 0 ]; then
  apt-get update -qq
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends "${need[@]}" >/dev/null
fi
work=$(mktemp -d)
trap 'kill ${xvfb:-} ${game:-} 2>/dev/null || true; wineserver -k 2>/dev/null || true; rm -rf "$work"' EXIT
failed=0
ok() { echo "ok - $1"; }
bad() { echo "not ok - $1"; failed=1; }
skip() { echo "ok - $1 # SKIP $2"; }

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

# The itch.io app starts the `play` action of the .itch.toml at the root of an archive: it must
# name a program in the archive (a relative path, an executable file on Linux).
itch_plays() { # unpacked archive, "exec" when the program must be executable
  python3 - "$@" <<'PY'
import os, sys, tomllib
root, want_exec = sys.argv[1], sys.argv[2] == "exec"
with open(os.path.join(root, ".itch.toml"), "rb") as f:
    actions = [a for a in tomllib.load(f).get("actions", []) if a.get("name") == "play"]
if len(actions) != 1:
    sys.exit(f"{len(actions)} play actions")
path = actions[0].get("path", "")
full = os.path.normpath(os.path.join(root, path))
if os.path.isabs(path) or not full.startswith(os.path.normpath(root) + os.sep):
    sys.exit(f"{path!r} is outside the archive")
if not os.path.isfile(full) or (want_exec and not os.access(full, os.X_OK)):
    sys.exit(f"{path!r} is not {'an executable' if want_exec else 'a'} file in the archive")
print(path)
PY
}

# The newest glibc symbol version a binary asks for.
glibc_needed() { objdump -T "$1" | grep -o 'GLIBC_[0-9][0-9.]*' | sed 's/^GLIBC_//' | sort -uV | tail -1; }

# Linux, both archives: contents, manifest, symbol versions, menu entry.
for arch in x86_64 aarch64; do
  mkdir "$work/linux-$arch"
  tar -xzf "$rel/solitaire-$version-linux-$arch.tar.gz" -C "$work/linux-$arch"
  dir="$work/linux-$arch/solitaire-$version-linux-$arch"
  for f in solitaire solitaire.desktop README.txt LICENSE INSTALL.txt \
    icons/hicolor/{16x16,32x32,48x48,64x64,128x128,256x256}/apps/solitaire.png; do
    [ -f "$dir/$f" ] || bad "Linux $arch: the archive has no $f"
  done
  play=$(itch_plays "$work/linux-$arch" exec 2>&1) &&
    ok "Linux $arch: .itch.toml plays $play" || bad "Linux $arch: .itch.toml: $play"
  newest=$(glibc_needed "$dir/solitaire")
  [ -n "$newest" ] && [ "$(printf '%s\n2.17\n' "$newest" | sort -V | tail -1)" = 2.17 ] &&
    ok "Linux $arch: the newest glibc it asks for is $newest (2.17 allowed)" ||
    bad "Linux $arch: asks for glibc ${newest:-(unreadable)}, newer than 2.17"
  desktop-file-validate "$dir/solitaire.desktop" &&
    ok "Linux $arch: solitaire.desktop is valid" || bad "Linux $arch: solitaire.desktop"
done
lin="$work/linux-x86_64/solitaire-$version-linux-x86_64"
arm="$work/linux-aarch64/solitaire-$version-linux-aarch64"

# Linux x86_64 here.
"$lin/solitaire" script release/sample.txt >"$work/linux.out" && ok "Linux: script plays the sample" || bad "Linux: script"
[ "$("$lin/solitaire" --version)" = "solitaire $version" ] && ok "Linux: --version says $version" || bad "Linux: --version"
SOLITAIRE_DATA_DIR="$work/linux-data" "$lin/solitaire" --code KL1-D1N-AAAAAAA >/dev/null 2>&1 &
game=$!
window_shows_table linux && ok "Linux: the window draws the table" || bad "Linux: the window"
for _ in $(seq 50); do [ -f "$work/linux-data/game.json" ] && break; sleep 0.1; done
[ -f "$work/linux-data/game.json" ] && ok "Linux: the save is written" || bad "Linux: no save"
kill $game; wait $game 2>/dev/null || true; game=""

# Linux x86_64 on an older system: a chroot of Debian bullseye (glibc 2.31), made once by
# debootstrap and kept with the build tools.
old_linux() {
  local root=${SOLITAIRE_TOOLS_DIR:-${XDG_CACHE_HOME:-$HOME/.cache}/solitaire-release}/bullseye start
  if [ ! -e "$root/.complete" ]; then
    rm -rf "$root"
    mkdir -p "$(dirname "$root")"
    start=$(date +%s)
    timeout 900 debootstrap --variant=minbase bullseye "$root" >"$work/debootstrap.log" 2>&1 ||
      { echo "debootstrap failed: $(tail -1 "$work/debootstrap.log")"; rm -rf "$root"; return 2; }
    touch "$root/.complete"
    echo "  old Linux: the bullseye chroot made in $(($(date +%s) - start)) s"
  fi
  rm -rf "$root/tmp/check"
  mkdir -p "$root/tmp/check"
  cp "$lin/solitaire" release/sample.txt "$root/tmp/check/"
  echo "  old Linux: $(chroot "$root" /lib/x86_64-linux-gnu/libc.so.6 | head -1)"
  chroot "$root" /tmp/check/solitaire script /tmp/check/sample.txt >"$work/old-linux.out" || return 1
  rm -rf "$root/tmp/check"
  cmp -s "$work/linux.out" "$work/old-linux.out" || return 1
}
if [ "${SOLITAIRE_OLD_LINUX:-1}" = 0 ]; then
  skip "Linux: the sample on Debian bullseye" "SOLITAIRE_OLD_LINUX=0"
elif [ "$(id -u)" != 0 ]; then
  skip "Linux: the sample on Debian bullseye" "a chroot needs root"
else
  set +e
  old_linux
  status=$?
  set -e
  case $status in
    0) ok "Linux: the sample plays in a Debian bullseye chroot (glibc 2.31) with the same output" ;;
    2) skip "Linux: the sample on Debian bullseye" "no chroot: Debian's mirror could not be used" ;;
    *) bad "Linux: in the Debian bullseye chroot, the sample fails or prints otherwise" ;;
  esac
fi

# Linux aarch64: an AArch64 ELF, run by qemu-aarch64 with Debian's arm64 C library.
python3 - "$arm/solitaire" <<'PY' && ok "Linux aarch64: an AArch64 ELF program" || bad "Linux aarch64: not an AArch64 ELF"
import struct, sys
head = open(sys.argv[1], "rb").read(20)
# 64-bit, little-endian ELF with e_machine EM_AARCH64 (183).
sys.exit(not (head[:6] == b"\x7fELF\x02\x01" and struct.unpack_from("<H", head, 18)[0] == 183))
PY
arm_run() { qemu-aarch64 -L /usr/aarch64-linux-gnu "$arm/solitaire" "$@"; }
[ "$(arm_run --version)" = "solitaire $version" ] &&
  ok "Linux aarch64: --version says $version under qemu-aarch64" || bad "Linux aarch64: --version under qemu-aarch64"
arm_run script release/sample.txt >"$work/aarch64.out" &&
  cmp -s "$work/linux.out" "$work/aarch64.out" &&
  ok "Linux aarch64: the sample under qemu-aarch64, the same output as x86_64 ($(wc -l <"$work/aarch64.out") lines)" ||
  bad "Linux aarch64: the sample under qemu-aarch64 fails or prints otherwise"

# Windows, under Wine.
mkdir "$work/windows"
python3 -m zipfile -e "$rel/solitaire-$version-windows-x86_64.zip" "$work/windows"
win="$work/windows"
for f in solitaire.exe README.txt LICENSE; do [ -f "$win/$f" ] || bad "the Windows archive has no $f"; done
play=$(itch_plays "$win" file 2>&1) && ok "Windows: .itch.toml plays $play" || bad "Windows: .itch.toml: $play"
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
