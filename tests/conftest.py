"""Shared fixtures of the unit tests."""
import pytest

from companion.storage import Store


@pytest.fixture(autouse=True)
def _fresh_store_registry():
    """Each test opens its own data folders: no ``Store`` instance is shared between tests."""
    Store._registry.clear()
    yield
    Store._registry.clear()
