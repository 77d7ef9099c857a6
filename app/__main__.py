"""``python -m app``: see ``app.cli``."""
from app.cli import main

raise SystemExit(main())
