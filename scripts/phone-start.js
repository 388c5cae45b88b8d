// How Python starts in the phone edition of Киты (issue 41; copied into the build as
// kity-start.js by scripts/publish.py, imported by the page's Python worker, python-worker.js).
//
// Starting Pyodide and importing Flet and the app takes seconds at every start on a phone. After
// the first start the worker keeps a memory snapshot of Python with every module of Home already
// imported (Pyodide's `_makeSnapshot` / `makeMemorySnapshot` / `_loadSnapshot`) in the Cache API,
// and later starts begin from it. What the snapshot holds: the modules, nothing else — it is
// taken before the app starts, before any JavaScript object is held by Python and before the
// games' folder is opened (the games load from IndexedDB after, as at any start). The files of
// the app (app.tar.gz) are not part of Python's memory: they are unpacked at every start.
//
// Any doubt about the stored snapshot — none, another build's (KEY below), a length or checksum
// that does not match (an interrupted or damaged write), or a browser/Pyodide that refuses it —
// means the normal start, silently (a line in the console), and a new snapshot is made.
import { loadPyodide } from "./pyodide/pyodide.mjs";
import createPyodideModule from "./pyodide/pyodide.asm.mjs";

const KEY = "__KEY__";          // this build: Pyodide, the app's files, this file (scripts/publish.py)
const MODULES = __MODULES__;     // imported into the snapshot (scripts/phone-start-modules.txt)
const CACHE = "kity.snapshot";   // not "kity-…": sw.js deletes those caches that are not its own
const ENTRY = "python-memory";

export const state = { how: "normal", why: "missing", made: null };
const started = performance.now();
// each step's time as the page's clock says it (ms after the page was opened): the worker's
// clock starts later; scripts/bench_phone.py prints them beside the page's own
export const times = { "worker started": Math.round(performance.timeOrigin + performance.now()) };
const log = (text, step) => {
    if (step) times[step] = Math.round(performance.timeOrigin + performance.now());
    console.log(`Киты start: ${text} (${Math.round(performance.now() - started)} ms)`);
};

const streams = {
    stdout: (text) => self.sendPythonOutput ? self.sendPythonOutput(text, false) : console.log(text),
    stderr: (text) => self.sendPythonOutput ? self.sendPythonOutput(text, true) : console.error(text),
};

// a 32-bit FNV-1a over the snapshot's words: an interrupted or damaged copy does not pass
export function checksum(bytes) {
    const words = new Uint32Array(bytes.buffer, bytes.byteOffset, bytes.byteLength >>> 2);
    let h = 0x811c9dc5;
    for (let i = 0; i < words.length; i++) h = Math.imul(h ^ words[i], 16777619);
    return (h >>> 0).toString(16);
}

async function stored() {
    if (!self.caches) return [null, "no Cache API"];
    const hit = await (await caches.open(CACHE)).match(ENTRY);
    if (!hit) return [null, "missing"];
    if (hit.headers.get("x-kity-build") !== KEY) return [null, "stale"];
    const bytes = new Uint8Array(await hit.arrayBuffer());
    if (String(bytes.byteLength) !== hit.headers.get("x-kity-length") || bytes.byteLength % 4 !== 0
        || checksum(bytes) !== hit.headers.get("x-kity-sum")) return [null, "damaged"];
    return [bytes, null];
}

const archive = fetch("app.tar.gz").then((r) => {
    if (!r.ok) throw new Error(`app.tar.gz: HTTP ${r.status}`);
    return r.arrayBuffer();
});

// The app's archive (a GNU tar, gzipped, written by scripts/publish.py) unpacked into the working
// folder, as Flet's worker does, but by the browser's own gunzip and this loop: Python's tarfile
// took 0.5-2 s over its 570 files. A file's time is kept (compiled modules are checked by it).
async function unpack(py) {
    const gz = new Blob([await archive]).stream().pipeThrough(new DecompressionStream("gzip"));
    const tar = new Uint8Array(await new Response(gz).arrayBuffer());
    const FS = py.FS, cwd = FS.cwd(), utf8 = new TextDecoder();
    const text = (a, b) => {
        const s = tar.subarray(a, b), end = s.indexOf(0);
        return utf8.decode(end >= 0 ? s.subarray(0, end) : s);
    };
    const octal = (a, b) => parseInt(text(a, b).trim() || "0", 8);
    let pos = 0, longName = null, files = 0;
    while (pos + 512 <= tar.length && tar[pos] !== 0) {
        const name = longName ?? text(pos, pos + 100);
        longName = null;
        const size = octal(pos + 124, pos + 136), mtime = octal(pos + 136, pos + 148);
        const type = String.fromCharCode(tar[pos + 156] || 48), body = pos + 512;
        pos = body + Math.ceil(size / 512) * 512;
        if (type === "L") { longName = text(body, body + size); continue; }  // GNU: the next entry's long name
        const path = `${cwd}/${name.replace(/^\.\//, "").replace(/\/$/, "")}`;
        if (type === "5") { FS.mkdirTree(path); continue; }
        if (type !== "0") continue;
        FS.mkdirTree(path.slice(0, path.lastIndexOf("/")));
        FS.writeFile(path, tar.subarray(body, body + size));
        FS.utime(path, mtime * 1000, mtime * 1000);
        files++;
    }
    if (!files) throw new Error("app.tar.gz: no files");
}

async function restore(bytes) {
    // The snapshot holds the whole memory of the Python it was taken from; this Pyodide's
    // WebAssembly memory starts smaller (its INITIAL_MEMORY setting is ignored: the module owns
    // its memory), so it is grown before the snapshot is copied in.
    const heap = bytes.byteLength - new Uint32Array(bytes.buffer, bytes.byteOffset, 4)[1];
    const py = await loadPyodide({
        ...streams, _loadSnapshot: bytes,
        createPyodideModule: async (settings) => {
            const module = await createPyodideModule(settings);
            if (module.HEAP8.length < heap) module.growMemory(heap);
            return module;
        },
    });
    log("Python restored", "python restored");
    const key = py.runPython("getattr(__import__('sys').modules.get('__kity_snapshot__'), 'KEY', None)");
    if (key !== KEY) throw new Error(`the snapshot says it is of ${key}`);
    await unpack(py);
    log("app files unpacked", "files unpacked");
    return py;
}

async function fresh() {
    const py = await loadPyodide({ ...streams, _makeSnapshot: true });
    log("Python started", "python started");
    await unpack(py);
    log("app files unpacked", "files unpacked");
    let snapshot = null;
    try {
        // the modules of Home, compiled at build time by this Pyodide (their .pyc files beside
        // their sources in app.tar.gz: scripts/publish.py), imported from those; one without
        // them is compiled from source and not written
        py.globals.set("kity_modules", JSON.stringify(MODULES));
        py.runPython(`
import sys, types, json
_kity_pyc = (sys.pycache_prefix, sys.dont_write_bytecode)
sys.pycache_prefix, sys.dont_write_bytecode = None, True
sys.path.insert(0, "__pypackages__")
for _name in json.loads(kity_modules):
    try:
        __import__(_name)
    except Exception as _e:  # a module this browser lacks: imported (or not) by the app later
        print("Киты start: not in the snapshot:", _name, _e)
try:  # Babel's data of the app's languages, read once here: the dates of the history and the
    # league (issue 53: read at their first opening, a third of a second in the phone's Python)
    import babel.localedata as _data
    for _name in ("ru", "en"):
        _data.load(_name)
    del _data
except Exception as _e:
    print("Киты start: no locale data in the snapshot:", _e)
_m = types.ModuleType("__kity_snapshot__")
_m.KEY = "${KEY}"
sys.modules["__kity_snapshot__"] = _m
sys.path.remove("__pypackages__")  # Flet's worker puts it first again
sys.pycache_prefix, sys.dont_write_bytecode = _kity_pyc  # companion/base/platform.py decides at the start
del kity_modules, _name, _m, _kity_pyc`);
        log("modules imported", "modules imported");
        const t = performance.now();
        snapshot = py.makeMemorySnapshot();
        log(`snapshot made: ${snapshot.byteLength} bytes in ${Math.round(performance.now() - t)} ms`, "snapshot made");
    } catch (e) {
        log(`no snapshot: ${e}`);
    }
    // `_makeSnapshot` gives Python the worker's globals through a recording proxy, whose getters
    // run on the proxy: `js.navigator.storage` fails there ("Illegal invocation"). The app runs
    // on the worker's own globals.
    py._api.config.jsglobals = globalThis;
    py.registerJsModule("js", globalThis);
    py.runPython("import sys; sys.modules.pop('js', None)");
    return [py, snapshot];
}

async function keep(snapshot) {
    try {
        const cache = await caches.open(CACHE);
        await cache.put(ENTRY, new Response(snapshot, {
            headers: {
                "x-kity-build": KEY, "x-kity-length": String(snapshot.byteLength), "x-kity-sum": checksum(snapshot),
                "Content-Type": "application/octet-stream",
            },
        }));
        state.made = "kept";
        log("snapshot kept");
    } catch (e) {
        state.made = `not kept: ${e}`;
        log(`snapshot not kept: ${e}`);  // e.g. storage full: the next start is a normal one
    }
}

async function start() {
    try {
        const [bytes, why] = await stored();
        log(`snapshot read: ${why || "ok"}`, "snapshot read");
        if (bytes) {
            const py = await restore(bytes);
            state.how = "snapshot";
            state.why = null;
            log("started from the snapshot");
            return py;
        }
        state.why = why;
    } catch (e) {
        state.why = `refused: ${e}`;
    }
    log(`normal start (${state.why})`);
    const [py, snapshot] = await fresh();
    // kept once Python has started the app: the copy does not hold the first screen back
    if (snapshot) {
        state.keep = () => {
            state.keep = null;  // the snapshot's bytes are let go once kept
            state.made = "keeping";
            return keep(snapshot);
        };
    }
    return py;
}

state.times = times;

// started as soon as the worker is (the page creates it before the web client asks for it)
export const pyodide = start();
