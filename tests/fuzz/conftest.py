"""The fuzz tests reuse the end-to-end deployment fixtures."""
from tests.e2e.conftest import e2e_env, runtime  # noqa: F401
