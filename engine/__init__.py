"""The rules of every game Киты knows, pure Python.

No I/O (except the command line in ``__main__``), no UI, no clock, no global randomness.

* :mod:`engine.core` — what every game shares: errors and violations, the rule registry, the
  fold/apply driver (strict and replay modes), typed JSON reading, words and plurals, seating
  and direction, the score pad, and the games known by record format.
* one package per game, named like its record format: :mod:`engine.kozyrnye_kity`
  («Козырные киты», ``kozyrnye-kity/1``), :mod:`engine.vzhuh` («Вжух!», ``vzhuh/1``).

``python -m engine replay FILE`` replays a record of any of them, chosen by its ``format``.
"""
