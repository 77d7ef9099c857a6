"""The turn tests reuse the end-to-end deployment fixtures (real Redis, MariaDB, PostgreSQL)."""
from tests.e2e.conftest import e2e_env, runtime  # noqa: F401
