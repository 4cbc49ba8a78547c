// Solitaire's own small plugin for the miniquad loader: the ?code= of the page address, the
// save in localStorage (surviving a blocked storage, as in itch.io iframes with third-party
// cookies blocked), and a clean end to a drag when the button is let go outside the canvas.
(function () {
  "use strict";
  function queryCode() {
    var code = new URLSearchParams(window.location.search).get("code") || "";
    return new TextEncoder().encode(code.slice(0, 64));
  }
  var down = false;
  function releaseOutside() {
    if (down && typeof wasm_exports !== "undefined" && wasm_exports) {
      down = false;
      // Far outside the framebuffer: no pile is there, so dragged cards go back.
      wasm_exports.mouse_up(-100000, -100000, 0);
    }
  }
  window.addEventListener("mousedown", function () { down = true; }, true);
  window.addEventListener("mouseup", function (e) {
    if (e.target !== document.getElementById("glcanvas")) releaseOutside();
    down = false;
  }, true);
  document.addEventListener("mouseleave", releaseOutside);
  window.addEventListener("blur", releaseOutside);
  // No page scrolling or zooming while cards are dragged by touch.
  document.addEventListener("touchmove", function (e) { e.preventDefault(); }, { passive: false });

  var KEY = "solitaire.save";
  var pending = null;
  function storageRead() {
    try {
      var v = window.localStorage.getItem(KEY);
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
  function storageWrite(ptr, len) {
    try {
      var text = new TextDecoder().decode(new Uint8Array(wasm_memory.buffer, ptr, len));
      window.localStorage.setItem(KEY, text);
      return 1;
    } catch (e) {
      return 0;
    }
  }
  function storageKeepAside() {
    try {
      var v = window.localStorage.getItem(KEY);
      if (v !== null) window.localStorage.setItem(KEY + ".unreadable", v);
      window.localStorage.removeItem(KEY);
      return 1;
    } catch (e) {
      return 0;
    }
  }

  miniquad_add_plugin({
    name: "solitaire",
    version: 1,
    register_plugin: function (importObject) {
      importObject.env.solitaire_query_len = function () { return queryCode().length; };
      importObject.env.solitaire_query_copy = function (ptr, len) {
        new Uint8Array(wasm_memory.buffer, ptr, len).set(queryCode().subarray(0, len));
      };
      importObject.env.solitaire_storage_read = storageRead;
      importObject.env.solitaire_storage_copy = storageCopy;
      importObject.env.solitaire_storage_write = storageWrite;
      importObject.env.solitaire_storage_keep_aside = storageKeepAside;
    },
  });
})();
