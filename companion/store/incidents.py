"""What the storage reports when a data file had to be repaired: a code plus params, no UI
text (the UI translates ``storage.<code>``)."""
from __future__ import annotations

from dataclasses import asdict, dataclass
from typing import Any, Optional

RESTORED_FROM_BACKUP = "restored_from_backup"  # file bad/missing, previous version restored
RESET_TO_EMPTY = "reset_to_empty"              # file bad and no good backup: set aside, starts empty
BACKUP_SET_ASIDE = "backup_set_aside"          # the file is good, its .bak was damaged: set aside
UNREADABLE = "unreadable"                      # the file cannot be read (permissions…): left as it is,
                                               # and never overwritten while this Store runs
MOVED_ASIDE = "moved_aside"                    # something stood where a folder belongs: kept aside
NOT_SAVED = "not_saved"                        # a start-up repair could not be written (tried again next start)
ARCHIVE_INDEX_REBUILT = "archive_index_rebuilt"  # `count` games re-added from archive/ (an interrupted
                                               # step completed: nothing was damaged, not shown)
SILENT = frozenset({ARCHIVE_INDEX_REBUILT})    # incidents that are not news for the user


@dataclass(frozen=True)
class StorageIncident:
    """Something went wrong with a data file and was repaired on load.

    ``file``, ``kept_aside`` and ``restored_from`` are paths relative to the data folder.
    ``reason`` is one of ``missing``, ``empty``, ``unreadable``, ``not_json``, ``wrong_shape``.
    """

    code: str
    file: str
    reason: Optional[str] = None
    kept_aside: tuple[str, ...] = ()
    restored_from: Optional[str] = None
    count: int = 0

    @property
    def params(self) -> dict[str, Any]:
        """Everything but ``code``, for formatting a translated message."""
        params = asdict(self)
        del params["code"]
        return params
