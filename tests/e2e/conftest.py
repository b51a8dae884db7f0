from tests.runtime.conftest import start_manager

__all__ = ["start_manager"]
