"""Draw the app icon, assets/icon.png (1024×1024), with nothing but the standard library.

A calm sea-blue rounded square with a white whale's back and spout. `flet build` picks up
assets/icon.png for the phone's launcher.
"""
from __future__ import annotations

import math
import struct
import zlib
from pathlib import Path

SIZE = 1024
SEA = (30, 106, 141)      # the app's seed colour #1E6A8D
DEEP = (20, 74, 99)
WHITE = (250, 250, 247)


def pixel(x: float, y: float) -> tuple[int, int, int, int]:
    # rounded square
    r = 0.22
    dx, dy = max(abs(x - 0.5) - (0.5 - r), 0), max(abs(y - 0.5) - (0.5 - r), 0)
    if dx * dx + dy * dy > r * r:
        return (0, 0, 0, 0)
    # whale: the upper half of an ellipse resting on the water line, with a tail
    body = ((x - 0.47) / 0.30) ** 2 + ((y - 0.62) / 0.22) ** 2 <= 1 and y <= 0.62
    tail = 0.72 <= x <= 0.86 and 0.47 <= y <= 0.62 and (y - 0.47) >= abs(x - 0.79) * 1.1
    eye = (x - 0.33) ** 2 + (y - 0.53) ** 2 <= 0.018 ** 2
    spout = any((x - cx) ** 2 + (y - cy) ** 2 <= rr ** 2
                for cx, cy, rr in ((0.40, 0.30, 0.035), (0.45, 0.25, 0.03), (0.35, 0.25, 0.03), (0.40, 0.36, 0.02)))
    wave = 0.66 <= y <= 0.70 + 0.015 * math.sin(x * 40)
    if eye:
        return (*SEA, 255)
    if body or tail or spout:
        return (*WHITE, 255)
    if wave:
        return (*DEEP, 255)
    return (*SEA, 255)


def png(width: int, height: int, rows: list[bytes]) -> bytes:
    def chunk(kind: bytes, data: bytes) -> bytes:
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data) & 0xFFFFFFFF)

    raw = b"".join(b"\x00" + r for r in rows)
    return (b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", width, height, 8, 6, 0, 0, 0))
            + chunk(b"IDAT", zlib.compress(raw, 9)) + chunk(b"IEND", b""))


def main() -> None:
    rows = []
    for j in range(SIZE):
        y = (j + 0.5) / SIZE
        rows.append(bytes(v for i in range(SIZE) for v in pixel((i + 0.5) / SIZE, y)))
    out = Path(__file__).resolve().parents[1] / "assets" / "icon.png"
    out.write_bytes(png(SIZE, SIZE, rows))
    print(out)


if __name__ == "__main__":
    main()
