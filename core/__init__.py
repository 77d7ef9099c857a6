"""The small shared core every layer may import: message labels, telemetry, trace ids, redaction.

It imports nothing of ``app``, ``agents``, ``pipelines`` or ``memory``.
"""
