"""Command line: ``python -m engine replay FILE|- [--json] [--lang ru|en]``.

The game is chosen by the record's ``format`` (:mod:`engine.core.games`). Exit status: 0 valid,
1 violations found, 2 the input could not be read as a record.
"""
from __future__ import annotations

import argparse
import json
import sys

from .core.errors import RecordError
from .core.games import GAMES, MAX_BYTES, read_any
from .core.i18n import LANGS
from .core.reading import quote


def main(argv: list[str] | None = None) -> int:
    """The command; whatever happens, at most one line on stderr and never a traceback."""
    for stream in (sys.stdout, sys.stderr):  # text from a record can never break the output
        try:
            stream.reconfigure(errors="backslashreplace")
        except (AttributeError, ValueError):
            pass
    try:
        return _main(argv)
    except SystemExit:
        raise
    except BaseException as e:  # noqa: BLE001 — the contract: one line, exit 2
        name = "interrupted" if isinstance(e, KeyboardInterrupt) else f"internal error: {type(e).__name__}"
        print(f"python -m engine: {name}", file=sys.stderr)
        return 2


def _main(argv: list[str] | None) -> int:
    parser = argparse.ArgumentParser(prog="python -m engine", description="Киты rules engines: " + ", ".join(GAMES))
    sub = parser.add_subparsers(dest="command", required=True)
    rp = sub.add_parser("replay", help="replay and check a game record (" + ", ".join(GAMES) + ")")
    rp.add_argument("file", help="the record file, or - for standard input")
    rp.add_argument("--json", action="store_true", help="print one JSON object instead of the report")
    rp.add_argument("--lang", choices=LANGS, default="ru", help="language of the report and messages")
    args = parser.parse_args(argv)

    try:
        # read one byte more than a record may hold: a larger file is refused, not loaded
        if args.file == "-":
            data = sys.stdin.buffer.read(MAX_BYTES + 1)
        else:
            with open(args.file, "rb") as f:
                data = f.read(MAX_BYTES + 1)
    except OSError as e:
        err = RecordError("", "r.read", {"detail": f"{quote(args.file, 80)}: {e.strerror or type(e).__name__}"})
        print(err.text(args.lang), file=sys.stderr)
        return 2
    try:
        pkg, record = read_any(data)
        result = pkg.replay_record(record)
    except RecordError as e:
        print(e.text(args.lang), file=sys.stderr)
        return 2
    if args.json:
        print(json.dumps(result.to_json(args.lang), ensure_ascii=False, indent=2))
    else:
        sys.stdout.write(result.text(args.lang))
    return 0 if result.valid else 1


if __name__ == "__main__":
    sys.exit(main())
