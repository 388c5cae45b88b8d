"""The parts of the data folder's storage, one job each. The repository, :class:`Store`, is
``companion/store/repository.py``, which imports these (callers keep ``from companion.store.repository import …``):

* :mod:`.incidents` — what a repair on load reports (a code plus params, no UI text);
* :mod:`.atomic` — TinyDB storage with atomic writes, a ``.bak`` of the previous version and
  self-repair on load (no library does this);
* :mod:`.validate` — the shape of each kind of document, checked on load;
* :mod:`.lock` — one process per data folder (an OS lock through ``filelock``; not used in the
  browser, where ``companion/base/platform.py`` holds the browser's own lock).

Only the standard library and TinyDB are imported at import time: the phone edition (the app
in the browser, Pyodide) imports them all.
"""
