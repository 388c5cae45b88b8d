// Киты — a file the app's Python made, saved by the page itself (issue 53).
//
// The web client's own download (FilePicker.save_file with the bytes) passes the bytes through
// its messages and its file code on the page's one thread: the archive of 1,700 games (29 MiB)
// froze the screen 30–40 s. Python posts the bytes on the same-origin BroadcastChannel
// "kity-export" instead ({kityExport: key, name, type, bytes}: a Blob made in the worker); the page
// that shows the app makes a link that downloads it, and says so back ({kityExported: key[, error]}).
// A page of the app that is not shown (another tab) leaves it: one download. Nothing is sent
// anywhere. With no answer Python hands the file to the web client as before.
(function () {
  "use strict";

  let channel = null;
  try {
    channel = new BroadcastChannel("kity-export");
  } catch (e) {
    console.warn("file export: no BroadcastChannel", e);
    return;  // Python hears nothing and downloads through the web client
  }
  channel.onmessage = function (e) {
    const d = e.data;
    if (!d || typeof d.kityExport !== "string" || !d.bytes) return;
    if (document.visibilityState !== "visible") return;  // another tab of the app: not the one tapped
    try {
      // a Blob (made by Python's worker: no copy of the bytes on this thread), or bytes
      const blob = d.bytes instanceof Blob ? d.bytes : new Blob([d.bytes], { type: d.type || "application/octet-stream" });
      const url = URL.createObjectURL(blob);
      const a = document.createElement("a");
      a.href = url;
      a.download = String(d.name || "kity.json");
      a.style.display = "none";
      document.body.appendChild(a);
      a.click();
      a.remove();
      setTimeout(function () { URL.revokeObjectURL(url); }, 60000);
      channel.postMessage({ kityExported: d.kityExport });
    } catch (err) {
      console.warn("file export:", err);
      channel.postMessage({ kityExported: d.kityExport, error: String(err) });
    }
  };
})();
