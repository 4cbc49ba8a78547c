// Solitaire's own small plugin for the miniquad loader: the ?code= of the page address, the
// saves in localStorage (surviving a blocked storage, as in itch.io iframes with third-party
// cookies blocked), a clean end to a drag when the button is let go outside the canvas, and
// the sound effects through WebAudio.
(function () {
  "use strict";
  // The page's ?lang= (0), the browser's language (1), the page's ?daily (2: "today" for a
  // bare ?daily, its value for ?daily=DATE, nothing without it), its ?replay= (3), the
  // page's address without its query (4), or, in another page's frame, "F" and that page's
  // address where the browser tells it (5).
  function lang(which) {
    var v = "";
    var most = 32;
    try {
      var q = new URLSearchParams(window.location.search);
      if (which === 0) v = q.get("lang") || "";
      else if (which === 1) v = navigator.language || "";
      else if (which === 2) v = q.has("daily") ? (q.get("daily") || "today") : "";
      else if (which === 3) { v = q.get("replay") || ""; most = 200000; }
      else if (which === 4) { v = window.location.origin + window.location.pathname; most = 2000; }
      else if (which === 5) { v = framedPage(); most = 2000; }
    } catch (e) {}
    return new TextEncoder().encode(v.slice(0, most));
  }
  // In another page's frame (itch.io's), the frame's own address would open the game outside
  // that page: the page's is used where the browser tells it. Another site's frame is usually
  // told only the site ("https://host/"), which names no page.
  function framedPage() {
    var framed;
    try { framed = window.self !== window.top; } catch (e) { framed = true; }
    if (!framed) return "";
    var page = "";
    try {
      var r = new URL(document.referrer);
      var own = r.origin === window.location.origin && r.pathname === window.location.pathname;
      if ((r.protocol === "https:" || r.protocol === "http:") && r.pathname !== "/" && !own) {
        page = r.origin + r.pathname;
      }
    } catch (e) {}
    return "F" + page;
  }
  function queryCode() {
    var code = new URLSearchParams(window.location.search).get("code") || "";
    return new TextEncoder().encode(code.slice(0, 64));
  }
  // When the player pressed, released and moved: each pointer event the loader hands the game
  // gets the browser's time for it here, just before (a listener on the window in the capture
  // phase runs ahead of the canvas's own). The game pairs a frame's events with these times
  // in order, kind by kind (0 press, 1 release, 2 move), and judges a click, a double-click
  // and a drag by them: on a slow phone a frame can come hundreds of milliseconds after the
  // tap.
  var times = [[], [], []];
  function wallTime(e) {
    // An event's timeStamp counts from the page's time origin (in old engines, from the
    // epoch); the game's clock is the wall clock.
    var t = e && typeof e.timeStamp === "number" ? e.timeStamp : 0;
    if (t > 1e12) return t;
    var perf = window.performance;
    return perf && perf.now ? Date.now() - Math.max(0, perf.now() - t) : Date.now();
  }
  function stamp(kind, e, n) {
    var q = times[kind];
    // A frame that never comes (a hidden tab) leaves no unbounded queue.
    if (q.length > 512) q.splice(0, q.length - 256);
    var t = wallTime(e);
    for (var i = 0; i < (n || 1); i++) q.push(t);
  }
  function onCanvas(e) {
    var canvas = document.getElementById("glcanvas");
    return canvas && e.target === canvas;
  }
  window.addEventListener("mousedown", function (e) { if (e.button === 0 && onCanvas(e)) stamp(0, e); }, true);
  window.addEventListener("mouseup", function (e) { if (e.button === 0 && onCanvas(e)) stamp(1, e); }, true);
  window.addEventListener("mousemove", function (e) { if (onCanvas(e)) stamp(2, e); }, true);
  // A touch is a press, a move or a release for each finger that changed.
  window.addEventListener("touchstart", function (e) { if (onCanvas(e)) stamp(0, e, e.changedTouches.length); }, true);
  window.addEventListener("touchend", function (e) { if (onCanvas(e)) stamp(1, e, e.changedTouches.length); }, true);
  window.addEventListener("touchmove", function (e) { if (onCanvas(e)) stamp(2, e, e.changedTouches.length); }, true);
  function eventTime(kind) {
    var q = times[kind];
    return q && q.length ? q.shift() : -1;
  }
  function eventTimesForget() {
    times = [[], [], []];
  }

  var down = false;
  function releaseOutside(e) {
    if (down && typeof wasm_exports !== "undefined" && wasm_exports) {
      down = false;
      stamp(1, e);
      // Far outside the framebuffer: no pile is there, so dragged cards go back.
      wasm_exports.mouse_up(-100000, -100000, 0);
    }
  }
  window.addEventListener("mousedown", function () { down = true; }, true);
  window.addEventListener("mouseup", function (e) {
    if (e.target !== document.getElementById("glcanvas")) releaseOutside(e);
    down = false;
  }, true);
  window.addEventListener("blur", releaseOutside);
  // No page scrolling or zooming while cards are dragged by touch.
  document.addEventListener("touchmove", function (e) { e.preventDefault(); }, { passive: false });

  // The saves: one entry per record, "solitaire.NAME" (settings, record, game; "save" is the
  // single entry of earlier builds; "restoring" marks a restore under way).
  function keyName(ptr, len) {
    return "solitaire." + new TextDecoder().decode(new Uint8Array(wasm_memory.buffer, ptr, len));
  }
  var pending = null;
  function storageRead(kptr, klen) {
    try {
      var v = window.localStorage.getItem(keyName(kptr, klen));
      if (v === null) return -2;
      pending = new TextEncoder().encode(v);
      return pending.length;
    } catch (e) {
      return -1;
    }
  }
  function storageCopy(ptr, len) {
    if (pending) new Uint8Array(wasm_memory.buffer, ptr, len).set(pending.subarray(0, len));
    pending = null;
  }

  // One window writes the saves at a time: the one holding "solitaire.lock", a tab id and a
  // time it renews every 2 s. A lock older than 10 s is free (its tab is gone or frozen); so is
  // one stamped in the future (a clock put back) or one that cannot be read. A tab that does
  // not hold it claims it again at every save and every second (the game asks), and takes it
  // once it is free. A tab that held it finds out at its next write or renewal that it lost it
  // — another tab holds it, or this one was frozen past its life, when another may have taken
  // and left it — and then stops writing (the game goes back to what was saved, then claims
  // again).
  var LOCK = "solitaire.lock";
  var LIFE = 10000;
  var tab = Math.random().toString(36).slice(2) + Date.now().toString(36);
  function lockHolder() {
    try {
      var v = JSON.parse(window.localStorage.getItem(LOCK) || "null");
      var age = v && typeof v.at === "number" ? Date.now() - v.at : -1;
      if (v && typeof v.tab === "string" && age >= 0 && age < LIFE) return v.tab;
    } catch (e) {}
    return null;
  }
  var holding = false;
  var renewed = 0;
  var started = false;
  // Whether this tab still holds the lock; renews it if so.
  function keep() {
    if (!holding) return false;
    var holder = lockHolder();
    if (Date.now() - renewed >= LIFE || (holder !== null && holder !== tab)) {
      holding = false;
      return false;
    }
    window.localStorage.setItem(LOCK, JSON.stringify({ tab: tab, at: Date.now() }));
    renewed = Date.now();
    return true;
  }
  function renew() {
    try { keep(); } catch (e) {}
  }
  function storageClaim() {
    try {
      if (holding && keep()) return 1;
      var holder = lockHolder();
      if (holder !== null && holder !== tab) return 0;
      window.localStorage.setItem(LOCK, JSON.stringify({ tab: tab, at: Date.now() }));
      holding = true;
      renewed = Date.now();
      if (!started) {
        started = true;
        setInterval(renew, 2000);
        window.addEventListener("pagehide", function () {
          // What a failed save could not write: one more try as the page goes, in order (the
          // record before the game), while this tab still holds the saves.
          try {
            if (unsaved.length && keep()) {
              while (unsaved.length) {
                window.localStorage.setItem(unsaved[0][0], unsaved[0][1]);
                unsaved.shift();
              }
            }
          } catch (e) {}
          try { if (holding && lockHolder() === tab) window.localStorage.removeItem(LOCK); } catch (e) {}
          holding = false;
        });
      }
      return 1;
    } catch (e) {
      return -1;
    }
  }
  function storageWrite(kptr, klen, ptr, len) {
    try {
      if (!keep()) return 2;
      var text = new TextDecoder().decode(new Uint8Array(wasm_memory.buffer, ptr, len));
      window.localStorage.setItem(keyName(kptr, klen), text);
      return 1;
    } catch (e) {
      return 0;
    }
  }
  // The records a failed save could not write, [key, text] in the order it writes them; the
  // game empties the list (a key of no bytes) before it fills it again, and after a save that
  // worked.
  var unsaved = [];
  function storageUnsaved(kptr, klen, ptr, len) {
    try {
      if (klen === 0) unsaved = [];
      else unsaved.push([keyName(kptr, klen), utf8(ptr, len)]);
    } catch (e) {}
  }
  function storageRemove(kptr, klen) {
    try {
      window.localStorage.removeItem(keyName(kptr, klen));
      return 1;
    } catch (e) {
      return 0;
    }
  }
  // Moved to "solitaire.NAME.unreadable.N", N the first number not in use: no kept copy
  // replaces another. Returns N.
  function storageKeepAside(kptr, klen) {
    try {
      var key = keyName(kptr, klen);
      var v = window.localStorage.getItem(key);
      if (v === null) return 0;
      var n = 1;
      while (window.localStorage.getItem(key + ".unreadable." + n) !== null) n++;
      window.localStorage.setItem(key + ".unreadable." + n, v);
      window.localStorage.removeItem(key);
      return n;
    } catch (e) {
      return 0;
    }
  }

  // Sound: the game hands each effect's samples over once (16-bit mono); each is played
  // through a buffer source of its own, so the browser mixes them. The AudioContext is made in
  // the handler of the player's first click, touch or key, the one place a browser lets it
  // start (made earlier, it would start suspended and say so in the console). Until then, and
  // where the browser has no WebAudio, sounds are dropped.
  var sounds = [];
  var audio = null;
  function soundLoad(id, ptr, len, rate) {
    try {
      var pcm = new Int16Array(wasm_memory.buffer, ptr, len);
      var data = new Float32Array(len);
      for (var i = 0; i < len; i++) data[i] = pcm[i] / 32768;
      sounds[id] = { data: data, rate: rate, buffer: null };
    } catch (e) {}
  }
  function soundUnlock() {
    try {
      if (!audio) {
        var Ctx = window.AudioContext || window.webkitAudioContext;
        if (Ctx) audio = new Ctx();
      }
      if (audio && audio.state === "suspended") audio.resume().catch(function () {});
    } catch (e) {
      audio = null;
    }
  }
  ["mousedown", "pointerup", "touchend", "keydown"].forEach(function (t) {
    window.addEventListener(t, soundUnlock, true);
  });
  function soundPlay(id) {
    var s = sounds[id];
    if (!audio || audio.state !== "running" || !s) return;
    try {
      if (!s.buffer) {
        s.buffer = audio.createBuffer(1, s.data.length, s.rate);
        s.buffer.getChannelData(0).set(s.data);
      }
      var src = audio.createBufferSource();
      src.buffer = s.buffer;
      src.connect(audio.destination);
      src.start();
    } catch (e) {}
  }

  // The page's own words, in the player's language (the game hands them over before it opens
  // its window): why this browser cannot draw the game, that the graphics were taken away,
  // the Share field's buttons and its name.
  var words = { noGraphics: "", lost: "", copy: "", close: "", link: "" };
  function pageWords(ptr, len) {
    try {
      var l = utf8(ptr, len).split("\n");
      words = { noGraphics: l[0] || "", lost: l[1] || "", copy: l[2] || "", close: l[3] || "", link: l[4] || "" };
    } catch (e) {}
  }
  // A message in the page, over the canvas (never a browser dialog); with `reload`, a tap or
  // a click on it loads the page again, and the game comes back from its save.
  function showMessage(text, reload) {
    var box = document.getElementById("solitaire-message");
    if (!box) return;
    box.textContent = text;
    box.hidden = false;
    box.style.cursor = reload ? "pointer" : "default";
    box.onclick = reload ? function () { window.location.reload(); } : null;
  }
  // Whether the browser gives a page WebGL, with the vertex array objects the window library
  // draws with. Asked of a canvas of its own, whose context is then let go.
  function canDraw() {
    try {
      var gl = document.createElement("canvas").getContext("webgl");
      var ok = !!gl && !!gl.getExtension("OES_vertex_array_object");
      var lose = gl && gl.getExtension("WEBGL_lose_context");
      if (lose) lose.loseContext();
      return ok ? 1 : 0;
    } catch (e) {
      return 0;
    }
  }
  function cannotDraw() {
    showMessage(words.noGraphics, false);
    var canvas = document.getElementById("glcanvas");
    if (canvas) canvas.style.visibility = "hidden";
  }
  // A browser may take a page's graphics away (a phone short of memory, a tab long in the
  // background). Asking to have them back (preventDefault) lets the browser return them; the
  // page then loads again, and the game comes back from its save, which holds every action.
  var lost = false;
  function graphicsLost() {
    if (lost) return;
    lost = true;
    showMessage(words.lost, true);
    // A canvas without its graphics shows the browser's broken-picture glyph: the felt of the
    // page shows instead.
    var canvas = document.getElementById("glcanvas");
    if (canvas) canvas.style.visibility = "hidden";
  }
  (function () {
    var canvas = document.getElementById("glcanvas");
    if (!canvas) return;
    canvas.addEventListener("webglcontextlost", function (e) {
      e.preventDefault();
      graphicsLost();
    }, false);
    canvas.addEventListener("webglcontextrestored", function () {
      window.location.reload();
    }, false);
  })();
  // The window library's loader would open a browser dialog (in English) where it meets
  // trouble; web/build.sh points those calls here instead. A missing extension the game does
  // not use is no trouble; WebGL missing, or lost, is said in the page.
  window.solitaire_fault = function (text) {
    text = String(text);
    if (/depth_texture/.test(text)) return;
    if (lost || /context is lost/i.test(text)) graphicsLost();
    else if (/initialize WebGL|vertex_array_object/i.test(text)) cannotDraw();
    else console.warn(text);
  };

  // Share: the link goes on the clipboard where the browser lets it — tried at once (the
  // player's click on Share is a frame old, within the browser's user activation), and again
  // from the Copy button's own click handler — and is shown in a field over the game, selected,
  // for the player to copy by hand (a phone's long press) where the clipboard is shut.
  var shareBox = null;
  function copyText(text, field) {
    try {
      if (navigator.clipboard && navigator.clipboard.writeText) {
        navigator.clipboard.writeText(text).catch(function () { copySelected(field); });
        return;
      }
    } catch (e) {}
    copySelected(field);
  }
  function copySelected(field) {
    try {
      if (!field) return;
      field.focus();
      field.select();
      document.execCommand("copy");
    } catch (e) {}
  }
  function showShare(text) {
    if (!shareBox) {
      shareBox = document.createElement("div");
      shareBox.id = "solitaire-share";
      shareBox.style.cssText = "position:fixed;left:50%;top:8px;transform:translateX(-50%);" +
        "z-index:10;display:flex;gap:6px;align-items:center;max-width:96vw;padding:6px;" +
        "background:#1b2a1f;border:2px solid #e8c95a;border-radius:4px;font:16px sans-serif";
      var field = document.createElement("input");
      field.type = "text";
      field.readOnly = true;
      field.setAttribute("aria-label", words.link);
      field.style.cssText = "flex:1;min-width:0;width:60vw;height:40px;font:16px monospace";
      field.addEventListener("focus", function () { field.select(); });
      var copy = document.createElement("button");
      copy.textContent = words.copy;
      copy.style.cssText = "min-width:44px;height:44px;font:16px sans-serif;padding:0 10px";
      copy.addEventListener("click", function () { copyText(field.value, field); });
      var close = document.createElement("button");
      close.textContent = words.close;
      close.style.cssText = "min-width:44px;height:44px;font:16px sans-serif;padding:0 10px";
      close.addEventListener("click", function () { shareBox.style.display = "none"; });
      shareBox.appendChild(field);
      shareBox.appendChild(copy);
      shareBox.appendChild(close);
      (document.querySelector("main") || document.body).appendChild(shareBox);
    }
    var input = shareBox.firstChild;
    input.value = text;
    shareBox.style.display = "flex";
    try { input.focus({ preventScroll: true }); input.select(); } catch (e) {}
    copyText(text, null);
  }
  function solitaireShare(ptr, len) {
    try {
      showShare(new TextDecoder().decode(new Uint8Array(wasm_memory.buffer, ptr, len)));
    } catch (e) {}
  }
  // A paste into the page (Ctrl+V, or into the share field): its text goes to the game, which
  // opens the link, code or replay it holds when New Game is on show.
  var pasted = null;
  document.addEventListener("paste", function (e) {
    try {
      var text = (e.clipboardData || window.clipboardData).getData("text") || "";
      if (text) pasted = new TextEncoder().encode(text.slice(0, 200000));
    } catch (err) {}
  });
  function pasteLen() { return pasted ? pasted.length : 0; }
  function pasteCopy(ptr, len) {
    if (pasted) new Uint8Array(wasm_memory.buffer, ptr, len).set(pasted.subarray(0, len));
    pasted = null;
  }

  // For a screen reader: the game's lines go into the page's live region (an unchanged text
  // is not read again, so a line said twice in a row is told apart by a no-break space), and
  // the language it speaks becomes the page's, with the table's label in that language.
  function utf8(ptr, len) {
    return new TextDecoder().decode(new Uint8Array(wasm_memory.buffer, ptr, len));
  }
  function announce(ptr, len) {
    try {
      var live = document.getElementById("solitaire-live");
      var line = utf8(ptr, len);
      if (live) live.textContent = live.textContent === line ? line + "\u00a0" : line;
    } catch (e) {}
  }
  function label(langPtr, langLen, ptr, len) {
    try {
      document.documentElement.lang = utf8(langPtr, langLen);
      var canvas = document.getElementById("glcanvas");
      if (canvas) canvas.setAttribute("aria-label", utf8(ptr, len));
    } catch (e) {}
  }

  // The loader's bundle carries plugins this game does not use (sound, networking, JS objects);
  // at start it would log a line for each. They are left out of that check, and only of it:
  // their imports stay registered.
  if (typeof init_plugins === "function") {
    var initAll = init_plugins;
    init_plugins = function (list) {
      return initAll((list || []).filter(function (p) {
        return p.name === "solitaire" || (wasm_exports && typeof wasm_exports[p.name + "_crate_version"] === "function");
      }));
    };
  }

  miniquad_add_plugin({
    name: "solitaire",
    version: 1,
    register_plugin: function (importObject) {
      importObject.env.solitaire_query_len = function () { return queryCode().length; };
      importObject.env.solitaire_query_copy = function (ptr, len) {
        new Uint8Array(wasm_memory.buffer, ptr, len).set(queryCode().subarray(0, len));
      };
      importObject.env.solitaire_lang_len = function (which) { return lang(which).length; };
      importObject.env.solitaire_lang_copy = function (which, ptr, len) {
        new Uint8Array(wasm_memory.buffer, ptr, len).set(lang(which).subarray(0, len));
      };
      importObject.env.solitaire_today = function () {
        var d = new Date();
        return d.getFullYear() * 10000 + (d.getMonth() + 1) * 100 + d.getDate();
      };
      importObject.env.solitaire_touch_screen = function () {
        try { return window.matchMedia("(pointer: coarse)").matches ? 1 : 0; } catch (e) { return 0; }
      };
      importObject.env.solitaire_storage_read = storageRead;
      importObject.env.solitaire_storage_copy = storageCopy;
      importObject.env.solitaire_storage_write = storageWrite;
      importObject.env.solitaire_storage_remove = storageRemove;
      importObject.env.solitaire_storage_keep_aside = storageKeepAside;
      importObject.env.solitaire_storage_claim = storageClaim;
      importObject.env.solitaire_storage_unsaved = storageUnsaved;
      importObject.env.solitaire_sound_load = soundLoad;
      importObject.env.solitaire_sound_play = soundPlay;
      importObject.env.solitaire_share = solitaireShare;
      importObject.env.solitaire_paste_len = pasteLen;
      importObject.env.solitaire_paste_copy = pasteCopy;
      importObject.env.solitaire_event_time = eventTime;
      importObject.env.solitaire_event_times_forget = eventTimesForget;
      importObject.env.solitaire_page_words = pageWords;
      importObject.env.solitaire_can_draw = canDraw;
      importObject.env.solitaire_cannot_draw = cannotDraw;
      importObject.env.solitaire_announce = announce;
      importObject.env.solitaire_label = label;
    },
  });
})();
