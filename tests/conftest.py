"""Shared fixtures of the unit tests."""
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
