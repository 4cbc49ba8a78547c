// The web build in the three browser engines players come through: Chromium (playwright-core),
// Firefox (Debian's firefox-esr, driven by puppeteer-core over WebDriver BiDi) and WebKit, the
// engine of Safari and of every iPhone browser (Debian's WebKitGTK MiniBrowser, driven by its
// WebKitWebDriver through selenium-webdriver). Firefox and WebKit draw WebGL only in a window:
// they run under an Xvfb of the test's own. In each engine the same player: a deal opened by
// link, then a click, a double-click, a drag and a key, a reload that loses nothing, the live
// region, the graphics taken away and given back, and a browser with WebGL off, which must say
// so in the page. No browser dialog may open at any step. Each canvas is compared with what the
// native build draws for the same moves, pixel for pixel. A step an engine cannot take is
// said by name.
import { chromium } from "playwright-core";
import puppeteer from "puppeteer-core";
import { Builder } from "selenium-webdriver";
import { Origin } from "selenium-webdriver/lib/input.js";
import { spawn } from "node:child_process";
import { existsSync, writeFileSync } from "node:fs";
import { createServer } from "node:net";
import { join } from "node:path";
import { check, cannot, results, native, serve, differences, at, sleep } from "./common.mjs";

const FIREFOX = process.env.FIREFOX || "/usr/bin/firefox-esr";
const WEBKIT_DRIVER = process.env.WEBKIT_DRIVER || "/usr/bin/WebKitWebDriver";
const MINIBROWSER = process.env.MINIBROWSER || "/usr/lib/x86_64-linux-gnu/webkit2gtk-4.1/MiniBrowser";
const CHROMIUM = process.env.CHROMIUM || "/usr/bin/chromium";
const shots = process.env.SOLITAIRE_WEB_SHOTS;

// An X server of the test's own, for the engines that draw WebGL only in a window.
async function xvfb() {
  for (let n = 300 + Math.floor(Math.random() * 50); n < 400; n++) {
    if (existsSync(`/tmp/.X11-unix/X${n}`) || existsSync(`/tmp/.X${n}-lock`)) continue;
    const proc = spawn("Xvfb", [`:${n}`, "-screen", "0", "1400x900x24", "-nolisten", "tcp"], { stdio: "ignore" });
    for (let i = 0; i < 100 && !existsSync(`/tmp/.X11-unix/X${n}`); i++) await sleep(100);
    if (existsSync(`/tmp/.X11-unix/X${n}`)) return { display: `:${n}`, stop: () => proc.kill() };
    proc.kill();
  }
  throw new Error("no Xvfb could start");
}

async function freePort() {
  const s = createServer();
  await new Promise((ok) => s.listen(0, "127.0.0.1", ok));
  const port = s.address().port;
  await new Promise((ok) => s.close(ok));
  return port;
}

// Each driver: the same few things a player does, in its engine's words.
const CHROMIUM_ARGS = [
  "--headless=new", "--no-sandbox", "--use-angle=swiftshader", "--enable-unsafe-swiftshader",
  "--disable-background-networking", "--disable-component-update", "--disable-sync",
  "--no-first-run", "--disable-quic", "--disable-gpu-sandbox",
];

// playwright and puppeteer speak alike: a page, its mouse, its keyboard.
function pageDriver(name, page, close) {
  const dialogs = [];
  page.on("dialog", (d) => {
    dialogs.push(d.message());
    d.dismiss().catch(() => {});
  });
  return {
    name,
    open: (url) => page.goto(url),
    click: (p) => page.mouse.click(p.x, p.y),
    dblclick: async (p) => {
      await page.mouse.click(p.x, p.y);
      await page.mouse.click(p.x, p.y, { clickCount: 2 });
    },
    drag: async (a, b) => {
      await page.mouse.move(a.x, a.y);
      await page.mouse.down();
      await page.mouse.move(b.x, b.y, { steps: 8 });
      await page.mouse.up();
    },
    key: (k) => page.keyboard.press(k),
    tap: (p) => page.touchscreen.tap(p.x, p.y),
    reload: () => page.reload(),
    js: (expr) => page.evaluate(expr),
    shot: async () => Buffer.from(await page.screenshot()),
    dialogs: async () => dialogs.slice(),
    close,
  };
}

async function chromiumDriver(extra = []) {
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: [...CHROMIUM_ARGS, ...extra] });
  const ctx = await browser.newContext({ viewport: { width: 1280, height: 720 }, deviceScaleFactor: 1, hasTouch: true });
  return pageDriver("chromium", await ctx.newPage(), () => browser.close());
}

async function firefoxDriver(display, prefs = {}) {
  const browser = await puppeteer.launch({
    browser: "firefox",
    executablePath: FIREFOX,
    headless: false,
    env: { ...process.env, DISPLAY: display },
    extraPrefsFirefox: prefs,
    args: ["--width=1300", "--height=860"],
  });
  const page = await browser.newPage();
  await page.setViewport({ width: 1280, height: 720 });
  return pageDriver("firefox", page, () => browser.close());
}

async function webkitDriver(display, args = []) {
  const port = await freePort();
  const server = spawn(WEBKIT_DRIVER, [`--port=${port}`], { stdio: "ignore", env: { ...process.env, DISPLAY: display } });
  let driver = null;
  for (let i = 0; i < 50 && !driver; i++) {
    await sleep(200);
    driver = await new Builder()
      .usingServer(`http://127.0.0.1:${port}`)
      .withCapabilities({
        browserName: "MiniBrowser",
        "webkitgtk:browserOptions": { binary: MINIBROWSER, args: ["--automation", ...args] },
      })
      .build()
      .catch(() => null);
  }
  if (!driver) {
    server.kill();
    throw new Error("WebKitWebDriver did not start a MiniBrowser");
  }
  await driver.manage().window().setRect({ width: 1280, height: 800 });
  const move = (p) => ({ x: Math.round(p.x), y: Math.round(p.y), origin: Origin.VIEWPORT });
  return {
    name: "webkit",
    open: (url) => driver.get(url),
    click: (p) => driver.actions().move(move(p)).click().perform(),
    dblclick: (p) => driver.actions().move(move(p)).doubleClick().perform(),
    drag: (a, b) => driver.actions().move(move(a)).press().move({ ...move(b), duration: 250 }).release().perform(),
    key: (k) => driver.actions().sendKeys(k).perform(),
    tap: null,
    reload: () => driver.navigate().refresh(),
    js: (expr) => driver.executeScript(`return (${expr});`),
    shot: async () => Buffer.from(await driver.takeScreenshot(), "base64"),
    // A dialog open now (WebDriver refuses every other command while one is).
    dialogs: async () => {
      try {
        const a = await driver.switchTo().alert();
        const text = await a.getText();
        await a.dismiss();
        return [text];
      } catch {
        return [];
      }
    },
    close: async () => {
      await driver.quit().catch(() => {});
      server.kill();
    },
  };
}

// The page's window as `solitaire render --window` takes it.
async function windowOf(d) {
  const w = await d.js("[innerWidth, innerHeight, devicePixelRatio, matchMedia('(pointer: coarse)').matches]");
  return `${w[0]}x${w[1]}@${w[2]}${w[3] ? ":touch" : ""}`;
}

// A window where a finger has touched the screen: the game lays out a touch screen's table
// (buttons a finger wide) from then on.
async function settle(d, script, maxY = 1e9, tries = 40, lang = "en", touched = false) {
  let diff = -1;
  let win = await windowOf(d);
  if (touched && !win.endsWith(":touch")) win += ":touch";
  for (let i = 0; i < tries; i++) {
    await sleep(250);
    diff = differences(await d.shot(), win, script, maxY, lang);
    if (diff === 0) break;
  }
  return diff;
}

async function eventually(value, ok, ms = 10000) {
  let v = await value();
  for (let t = 0; t < ms && !ok(v); t += 250) {
    await sleep(250);
    v = await value();
  }
  return v;
}

const liveLine = (d) => d.js("(document.getElementById('solitaire-live') || {}).textContent || ''");
const message = (d) => d.js("(function(){var m=document.getElementById('solitaire-message');return m&&!m.hidden?m.textContent:null;})()");

async function play(d, base) {
  const e = d.name;
  const code = "KL1-D1N-AAAAAAA";
  await d.open(`${base}?code=${code}`);
  let script = `new ${code}\n`;
  let diff = await settle(d, script);
  check(`${e}: a ?code= link opens that exact deal`, diff === 0, `(${diff} pixels differ)`);
  check(`${e}: no browser dialog opens with the page`, (await d.dialogs()).length === 0);
  const win = await windowOf(d);
  const layout = () => JSON.parse(native("layout", script, ["--window", win]).toString());

  let L = layout();
  await d.click(at(L, L.stock));
  script += "draw\n";
  diff = await settle(d, script);
  check(`${e}: a click on the stock draws a card`, diff === 0, `(${diff} pixels differ)`);

  // The J♦ of t5 onto the Q♠ of t3, the longest column it fits.
  await d.dblclick(at(L, L.columns[4], 0.2, 0.1));
  script += "dclick t5\n";
  diff = await settle(d, script);
  check(`${e}: a double-click moves a card to its place on the table`, diff === 0, `(${diff} pixels differ)`);
  const said = await eventually(() => liveLine(d), (t) => t.startsWith("Jack of diamonds onto queen of spades."));
  check(`${e}: the live region says the move`, said.startsWith("Jack of diamonds onto queen of spades."), JSON.stringify(said));

  // The A♣ of t6, dragged to the foundations.
  L = layout();
  const ace = L.columns[5];
  await d.drag(at(L, ace, 0.3, 0.1), at(L, L.foundations[0]));
  script += "move t6 f\n";
  diff = await settle(d, script);
  check(`${e}: a drag puts a card on a foundation`, diff === 0, `(${diff} pixels differ)`);

  // Keys: the canvas has them after a click on the felt (which does nothing else).
  L = layout();
  await d.click(at(L, [L.waste[0] + L.waste[2] + 4, L.waste[1], 8, 8]));
  await d.key("u");
  script += "undo\n";
  diff = await settle(d, script);
  check(`${e}: the U key takes the move back`, diff === 0, `(${diff} pixels differ)`);
  const undone = await eventually(() => liveLine(d), (t) => t.startsWith("Move taken back"));
  check(`${e}: the live region says so`, undone.startsWith("Move taken back"), JSON.stringify(undone));

  await d.reload();
  diff = await settle(d, script);
  check(`${e}: after a reload, the same table is there`, diff === 0, `(${diff} pixels differ)`);
  if (shots) writeFileSync(join(shots, `web-engine-${e}.png`), await d.shot());

  if (d.tap) {
    L = layout();
    await d.tap(at(L, L.stock));
    script += "draw\n";
    diff = await settle(d, script, 1e9, 40, "en", true);
    check(`${e}: a touch tap on the stock draws`, diff === 0, `(${diff} pixels differ)`);
  } else {
    cannot(`${e}: a touch tap`, "its WebDriver delivers a touch action as a mouse (pointerType \"mouse\", no touch events)");
  }

  // The graphics taken away (as a phone short of memory does) and given back: the page says
  // so meanwhile, then comes back by itself with the game as it was.
  const lose = await d.js("(function(){var x=document.getElementById('glcanvas').getContext('webgl').getExtension('WEBGL_lose_context');window.__lose=x;if(x)x.loseContext();return !!x;})()");
  if (lose) {
    const lostSaid = await eventually(() => message(d), (m) => m !== null);
    check(`${e}: graphics taken away: the page says so, in words`, lostSaid && lostSaid.includes("Your game is saved"), JSON.stringify(lostSaid));
    await d.js("(window.__lose.restoreContext(), 1)").catch(() => {});
    await sleep(2000);
    diff = await settle(d, script);
    check(`${e}: graphics given back: the game comes back as it was`, diff === 0 && (await message(d)) === null, `(${diff} pixels differ)`);
  } else {
    cannot(`${e}: graphics taken away and given back`, "the engine has no WEBGL_lose_context");
  }
  check(`${e}: no browser dialog opened at any step`, (await d.dialogs()).length === 0);
}

// WebGL off: the page says, in the player's language, that this browser cannot draw the game.
async function noGraphics(d, base) {
  const e = d.name;
  await d.open(`${base}?lang=nb&code=KL1-D1N-AAAAAAA`);
  const said = await eventually(() => message(d), (m) => m !== null);
  check(`${e} without WebGL: the page says it cannot draw the game, in Norwegian`,
    said && said.startsWith("Denne nettleseren kan ikke tegne spillet"), JSON.stringify(said));
  check(`${e} without WebGL: no browser dialog`, (await d.dialogs()).length === 0);
  if (shots) writeFileSync(join(shots, `web-no-webgl-${e}.png`), await d.shot());
}

const { base, close } = await serve();
let x = null;
try {
  x = await xvfb();
  const engines = [
    ["chromium", () => chromiumDriver(), () => chromiumDriver(["--disable-webgl"])],
    ["firefox", () => firefoxDriver(x.display), () => firefoxDriver(x.display, { "webgl.disabled": true })],
    ["webkit", () => webkitDriver(x.display), () => webkitDriver(x.display, ["--enable-webgl=false"])],
  ];
  // ENGINES=firefox,webkit runs only those.
  const only = (process.env.ENGINES || "").split(",").filter(Boolean);
  for (const [name, make, withoutGl] of engines.filter(([n]) => only.length === 0 || only.includes(n))) {
    for (const [run, start] of [[play, make], [noGraphics, withoutGl]]) {
      let d = null;
      try {
        d = await start();
        await run(d, base);
      } catch (err) {
        check(`${name}: ${run.name} ran to the end`, false, String((err && err.stack) || err));
      } finally {
        if (d) await d.close().catch(() => {});
      }
    }
  }
} catch (err) {
  check("the engines test ran to the end", false, String((err && err.stack) || err));
} finally {
  if (x) x.stop();
  close();
}
process.exit(results() ? 0 : 1);
