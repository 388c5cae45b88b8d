"""Shared fixtures of the unit tests, and the order of the whole run."""
import pytest

from companion.store.repository import Store


@pytest.fixture(autouse=True)
def _fresh_store_registry():
    """Each test opens its own data folders: no ``Store`` instance is shared between tests."""
    Store._registry.clear()
    yield
    Store._registry.clear()


@pytest.fixture()
def whale_applies(monkeypatch):
    """The sessions of every engine step the whale game applies, in order (one entry per step):
    ``whale_applies.count(session)`` is how many steps that session folded."""
    from companion.kozyrnye_kity.view import KityView

    applied = []
    real = KityView.apply

    def counted(self, state, action, **kw):
        applied.append(self.session)
        return real(self, state, action, **kw)

    monkeypatch.setattr(KityView, "apply", counted)
    return applied


def pytest_collection_modifyitems(config, items):
    """The longest tests first, so that two workers (scripts/test.sh) end together: the phone
    edition's browser tests (a Python started in the page, several browsers), then the other
    browser tests, then the rest (many short modules that fill the end). One module's tests keep
    their own order."""
    def weight(item):
        path = item.nodeid.split("::")[0]
        if "/e2e/" not in path:
            return 2
        return 0 if path.rsplit("/", 1)[-1].startswith(("test_phone_", "test_table_")) else 1

    rank = {}
    for i, item in enumerate(items):
        rank.setdefault(item.nodeid.split("::")[0], (weight(item), i))
    items.sort(key=lambda item: rank[item.nodeid.split("::")[0]])
