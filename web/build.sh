#!/usr/bin/env bash
# Builds the web version into dist/web/ and a zip ready for itch.io (index.html at its root).
# The loader JS is copied from the exact macroquad crate Cargo resolved; it is never committed.
set -euo pipefail
cd "$(dirname "$0")/.."

rustup target add wasm32-unknown-unknown >/dev/null 2>&1 || true
# The "web" profile: the release one, everything built for size (Cargo.toml).
cargo build --profile web --locked --target wasm32-unknown-unknown

out=dist/web
rm -rf "$out" dist/solitaire-web.zip
mkdir -p "$out"
# Binaryen's wasm-opt shrinks the module further, run until it stops shrinking it (--converge);
# Debian's binaryen, installed here when missing and possible, else the module goes as the
# compiler made it. The sizes' budgets are in release/budgets.txt.
if ! command -v wasm-opt >/dev/null && [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null; then
  (apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends binaryen) >/dev/null 2>&1 || true
fi
if command -v wasm-opt >/dev/null; then
  wasm-opt -Oz --converge --enable-bulk-memory --enable-nontrapping-float-to-int --enable-sign-ext \
    --enable-mutable-globals target/wasm32-unknown-unknown/web/solitaire.wasm -o "$out/solitaire.wasm"
else
  echo "web: wasm-opt not found; the module is not shrunk further" >&2
  cp target/wasm32-unknown-unknown/web/solitaire.wasm "$out/"
fi
manifest=$(cargo metadata --format-version 1 --locked --filter-platform wasm32-unknown-unknown | python3 -c '
import json, sys
meta = json.load(sys.stdin)
print(next(p["manifest_path"] for p in meta["packages"] if p["name"] == "macroquad"))')
# The loader opens a browser dialog (in English) where it meets trouble: each such call goes to
# the page's own handler (web/solitaire.js), which says what a player must know in the page,
# in their language. No shipped file may open a dialog.
python3 - "$(dirname "$manifest")/js/mq_js_bundle.js" "$out/mq_js_bundle.js" <<'PY'
import re, sys
text = open(sys.argv[1], encoding="utf-8").read()
text, n = re.subn(r"\balert\(", "solitaire_fault(", text)
if n == 0:
    sys.exit("web: the loader opens no dialog any more: look again at what web/build.sh changes")
open(sys.argv[2], "w", encoding="utf-8").write(text)
PY
cp web/index.html "$out/"
# Our plugin goes without its comment lines (the commented source stays in web/): players
# download no comments.
grep -v '^[[:space:]]*//' web/solitaire.js >"$out/solitaire.js"
if grep -nE '\b(alert|confirm|prompt)\(' "$out"/*.js "$out/index.html"; then
  echo "web: a shipped file opens a browser dialog" >&2
  exit 1
fi
(cd "$out" && python3 -m zipfile -c ../solitaire-web.zip index.html solitaire.wasm mq_js_bundle.js solitaire.js)

kb() { echo "$(( ($1 + 512) / 1024 ))"; }
size() { wc -c <"$1"; }
gz() { gzip -9 -c "$1" | wc -c; }
wasm="$out/solitaire.wasm"
zip=dist/solitaire-web.zip
echo "web: $wasm $(kb "$(size "$wasm")") KB raw, $(kb "$(gz "$wasm")") KB gzipped"
echo "web: $zip $(kb "$(size "$zip")") KB"
echo "web: loader $(basename "$(dirname "$manifest")")/js/mq_js_bundle.js"
