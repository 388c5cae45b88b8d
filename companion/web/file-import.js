// Киты — a picked file handed to the app's Python on the page itself (issue 53).
//
// The phone edition has no server: to read a picked file, the app asks the web client to upload
// it (PUT …/kity-import/<id>) — the client's only way to hand over a file it has not read — and
// reads the bytes back. That PUT used to be answered by the app's service worker, so with none
// (the page served over plain http under a LAN name, or service workers switched off) the first
// pick of any file was refused. Now the page answers it here, before any service worker or
// network sees it: the body goes to Python over the same-origin BroadcastChannel "kity-import"
// (which exists without a secure context, unlike the Cache API) and the request ends with an
// empty 204/200 at once. Nothing is sent anywhere. Only a file whose size passed is ever
// uploaded (companion/widgets/records.py learns the size first and refuses a larger one unread).
// Before any upload, the picked file's handle itself goes over that channel (below): read in the
// worker, the upload is not needed at all.
(function () {
  "use strict";

  const CHANNEL = "kity-import";
  const MARK = "/kity-import/";
  let channel = null;
  try {
    channel = new BroadcastChannel(CHANNEL);
  } catch (e) {
    console.warn("file import: no BroadcastChannel", e);
    return;  // the service worker, where there is one, still takes the upload
  }

  function importPath(method, url) {
    try {
      const u = new URL(String(url), location.href);
      if (String(method || "GET").toUpperCase() === "PUT" && u.origin === location.origin
          && u.pathname.includes(MARK)) return u.pathname;
    } catch (e) { /* not a URL: not ours */ }
    return null;
  }

  async function bytesOf(body) {
    if (body == null) return new ArrayBuffer(0);
    if (body instanceof ArrayBuffer) return body;
    if (ArrayBuffer.isView(body)) return body.buffer.slice(body.byteOffset, body.byteOffset + body.byteLength);
    if (typeof body === "string") return new TextEncoder().encode(body).buffer;
    return new Response(body).arrayBuffer();  // a Blob, a stream, form data…
  }

  async function hand(path, body) {
    const bytes = await bytesOf(body);
    channel.postMessage({ kityImport: path, bytes: bytes });
  }

  // A picked file itself, as the page's file input gives it: a handle, no byte read. The web
  // client reads a picked file only to upload it, and it copies the bytes one at a time between
  // JavaScript and its WebAssembly on the page's own thread (a 30 MB archive froze the screen
  // 0.4 s); the app's Python reads the handle in its worker instead, off the screen's thread, and
  // asks for that upload only if no handle came. Every file input that opens a picker says it.
  const click = HTMLInputElement.prototype.click;
  HTMLInputElement.prototype.click = function () {
    if (this.type === "file" && !this.kityPicks) {
      this.kityPicks = true;
      this.addEventListener("change", () => {
        for (const file of this.files || []) {
          try {
            channel.postMessage({ kityPicked: file.name, size: file.size, file: file });
          } catch (e) { console.warn("file import: a picked file not handed over", e); }
        }
      });
    }
    return click.apply(this, arguments);
  };

  // fetch (what the web client's HTTP library may use)
  const realFetch = window.fetch;
  window.fetch = function (input, init) {
    const isRequest = typeof Request !== "undefined" && input instanceof Request;
    const method = (init && init.method) || (isRequest ? input.method : "GET");
    const path = importPath(method, isRequest ? input.url : input);
    if (path === null) return realFetch.apply(this, arguments);
    return (async () => {
      const body = init && "body" in init ? init.body : (isRequest ? await input.arrayBuffer() : null);
      await hand(path, body);
      return new Response(null, { status: 204 });
    })();
  };

  // XMLHttpRequest (the other one it may use): the request becomes a read of an empty blob of
  // this page — a 200 with no network — once the body was handed over
  const open = XMLHttpRequest.prototype.open;
  const send = XMLHttpRequest.prototype.send;
  const EMPTY = URL.createObjectURL(new Blob([]));
  XMLHttpRequest.prototype.open = function (method, url) {
    const path = importPath(method, url);
    this.kityImport = path;
    if (path === null) return open.apply(this, arguments);
    const rest = Array.prototype.slice.call(arguments, 2);
    return open.call(this, "GET", EMPTY, ...rest);
  };
  XMLHttpRequest.prototype.send = function (body) {
    const path = this.kityImport;
    if (!path) return send.apply(this, arguments);
    const xhr = this;
    hand(path, body).then(() => send.call(xhr), (e) => {
      console.warn("file import:", e);
      send.call(xhr);  // answered all the same: the app finds no bytes and says it could not read the file
    });
    return undefined;
  };
})();
