// What the browser tests share: the page's files served over HTTP, the native build asked for
// its pictures and layouts, PNGs read in Node, and a canvas compared with the native picture.
import { createServer } from "node:http";
import { readFile } from "node:fs/promises";
import { execFileSync } from "node:child_process";
import { inflateSync } from "node:zlib";
import { join, extname, dirname } from "node:path";
import { fileURLToPath } from "node:url";

const here = dirname(fileURLToPath(import.meta.url));
export const root = join(here, "..", "..");
export const dist = process.env.SOLITAIRE_WEB_DIR || join(root, "dist", "web");
export const solitaire = process.env.SOLITAIRE_BIN || join(root, "target", "release", "solitaire");

let passed = 0;
let failed = 0;
export function check(name, ok, detail = "") {
  if (ok) {
    passed++;
    console.log(`ok - ${name}`);
  } else {
    failed++;
    console.log(`not ok - ${name} ${detail}`);
  }
}
// A step an engine cannot take, said by name (never skipped in silence).
export function cannot(name, why) {
  console.log(`ok - ${name} # SKIP ${why}`);
}
export function results() {
  console.log(`${passed} passed, ${failed} failed`);
  return failed === 0;
}

export function native(cmd, script, args = []) {
  return execFileSync(solitaire, [cmd, ...args], { input: script });
}

const types = { ".html": "text/html", ".js": "text/javascript", ".wasm": "application/wasm" };

// Serves the page's files on 127.0.0.1 at a port of its own; `routes` maps a path to a page
// of HTML made for the test (a helper page, a page that embeds the game in a frame).
export async function serve(routes = {}) {
  const server = createServer(async (req, res) => {
    const url = new URL(req.url, "http://x");
    const made = routes[url.pathname];
    if (made) {
      res.writeHead(200, { "content-type": "text/html" });
      res.end(typeof made === "function" ? made(url) : made);
      return;
    }
    const file = join(dist, url.pathname === "/" ? "index.html" : url.pathname.slice(1));
    try {
      const body = await readFile(file);
      res.writeHead(200, { "content-type": types[extname(file)] || "application/octet-stream" });
      res.end(body);
    } catch {
      res.writeHead(404);
      res.end();
    }
  });
  await new Promise((ok) => server.listen(0, "127.0.0.1", ok));
  return { base: `http://127.0.0.1:${server.address().port}/`, close: () => server.close() };
}

// The pixels of a PNG (8 bits a sample, grey, RGB or RGBA, with or without alpha, not
// interlaced: what browsers and the native renderer write), as RGBA.
export function readPng(buf) {
  const chunks = [];
  let w = 0, h = 0, type = 0;
  for (let i = 8; i < buf.length;) {
    const len = buf.readUInt32BE(i);
    const kind = buf.toString("latin1", i + 4, i + 8);
    const data = buf.subarray(i + 8, i + 8 + len);
    if (kind === "IHDR") {
      w = data.readUInt32BE(0);
      h = data.readUInt32BE(4);
      if (data[8] !== 8 || data[12] !== 0) throw new Error("a PNG these tests do not read");
      type = data[9];
    } else if (kind === "IDAT") chunks.push(data);
    i += 12 + len;
  }
  const channels = { 0: 1, 2: 3, 4: 2, 6: 4 }[type];
  if (!channels) throw new Error(`PNG colour type ${type}`);
  const raw = inflateSync(Buffer.concat(chunks));
  const stride = w * channels;
  const px = Buffer.alloc(stride * h);
  for (let y = 0; y < h; y++) {
    const f = raw[y * (stride + 1)];
    const line = raw.subarray(y * (stride + 1) + 1, (y + 1) * (stride + 1));
    for (let x = 0; x < stride; x++) {
      const a = x >= channels ? px[y * stride + x - channels] : 0;
      const b = y > 0 ? px[(y - 1) * stride + x] : 0;
      const c = x >= channels && y > 0 ? px[(y - 1) * stride + x - channels] : 0;
      let v = line[x];
      if (f === 1) v += a;
      else if (f === 2) v += b;
      else if (f === 3) v += (a + b) >> 1;
      else if (f === 4) {
        const p = a + b - c, pa = Math.abs(p - a), pb = Math.abs(p - b), pc = Math.abs(p - c);
        v += pa <= pb && pa <= pc ? a : pb <= pc ? b : c;
      }
      px[y * stride + x] = v & 255;
    }
  }
  const data = Buffer.alloc(w * h * 4);
  for (let i = 0; i < w * h; i++) {
    const s = i * channels;
    const grey = channels < 3;
    data[i * 4] = px[s];
    data[i * 4 + 1] = grey ? px[s] : px[s + 1];
    data[i * 4 + 2] = grey ? px[s] : px[s + 2];
    data[i * 4 + 3] = channels === 4 ? px[s + 3] : channels === 2 ? px[s + 1] : 255;
  }
  return { w, h, data };
}

// How many framebuffer pixels of a screenshot of the page (above the framebuffer line `maxY`)
// differ from the native picture of `script` in a window `win` (`WxH@RATIO[:touch]`): each
// framebuffer pixel is compared at the screen pixel under its middle.
export function differences(shot, win, script, maxY = 1e9, lang = "en") {
  const expected = readPng(native("render", script, ["-", "--lang", lang, "--window", win]));
  const L = JSON.parse(native("layout", script, ["--window", win]).toString());
  const got = readPng(shot);
  if (expected.w !== got.w || expected.h !== got.h) return 1e9;
  let diff = 0;
  for (let fy = 0; fy < Math.min(L.height, maxY); fy++) {
    const sy = Math.floor(L.y + (fy + 0.5) * L.scale);
    for (let fx = 0; fx < L.width; fx++) {
      const sx = Math.floor(L.x + (fx + 0.5) * L.scale);
      const i = (sy * got.w + sx) * 4;
      for (let k = 0; k < 3; k++) {
        if (Math.abs(expected.data[i + k] - got.data[i + k]) > 3) {
          diff++;
          break;
        }
      }
    }
  }
  return diff;
}

// A point of a framebuffer rectangle in the page's CSS pixels (`L` from a layout).
export function at(L, rect, dx = 0.5, dy = 0.5) {
  return {
    x: (L.x + (rect[0] + rect[2] * dx) * L.scale) / L.dpi,
    y: (L.y + (rect[1] + rect[3] * dy) * L.scale) / L.dpi,
  };
}

export const sleep = (ms) => new Promise((ok) => setTimeout(ok, ms));
