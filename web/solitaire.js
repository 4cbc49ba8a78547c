// Solitaire's own small plugin for the miniquad loader: the ?code= of the page address, and a
// clean end to a drag when the button is let go outside the canvas or the page loses focus.
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

  miniquad_add_plugin({
    name: "solitaire",
    version: 1,
    register_plugin: function (importObject) {
      importObject.env.solitaire_query_len = function () { return queryCode().length; };
      importObject.env.solitaire_query_copy = function (ptr, len) {
        new Uint8Array(wasm_memory.buffer, ptr, len).set(queryCode().subarray(0, len));
      };
    },
  });
})();
