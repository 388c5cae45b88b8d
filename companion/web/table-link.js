// Киты — the table link of the phone edition (issue 40; docs/table-link.md).
//
// Python runs in a web worker, where RTCPeerConnection and the camera do not exist. This script
// runs on the page's main thread: it owns the WebRTC peer connections (one data channel each,
// no STUN/TURN: host candidates on the table's Wi-Fi) and the camera, and it talks to Python
// through the same-origin BroadcastChannel "kity-table": ops in ({op: ...}), events out
// ({ev: ...}). Signaling travels only in QR codes: an offer or answer is packed into ~100 bytes
// (ICE ufrag/pwd, the DTLS fingerprint, the setup role, the host candidates) and rebuilt into a
// full SDP on the other side. Nothing here sends a request anywhere.
(function () {
  "use strict";

  const CHANNEL = "kity-table";
  const LOCK = "kity-table-link";
  const MAX_MESSAGE = 256 * 1024;     // bytes (UTF-8) of one message, both ways
  const MAX_GUESTS = 9;               // peer connections a host keeps (10 players at most)
  const MAX_TEXT = 1024;              // characters of a code or scanned text we look at
  const MAX_BYTES = 400;              // bytes of a packed code
  const MAX_CANDIDATES = 8;
  const GATHER_MS = 5000;             // ICE gathering: what was gathered by then is used
  const OPEN_MS = 20000;              // an accepted answer whose channel is not open by then fails
  const MAGIC = 0xa0, VERSION = 1;    // byte 0: high nibble Киты, low nibble the format version
  const KIND_INVITE = 1, KIND_ANSWER = 2;
  const SETUPS = ["actpass", "active", "passive"];
  const SCRIPT_URL = (document.currentScript && document.currentScript.src) || document.baseURI;

  // ------------------------------------------------------------------------- bytes and text
  const B32 = "ABCDEFGHIJKLMNOPQRSTUVWXYZ234567";
  const B45 = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ $%*+-./:";
  const ICE = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";

  function base32(bytes) {  // RFC 4648, no padding: every character in QR alphanumeric mode
    let out = "", acc = 0, bits = 0;
    for (const b of bytes) {
      acc = (acc << 8) | b; bits += 8;
      while (bits >= 5) { bits -= 5; out += B32[(acc >> bits) & 31]; }
      acc &= (1 << bits) - 1;
    }
    if (bits) out += B32[(acc << (5 - bits)) & 31];
    return out;
  }

  function unbase32(text) {
    if (!/^[A-Z2-7]+$/.test(text) || [1, 3, 6].includes(text.length % 8)) return null;
    const out = [];
    let acc = 0, bits = 0;
    for (const ch of text) {
      acc = (acc << 5) | B32.indexOf(ch); bits += 5;
      if (bits >= 8) { bits -= 8; out.push((acc >> bits) & 255); }
      acc &= (1 << bits) - 1;
    }
    return acc === 0 ? Uint8Array.from(out) : null;  // the padding bits are zero
  }

  function base45(bytes) {  // RFC 9285
    let out = "";
    for (let i = 0; i < bytes.length; i += 2) {
      if (i + 1 < bytes.length) {
        const n = bytes[i] * 256 + bytes[i + 1];
        out += B45[n % 45] + B45[Math.floor(n / 45) % 45] + B45[Math.floor(n / 2025)];
      } else {
        out += B45[bytes[i] % 45] + B45[Math.floor(bytes[i] / 45)];
      }
    }
    return out;
  }

  function unbase45(text) {
    if (!/^[0-9A-Z $%*+\-./:]+$/.test(text) || text.length % 3 === 1) return null;
    const out = [];
    for (let i = 0; i < text.length; i += 3) {
      const c = B45.indexOf(text[i]), d = B45.indexOf(text[i + 1]);
      if (i + 2 < text.length) {
        const n = c + d * 45 + B45.indexOf(text[i + 2]) * 2025;
        if (n > 65535) return null;
        out.push(n >> 8, n & 255);
      } else {
        const n = c + d * 45;
        if (n > 255) return null;
        out.push(n);
      }
    }
    return Uint8Array.from(out);
  }

  let CRC_TABLE = null;
  function crc32(bytes) {
    if (!CRC_TABLE) {
      CRC_TABLE = new Uint32Array(256);
      for (let n = 0; n < 256; n++) {
        let c = n;
        for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
        CRC_TABLE[n] = c >>> 0;
      }
    }
    let c = 0xffffffff;
    for (const b of bytes) c = CRC_TABLE[(c ^ b) & 255] ^ (c >>> 8);
    return (c ^ 0xffffffff) >>> 0;
  }

  const hex = (bytes) => Array.from(bytes, (b) => b.toString(16).padStart(2, "0")).join("");
  const unhex = (s) => Uint8Array.from(s.match(/../g) || [], (h) => parseInt(h, 16));
  const random = (n) => crypto.getRandomValues(new Uint8Array(n));

  class Fail extends Error {  // a refusal with a reason code (never reaches the page)
    constructor(reason, detail) { super(detail || reason); this.reason = reason; }
  }

  // ------------------------------------------------------------------------- SDP ↔ fields
  function parseAddress(addr) {  // → [type, bytes] of a host candidate's address, or null
    let m = /^(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})$/.exec(addr);
    if (m) {
      const parts = m.slice(1).map(Number);
      return parts.every((p) => p <= 255) ? [1, Uint8Array.from(parts)] : null;
    }
    if (addr.includes(":")) {
      if (!/^[0-9a-fA-F:]+$/.test(addr) || (addr.match(/::/g) || []).length > 1) return null;
      const [head, tail] = addr.includes("::") ? addr.split("::") : [addr, null];
      const h = head ? head.split(":") : [], t = tail ? tail.split(":") : [];
      if (tail === null ? h.length !== 8 : h.length + t.length > 7) return null;
      const groups = [...h, ...Array(8 - h.length - t.length).fill("0"), ...t];
      if (!groups.every((g) => /^[0-9a-fA-F]{1,4}$/.test(g))) return null;
      const out = new Uint8Array(16);
      groups.forEach((g, i) => { const n = parseInt(g, 16); out[2 * i] = n >> 8; out[2 * i + 1] = n & 255; });
      return [2, out];
    }
    m = /^([0-9a-f]{8})-([0-9a-f]{4})-([0-9a-f]{4})-([0-9a-f]{4})-([0-9a-f]{12})\.local$/i.exec(addr);
    if (m) return [3, unhex(m.slice(1).join("").toLowerCase())];
    if (/^[A-Za-z0-9-]{1,63}\.local$/.test(addr)) return [4, new TextEncoder().encode(addr.slice(0, -6))];
    return null;
  }

  function formatAddress(type, bytes) {
    if (type === 1) return Array.from(bytes).join(".");
    if (type === 2) {
      const g = [];
      for (let i = 0; i < 16; i += 2) g.push(((bytes[i] << 8) | bytes[i + 1]).toString(16));
      return g.join(":");
    }
    if (type === 3) {
      const h = hex(bytes);
      return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20)}.local`;
    }
    return new TextDecoder().decode(bytes) + ".local";
  }

  // The fields of a local description that the other side needs (throws Fail).
  function fromSdp(sdp) {
    const lines = String(sdp).split(/\r?\n/);
    const get = (prefix) => { const l = lines.find((x) => x.startsWith(prefix)); return l ? l.slice(prefix.length).trim() : null; };
    if (lines.filter((l) => l.startsWith("m=")).length !== 1 || !lines.some((l) => l.startsWith("m=application ")))
      throw new Fail("unsupported-sdp", "one data channel m-line expected");
    if (get("a=mid:") !== "0") throw new Fail("unsupported-sdp", "mid 0 expected");
    const ufrag = get("a=ice-ufrag:"), pwd = get("a=ice-pwd:"), setup = get("a=setup:");
    const fp = get("a=fingerprint:");
    if (!ufrag || !pwd || !fp || !setup) throw new Fail("unsupported-sdp", "ICE or DTLS fields missing");
    const [algo, value] = fp.split(/\s+/);
    if (algo.toLowerCase() !== "sha-256" || !/^([0-9A-Fa-f]{2}:){31}[0-9A-Fa-f]{2}$/.test(value || ""))
      throw new Fail("unsupported-sdp", "a sha-256 fingerprint expected");
    const candidates = [], seen = new Set();
    for (const l of lines) {
      if (!l.startsWith("a=candidate:")) continue;
      const f = l.slice(12).split(/\s+/);  // foundation component transport priority address port typ type …
      if (f.length < 8 || f[1] !== "1" || f[2].toLowerCase() !== "udp" || f[6] !== "typ" || f[7] !== "host") continue;
      const addr = parseAddress(f[4]), port = Number(f[5]);
      if (!addr || !(port > 0 && port < 65536) || seen.has(f[4] + " " + port)) continue;
      seen.add(f[4] + " " + port);
      candidates.push({ type: addr[0], address: addr[1], port });
    }
    if (!candidates.length) throw new Fail("no-candidates", "no host candidate gathered");
    return { ufrag, pwd, fingerprint: unhex(value.replace(/:/g, "")), setup: SETUPS.indexOf(setup),
             candidates: candidates.slice(0, MAX_CANDIDATES) };
  }

  // A full SDP rebuilt from the packed fields (the same m-line every browser makes for a
  // data channel; candidates in the order given, host priorities).
  function toSdp(f) {
    const fp = Array.from(f.fingerprint, (b) => b.toString(16).padStart(2, "0").toUpperCase()).join(":");
    const session = parseInt(hex(f.fingerprint.slice(0, 6)), 16);
    const out = ["v=0", `o=- ${session} 2 IN IP4 127.0.0.1`, "s=-", "t=0 0", "a=group:BUNDLE 0",
                 "a=msid-semantic: WMS", "m=application 9 UDP/DTLS/SCTP webrtc-datachannel", "c=IN IP4 0.0.0.0"];
    f.candidates.forEach((c, i) => {
      const priority = 126 * 2 ** 24 + (65535 - i) * 2 ** 8 + 255;
      out.push(`a=candidate:${i + 1} 1 udp ${priority} ${formatAddress(c.type, c.address)} ${c.port} typ host generation 0`);
    });
    out.push("a=end-of-candidates", `a=ice-ufrag:${f.ufrag}`, `a=ice-pwd:${f.pwd}`, "a=ice-options:trickle",
             `a=fingerprint:sha-256 ${fp}`, `a=setup:${SETUPS[f.setup]}`, "a=mid:0", "a=sctp-port:5000",
             `a=max-message-size:${MAX_MESSAGE}`);
    return out.join("\r\n") + "\r\n";
  }

  // ------------------------------------------------------------------------- the binary code
  // byte 0      0xA0 | version (1)
  // byte 1      kind << 4 | setup        kind: 1 invitation, 2 answer; setup: actpass/active/passive
  // invitation  8 bytes table id, 16 bytes one-time secret; answer: the 16-byte secret returned
  // ufrag, pwd  1 byte: character count, then the characters at 6 bits each (ICE's 64 characters)
  // 32 bytes    the DTLS certificate's sha-256 fingerprint
  // 1 byte      candidate count (1–8), each: 1 byte type (1 IPv4, 2 IPv6, 3 mDNS uuid.local,
  //             4 other .local name: 1 byte length + name), the address, 2 bytes port
  // 2 bytes     CRC-32 of everything before, low 16 bits (a mistyped or mangled code)
  function packIce(out, text, min, max) {
    if (text.length < min || text.length > max || [...text].some((c) => !ICE.includes(c)))
      throw new Fail("unsupported-sdp", "ICE credentials out of range");
    out.push(text.length);
    let acc = 0, bits = 0;
    for (const ch of text) {
      acc = (acc << 6) | ICE.indexOf(ch); bits += 6;
      while (bits >= 8) { bits -= 8; out.push((acc >> bits) & 255); }
      acc &= (1 << bits) - 1;
    }
    if (bits) out.push((acc << (8 - bits)) & 255);
  }

  function pack(f) {
    const out = [MAGIC | VERSION, (f.kind << 4) | f.setup];
    if (f.kind === KIND_INVITE) out.push(...f.table);
    out.push(...f.secret);
    packIce(out, f.ufrag, 4, 32);
    packIce(out, f.pwd, 22, 64);
    out.push(...f.fingerprint, f.candidates.length);
    for (const c of f.candidates) {
      out.push(c.type);
      if (c.type === 4) out.push(c.address.length);
      out.push(...c.address, c.port >> 8, c.port & 255);
    }
    const crc = crc32(out);
    out.push((crc >> 8) & 255, crc & 255);
    return Uint8Array.from(out);
  }

  function unpack(bytes) {  // → fields, or throws Fail with a reason
    if (bytes.length > MAX_BYTES) throw new Fail("too-long");
    if (bytes.length < 4 || (bytes[0] & 0xf0) !== MAGIC) throw new Fail("not-kity");
    if ((bytes[0] & 15) !== VERSION) throw new Fail("version");
    const crc = crc32(bytes.subarray(0, bytes.length - 2));
    if (bytes[bytes.length - 2] !== ((crc >> 8) & 255) || bytes[bytes.length - 1] !== (crc & 255))
      throw new Fail("checksum");
    const end = bytes.length - 2;
    let i = 2;
    const take = (n) => {
      if (i + n > end) throw new Fail("malformed", "the code ends too early");
      const part = bytes.slice(i, i + n); i += n; return part;
    };
    const kind = bytes[1] >> 4, setup = bytes[1] & 15;
    if ((kind !== KIND_INVITE && kind !== KIND_ANSWER) || setup >= SETUPS.length) throw new Fail("malformed", "kind");
    const f = { kind, setup };
    if (kind === KIND_INVITE) f.table = take(8);
    f.secret = take(16);
    const ice = (min, max) => {
      const n = take(1)[0];
      if (n < min || n > max) throw new Fail("malformed", "ICE credential length");
      const packed = take(Math.ceil((n * 6) / 8));
      let acc = 0, bits = 0, s = "";
      for (const b of packed) {
        acc = (acc << 8) | b; bits += 8;
        while (bits >= 6 && s.length < n) { bits -= 6; s += ICE[(acc >> bits) & 63]; }
        acc &= (1 << bits) - 1;
      }
      if (acc !== 0) throw new Fail("malformed", "ICE credential padding");
      return s;
    };
    f.ufrag = ice(4, 32);
    f.pwd = ice(22, 64);
    f.fingerprint = take(32);
    const count = take(1)[0];
    if (count < 1 || count > MAX_CANDIDATES) throw new Fail("malformed", "candidate count");
    f.candidates = [];
    for (let k = 0; k < count; k++) {
      const type = take(1)[0];
      let len;
      if (type === 1) len = 4;
      else if (type === 2 || type === 3) len = 16;
      else if (type === 4) { len = take(1)[0]; if (len < 1 || len > 63) throw new Fail("malformed", "name length"); }
      else throw new Fail("malformed", "candidate type");
      const address = take(len);
      if (type === 4 && !/^[A-Za-z0-9-]+$/.test(new TextDecoder().decode(address))) throw new Fail("malformed", "name");
      const p = take(2), port = (p[0] << 8) | p[1];
      if (port === 0) throw new Fail("malformed", "port");
      f.candidates.push({ type, address, port });
    }
    if (i !== end) throw new Fail("malformed", "bytes left over");
    return f;
  }

  // Invitations travel in a URL (…/#join=CODE, the phone's camera app opens it): base32, which
  // a QR code holds in alphanumeric mode and a URL carries as it is. Answers are read only by
  // the app's own scanner: base45 (also alphanumeric mode, 7 % fewer bits than base32).
  function encode(f) {
    const bytes = pack(f);
    return { code: f.kind === KIND_INVITE ? base32(bytes) : base45(bytes), bytes: bytes.length };
  }

  // Any text (a scanned QR, a pasted code, a URL with #join=) → {ok: true, ...fields} or
  // {ok: false, reason}. Never throws.
  function decode(text, expect) {
    try {
      if (typeof text !== "string") throw new Fail("not-kity");
      let s = text.trim();
      if (!s) throw new Fail("empty");
      if (s.length > MAX_TEXT) throw new Fail("too-long");
      const at = s.indexOf("#join=");
      if (at >= 0) s = s.slice(at + 6).split(/[&#?]/)[0];
      else if (/^[a-z][a-z0-9+.-]*:\/\//i.test(s)) throw new Fail("not-kity");
      if (!s) throw new Fail("empty");
      const bytes = unbase32(s) || unbase45(s);
      if (!bytes) throw new Fail("not-kity");
      const f = unpack(bytes);
      if (expect && f.kind !== expect) throw new Fail("wrong-kind");
      return Object.assign({ ok: true, bytes: bytes.length }, f);
    } catch (e) {
      return { ok: false, reason: e instanceof Fail ? e.reason : "malformed" };
    }
  }

  // ------------------------------------------------------------------------- the relay
  const channel = new BroadcastChannel(CHANNEL);
  const peers = new Map();      // id → {id, side: "guest" | "host", pc, dc, state, secret, t0, timer}
  const pending = new Map();    // secret (hex) → peer id of an invitation not yet answered
  const used = new Set();       // secrets of invitations answered once
  const revoked = new Set();    // secrets of invitations replaced or dropped
  let table = random(8);
  let counter = 0;
  let heard = false;            // Python has spoken: events flow (before, they wait in `queue`)
  const queue = [];
  let active = null;            // this tab holds the link (one tab per browser does)
  const early = [];             // ops that arrived before `active` was known

  function post(ev) {
    if (heard) channel.postMessage(ev);
    else if (queue.length < 64) queue.push(ev);
  }

  function fail(op, reason, extra) {
    post(Object.assign({ ev: "error", op, reason }, extra || {}));
  }

  function utf8Length(s) {
    if (s.length * 3 <= MAX_MESSAGE) return s.length;  // surely small enough
    return s.length > MAX_MESSAGE ? s.length : new TextEncoder().encode(s).length;
  }

  async function gathered(pc) {
    if (pc.iceGatheringState === "complete") return;
    await new Promise((done) => {
      const timer = setTimeout(done, GATHER_MS);
      pc.addEventListener("icegatheringstatechange", () => {
        if (pc.iceGatheringState === "complete") { clearTimeout(timer); done(); }
      });
    });
  }

  function wire(peer, dc) {
    peer.dc = dc;
    dc.onopen = () => {
      if (peer.state === "closed") return;
      peer.state = "open";
      clearTimeout(peer.timer);
      const ev = { ev: "open", peer: peer.id };
      if (peer.t0) ev.ms = Math.round(performance.now() - peer.t0);
      post(ev);
    };
    dc.onmessage = (e) => {
      if (typeof e.data !== "string") return post({ ev: "error", op: "receive", peer: peer.id, reason: "bad-data" });
      if (utf8Length(e.data) > MAX_MESSAGE) return post({ ev: "error", op: "receive", peer: peer.id, reason: "too-big" });
      post({ ev: "message", peer: peer.id, data: e.data });
    };
    dc.onclose = () => close(peer, "closed");
  }

  function watch(peer) {
    const pc = peer.pc;
    pc.onconnectionstatechange = () => {
      const s = pc.connectionState;
      if (s === "failed") close(peer, "failed");
      else if (peer.state === "open" && (s === "disconnected" || s === "connected"))
        post({ ev: "state", peer: peer.id, state: s });
    };
  }

  function close(peer, reason) {
    if (!peer || peer.state === "closed") return;
    const was = peer.state;
    peer.state = "closed";
    clearTimeout(peer.timer);
    peers.delete(peer.id);
    if (peer.secret && pending.get(peer.secret) === peer.id) { pending.delete(peer.secret); revoked.add(peer.secret); }
    try { if (peer.dc) peer.dc.close(); } catch (e) { /* already closed */ }
    try { peer.pc.close(); } catch (e) { /* already closed */ }
    post({ ev: "close", peer: peer.id, reason, was });
  }

  // A browser without WebRTC (GNOME Web, a locked-down browser) cannot link phones: said at
  // once (in the hello, and as the refusal of an invitation or a join), never a spinner (issue 47)
  const WEBRTC = typeof RTCPeerConnection === "function";

  function newPeer(id, side) {
    if (!WEBRTC) throw new Fail("no-webrtc");
    const peer = { id, side, pc: new RTCPeerConnection({ iceServers: [] }), dc: null, state: "pending" };
    peers.set(id, peer);
    watch(peer);
    return peer;
  }

  async function invite(op) {
    const linked = [...peers.values()].filter((p) => p.side === "guest" && p.state !== "pending").length;
    if (linked >= MAX_GUESTS) return fail("invite", "full");
    if (op.table !== undefined) {
      if (typeof op.table !== "string" || !/^[0-9a-f]{16}$/.test(op.table)) return fail("invite", "bad-table");
      table = unhex(op.table);
    }
    // one invitation shows at a time: an older one not answered yet stops working
    for (const id of [...pending.values()]) close(peers.get(id), "revoked");
    const peer = newPeer("g" + ++counter, "guest");
    peer.secret = hex(random(16));
    pending.set(peer.secret, peer.id);
    wire(peer, peer.pc.createDataChannel("kity", { ordered: true }));
    let f;
    try {
      await peer.pc.setLocalDescription(await peer.pc.createOffer());
      await gathered(peer.pc);
      if (peer.state === "closed") return;  // revoked meanwhile
      f = Object.assign(fromSdp(peer.pc.localDescription.sdp), { kind: KIND_INVITE, table, secret: unhex(peer.secret) });
    } catch (e) {
      close(peer, "failed");  // e.g. no network on this phone: no-candidates
      throw e;
    }
    const { code, bytes } = encode(f);
    const url = new URL(".", document.baseURI).href.split("#")[0] + "#join=" + code;
    post({ ev: "invite", peer: peer.id, code, url, table: hex(table), bytes });
  }

  async function join(op) {
    const f = decode(op.code, KIND_INVITE);
    if (!f.ok) return fail("join", f.reason);
    close(peers.get("host"), "replaced");
    const peer = newPeer("host", "host");
    peer.pc.ondatachannel = (e) => wire(peer, e.channel);
    try {
      await peer.pc.setRemoteDescription({ type: "offer", sdp: toSdp(f) });
    } catch (e) {
      close(peer, "bad-offer");
      return fail("join", "bad-offer");
    }
    // The guest is the DTLS server (setup:passive): the host, which controls ICE, then opens
    // DTLS on the pair it nominated — the guest that answered with the right credentials.
    // With chromium's default (the guest as DTLS client), a second phone answering the same
    // invitation sends its own handshake to the host first and the link fails.
    let mine;
    try {
      const answer = await peer.pc.createAnswer();
      answer.sdp = answer.sdp.replace(/a=setup:active/g, "a=setup:passive");
      await peer.pc.setLocalDescription(answer);
      await gathered(peer.pc);
      if (peer.state === "closed") return;
      mine = Object.assign(fromSdp(peer.pc.localDescription.sdp), { kind: KIND_ANSWER, secret: f.secret });
    } catch (e) {
      close(peer, "failed");
      throw e;
    }
    const { code, bytes } = encode(mine);
    post({ ev: "answer", peer: peer.id, code, table: hex(f.table), bytes });
  }

  async function accept(op) {
    const f = decode(op.code, KIND_ANSWER);
    if (!f.ok) return fail("accept", f.reason);
    const secret = hex(f.secret);
    if (used.has(secret)) return fail("accept", "used");
    if (revoked.has(secret)) return fail("accept", "expired");
    const peer = peers.get(pending.get(secret));
    if (!peer) return fail("accept", "unknown");
    pending.delete(secret);
    used.add(secret);
    peer.state = "accepted";
    peer.t0 = performance.now();
    try {
      await peer.pc.setRemoteDescription({ type: "answer", sdp: toSdp(f) });
    } catch (e) {
      close(peer, "bad-answer");
      return fail("accept", "bad-answer", { peer: peer.id });
    }
    peer.timer = setTimeout(() => close(peer, "timeout"), OPEN_MS);
    post({ ev: "accepted", peer: peer.id });
  }

  function send(op) {
    const peer = peers.get(op.peer);
    if (!peer) return fail("send", "no-peer", { peer: op.peer });
    if (typeof op.data !== "string") return fail("send", "bad-data", { peer: op.peer });
    if (utf8Length(op.data) > MAX_MESSAGE) return fail("send", "too-big", { peer: op.peer });
    if (peer.state !== "open" || !peer.dc || peer.dc.readyState !== "open") return fail("send", "not-open", { peer: op.peer });
    peer.dc.send(op.data);
  }

  const OPS = {
    hello: () => post({ ev: "hello", version: VERSION, maxMessage: MAX_MESSAGE, maxGuests: MAX_GUESTS, webrtc: WEBRTC,
                        scanner: "BarcodeDetector" in window ? "BarcodeDetector" : "jsQR",
                        peers: [...peers.values()].map((p) => ({ peer: p.id, state: p.state })) }),
    invite, join, accept, send,
    drop: (op) => { const p = peers.get(op.peer); if (!p) return fail("drop", "no-peer", { peer: op.peer }); close(p, "dropped"); },
    scan: (op) => scan(op),
    "scan-cancel": () => stopScan("cancelled"),
  };

  async function handle(op) {
    if (!op || typeof op !== "object" || typeof op.op !== "string") return;  // not ours (our own events, others)
    if (!heard) {
      heard = true;
      for (const ev of queue.splice(0)) channel.postMessage(ev);
      deliverJoinLink();
    }
    const run = Object.prototype.hasOwnProperty.call(OPS, op.op) ? OPS[op.op] : null;
    if (!run) return fail(op.op, "bad-op");
    try {
      await run(op);
    } catch (e) {
      console.warn("table link:", op.op, e);
      fail(op.op, e instanceof Fail ? e.reason : "internal", { detail: String(e && e.message || e).slice(0, 200) });
    }
  }

  channel.onmessage = (e) => {
    if (active === true) handle(e.data);
    else if (active === null && early.length < 32) early.push(e.data);
  };

  // One tab of a browser runs the link (Python of the tab that holds the games talks to it):
  // BroadcastChannel reaches every tab of the origin, and two relays would answer twice.
  function takeOver() {
    active = true;
    for (const op of early.splice(0)) handle(op);
  }
  if (navigator.locks && navigator.locks.request) {
    navigator.locks.request(LOCK, { ifAvailable: true }, (lock) => {
      if (!lock) {
        active = false;
        early.length = 0;
        navigator.locks.request(LOCK, () => { takeOver(); return new Promise(() => {}); });
        return undefined;
      }
      takeOver();
      return new Promise(() => {});  // held for the life of the page
    }).catch(() => takeOver());
  } else {
    takeOver();
  }

  // ------------------------------------------------------------------------- join by URL
  let joinCode = null;
  function takeJoinLink() {
    const h = location.hash;
    if (!h.startsWith("#join=")) return;
    joinCode = h.slice(6);
    try { sessionStorage.setItem("kity-join", joinCode); } catch (e) { /* private mode */ }
    // the app's routes live in the hash too: it starts at its home screen
    history.replaceState(history.state, "", location.pathname + location.search);
    if (heard) deliverJoinLink();
  }
  function deliverJoinLink() {
    if (joinCode === null) {
      try { joinCode = sessionStorage.getItem("kity-join"); } catch (e) { /* private mode */ }
    }
    if (joinCode === null) return;
    post({ ev: "join-link", code: joinCode });
    joinCode = null;
    try { sessionStorage.removeItem("kity-join"); } catch (e) { /* private mode */ }
  }
  takeJoinLink();
  window.addEventListener("hashchange", takeJoinLink);

  // ------------------------------------------------------------------------- the QR scanner
  let scanning = null;  // {overlay, stream, timer}
  let jsQRLoading = null;

  function loadJsQR() {
    if (window.jsQR) return Promise.resolve(window.jsQR);
    if (!jsQRLoading) {
      jsQRLoading = new Promise((done, failed) => {
        const s = document.createElement("script");
        s.src = new URL("vendor/jsQR.js", SCRIPT_URL).href;
        s.onload = () => (window.jsQR ? done(window.jsQR) : failed(new Error("jsQR missing")));
        s.onerror = () => { jsQRLoading = null; failed(new Error("jsQR did not load")); };
        document.head.appendChild(s);
      });
    }
    return jsQRLoading;
  }

  async function detector() {
    if ("BarcodeDetector" in window) {
      try {
        const formats = await window.BarcodeDetector.getSupportedFormats();
        if (formats.includes("qr_code")) {
          const d = new window.BarcodeDetector({ formats: ["qr_code"] });
          return async (video) => { const r = await d.detect(video); return r.length ? r[0].rawValue : null; };
        }
      } catch (e) { /* fall back to jsQR */ }
    }
    const jsQR = await loadJsQR();
    const canvas = document.createElement("canvas");
    const ctx = canvas.getContext("2d", { willReadFrequently: true });
    return async (video) => {
      const w = video.videoWidth, h = video.videoHeight;
      if (!w || !h) return null;
      const k = Math.min(1, 800 / Math.max(w, h));
      canvas.width = Math.round(w * k); canvas.height = Math.round(h * k);
      ctx.drawImage(video, 0, 0, canvas.width, canvas.height);
      const img = ctx.getImageData(0, 0, canvas.width, canvas.height);
      const r = jsQR(img.data, img.width, img.height, { inversionAttempts: "attemptBoth" });
      return r ? r.data : null;
    };
  }

  function overlay(op) {
    const el = document.createElement("div");
    el.id = "kity-scan";
    el.setAttribute("role", "dialog");
    el.setAttribute("aria-modal", "true");
    el.style.cssText = "position:fixed;inset:0;z-index:2147483000;background:#000;display:flex;" +
      "flex-direction:column;align-items:center;justify-content:space-between;" +
      "font:18px/1.4 system-ui,-apple-system,'Segoe UI',Roboto,sans-serif;color:#fff;text-align:center";
    const video = document.createElement("video");
    video.setAttribute("playsinline", "");
    video.muted = true;
    video.autoplay = true;
    video.style.cssText = "position:absolute;inset:0;width:100%;height:100%;object-fit:cover";
    const hint = document.createElement("div");
    hint.id = "kity-scan-hint";
    hint.style.cssText = "position:relative;z-index:1;margin-top:24px;padding:10px 16px;border-radius:12px;" +
      "background:rgba(0,0,0,.6);max-width:90vw";
    hint.textContent = typeof op.hint === "string" && op.hint ? op.hint.slice(0, 200)
      : "Наведите камеру на QR-код / Point the camera at the QR code";
    const frame = document.createElement("div");
    frame.style.cssText = "position:relative;width:min(70vw,60vh);aspect-ratio:1;border:4px solid rgba(255,255,255,.9);" +
      "border-radius:20px;box-shadow:0 0 0 100vmax rgba(0,0,0,.35)";
    const cancel = document.createElement("button");
    cancel.id = "kity-scan-cancel";
    cancel.type = "button";
    cancel.textContent = typeof op.cancel === "string" && op.cancel ? op.cancel.slice(0, 40) : "Отмена / Cancel";
    cancel.style.cssText = "position:relative;z-index:1;margin-bottom:32px;min-height:64px;width:min(86vw,380px);" +
      "border:0;border-radius:16px;background:#fff;color:#102a36;font-family:inherit;font-size:22px;" +
      "font-weight:600;cursor:pointer";
    cancel.onclick = () => stopScan("cancelled");
    el.append(video, hint, frame, cancel);
    document.body.appendChild(el);
    cancel.focus();
    return { el, video };
  }

  async function scan(op) {
    if (scanning) return post({ ev: "scan-error", reason: "busy" });
    if (!navigator.mediaDevices || !navigator.mediaDevices.getUserMedia)
      return post({ ev: "scan-error", reason: window.isSecureContext ? "no-camera" : "insecure" });
    const ui = overlay(op);
    const me = { el: ui.el, stream: null, timer: null };
    scanning = me;
    let stream;
    try {
      stream = await navigator.mediaDevices.getUserMedia({ audio: false,
        video: { facingMode: { ideal: "environment" }, width: { ideal: 1280 }, height: { ideal: 720 } } });
    } catch (e) {
      const reason = e && e.name === "NotAllowedError" ? "camera-denied"
        : e && (e.name === "NotFoundError" || e.name === "OverconstrainedError") ? "no-camera" : "camera-error";
      if (scanning === me) stopScan(reason);
      return;
    }
    if (scanning !== me) { stream.getTracks().forEach((t) => t.stop()); return; }  // cancelled meanwhile
    me.stream = stream;
    ui.video.srcObject = stream;
    let read;
    try {
      await ui.video.play().catch(() => {});
      read = await detector();
    } catch (e) {
      if (scanning === me) stopScan("no-decoder");
      return;
    }
    const tick = async () => {
      if (scanning !== me) return;
      let text = null;
      try { text = await read(ui.video); } catch (e) { /* a frame not ready */ }
      if (scanning !== me) return;
      if (typeof text === "string" && text) {
        stopScan(null);
        post({ ev: "scanned", text: text.slice(0, 4096) });
      } else {
        me.timer = setTimeout(tick, 120);
      }
    };
    tick();
  }

  function stopScan(reason) {
    const s = scanning;
    if (!s) return;
    scanning = null;
    clearTimeout(s.timer);
    if (s.stream) s.stream.getTracks().forEach((t) => t.stop());
    s.el.remove();
    if (reason) post({ ev: "scan-error", reason });
  }

  // for tests and the curious (read only in spirit)
  window.kityTableLink = Object.freeze({
    version: VERSION, MAX_MESSAGE, MAX_GUESTS,
    codec: Object.freeze({ decode, encode, toSdp, fromSdp, base32, unbase32, base45, unbase45, crc32 }),
    peers: () => [...peers.values()].map((p) => ({ peer: p.id, side: p.side, state: p.state })),
    _channel: (id) => { const p = peers.get(id); return p ? p.dc : null; },
  });
})();
