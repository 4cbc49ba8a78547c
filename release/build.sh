#!/usr/bin/env bash
# Builds the releases into dist/release/, named with the version of Cargo.toml:
#   solitaire-VERSION-linux-x86_64.tar.gz    the Linux programs, linked against glibc 2.17 so
#   solitaire-VERSION-linux-aarch64.tar.gz   they start on any distribution since 2014
#   solitaire-VERSION-windows-x86_64.zip     the Windows program (cross-compiled with MinGW-w64)
#   solitaire-VERSION-web.zip                the itch.io page (index.html at its root)
#   SHA256SUMS
#   solitaire-VERSION-notes.md               the release notes: CHANGELOG.md's section for VERSION
# Each archive holds the program, README.txt for players and LICENSE. A Linux archive is a
# folder of its own with solitaire.desktop, the icon as PNG files (icons/hicolor, written by
# the program's own icon code) and INSTALL.txt. Each desktop archive has an .itch.toml at its
# root whose `play` action names the program, for the itch.io app.
# Builds use Cargo.lock as it is (--locked); archives take their file times from the last
# commit, so the same commit gives the same archives. Sizes are checked against
# release/budgets.txt. Installs what it needs by itself (the Rust targets, MinGW-w64, and
# cargo-zigbuild with Zig in a Python environment of its own), each only when missing.
set -euo pipefail
cd "$(dirname "$0")/.."

version=$(cargo metadata --no-deps --locked --format-version 1 |
  python3 -c 'import json, sys; print(json.load(sys.stdin)["packages"][0]["version"])')
out=dist/release

# The release notes come first: a version without its section in CHANGELOG.md is no release.
notes=$(awk -v v="$version" '
  /^## \[/ { on = index($0, "## [" v "]") == 1; next }
  on' CHANGELOG.md | sed -e '/./,$!d')
[ -n "$notes" ] || { echo "release: CHANGELOG.md has no section ## [$version]" >&2; exit 1; }

rm -rf "$out"
mkdir -p "$out"

if ! command -v x86_64-w64-mingw32-gcc >/dev/null; then
  apt-get update -qq
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends \
    gcc-mingw-w64-x86-64 binutils-mingw-w64-x86-64 >/dev/null
fi
for t in x86_64-pc-windows-gnu aarch64-unknown-linux-gnu; do
  rustup target list --installed | grep -qx "$t" || rustup target add "$t" >/dev/null
done

# Zig is the linker that can target an old glibc: its C library stubs stand in for the system
# one, so the binaries ask only for symbol versions up to the one named in the target. It and
# cargo-zigbuild come as prebuilt wheels into a virtual environment kept between runs; the
# stamp holds the pins, so a change of pins rebuilds it.
zig_pins="cargo-zigbuild==0.24.1 ziglang==0.17.1"
zig_env=${SOLITAIRE_TOOLS_DIR:-${XDG_CACHE_HOME:-$HOME/.cache}/solitaire-release}/zig
if [ "$(cat "$zig_env/pins" 2>/dev/null)" != "$zig_pins" ] || ! "$zig_env/bin/cargo-zigbuild" --version >/dev/null 2>&1; then
  rm -rf "$zig_env"
  python3 -m venv "$zig_env"
  # shellcheck disable=SC2086
  "$zig_env/bin/pip" install -q --disable-pip-version-check $zig_pins
  echo "$zig_pins" >"$zig_env/pins"
fi
glibc=2.17
linux_targets="x86_64 aarch64"
for arch in $linux_targets; do
  PATH="$zig_env/bin:$PATH" cargo zigbuild --release --locked --target "$arch-unknown-linux-gnu.$glibc"
done
cargo build --release --locked --target x86_64-pc-windows-gnu
./web/build.sh >/dev/null

# The file times of every archive: the last commit's.
export SOURCE_DATE_EPOCH=${SOURCE_DATE_EPOCH:-$(git log -1 --format=%ct 2>/dev/null || echo 0)}
fill() { sed "s/{version}/$version/" "$1"; }
itch_toml() { # the program's path inside the archive
  printf '[[actions]]\nname = "play"\npath = "%s"\n' "$1"
}

# The icon at every size, from the program's own pixels.
icons=$(mktemp -d)
cargo run --quiet --locked --example icons -- "$icons/hicolor" >/dev/null

# Linux: a tar.gz with a folder of its own, and the itch.io manifest beside it.
for arch in $linux_targets; do
  name="solitaire-$version-linux-$arch"
  stage=$(mktemp -d)
  mkdir "$stage/$name" "$stage/$name/icons"
  cp "target/$arch-unknown-linux-gnu/release/solitaire" LICENSE release/linux/solitaire.desktop "$stage/$name/"
  cp -r "$icons/hicolor" "$stage/$name/icons/"
  fill release/README.txt >"$stage/$name/README.txt"
  fill release/linux/INSTALL.txt >"$stage/$name/INSTALL.txt"
  itch_toml "$name/solitaire" >"$stage/.itch.toml"
  tar --sort=name --owner=0 --group=0 --numeric-owner --mtime="@$SOURCE_DATE_EPOCH" \
    -C "$stage" -cf - .itch.toml "$name" | gzip -n -9 >"$out/$name.tar.gz"
  rm -rf "$stage"
done
rm -rf "$icons"

# A zip of files (name, bytes), file times from SOURCE_DATE_EPOCH.
zip_files() {
  python3 - "$@" <<'PY'
import os, sys, time, zipfile
out, pairs = sys.argv[1], sys.argv[2:]
when = time.gmtime(max(int(os.environ["SOURCE_DATE_EPOCH"]), 315532800))[:6]
with zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED, compresslevel=9) as z:
    for name, path in zip(pairs[::2], pairs[1::2]):
        info = zipfile.ZipInfo(name, when)
        info.compress_type = zipfile.ZIP_DEFLATED
        info.external_attr = (0o755 if name.endswith(".exe") else 0o644) << 16
        with open(path, "rb") as f:
            z.writestr(info, f.read())
PY
}

fill release/README.txt >dist/README.txt
itch_toml solitaire.exe >dist/itch.toml
zip_files "$out/solitaire-$version-windows-x86_64.zip" \
  .itch.toml dist/itch.toml \
  solitaire.exe target/x86_64-pc-windows-gnu/release/solitaire.exe \
  README.txt dist/README.txt LICENSE LICENSE
zip_files "$out/solitaire-$version-web.zip" \
  index.html dist/web/index.html solitaire.wasm dist/web/solitaire.wasm \
  mq_js_bundle.js dist/web/mq_js_bundle.js solitaire.js dist/web/solitaire.js \
  README.txt dist/README.txt LICENSE LICENSE
rm dist/README.txt dist/itch.toml

(cd "$out" && sha256sum -- *.tar.gz *.zip >SHA256SUMS)
printf '# Solitaire %s\n\n%s\n' "$version" "$notes" >"$out/solitaire-$version-notes.md"

# Sizes, against their budgets.
budget() { # name: its value in release/budgets.txt
  awk -v n="$1" '$1 == n { print $2; found = 1 } END { exit !found }' release/budgets.txt ||
    { echo "release: release/budgets.txt has no budget $1" >&2; exit 1; }
}
kb() { echo $(( ($1 + 512) / 1024 )); }
over=0
report() { # budget name, file
  local bytes limit
  bytes=$(wc -c <"$2")
  limit=$(budget "$1")
  echo "release: $1 $(kb "$bytes") KB ($bytes bytes; budget $limit KB)"
  [ "$bytes" -le $((limit * 1024)) ] || { echo "release: $1 is over its budget"; over=1; }
}
report linux_x86_64_binary target/x86_64-unknown-linux-gnu/release/solitaire
report linux_x86_64_archive "$out/solitaire-$version-linux-x86_64.tar.gz"
report linux_aarch64_binary target/aarch64-unknown-linux-gnu/release/solitaire
report linux_aarch64_archive "$out/solitaire-$version-linux-aarch64.tar.gz"
report windows_exe target/x86_64-pc-windows-gnu/release/solitaire.exe
report windows_archive "$out/solitaire-$version-windows-x86_64.zip"
gzip -9 -c dist/web/solitaire.wasm >dist/solitaire.wasm.gz
report web_wasm dist/web/solitaire.wasm
report web_wasm_gzipped dist/solitaire.wasm.gz
rm dist/solitaire.wasm.gz
report web_archive "$out/solitaire-$version-web.zip"
for f in "$out"/*; do echo "release: $f"; done
exit $over
