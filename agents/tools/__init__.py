"""Registered tool functions of the declarative agents (see ``agents.declarative.registry``).

Importing this package registers every toolset: ``chat`` (the chat's memory pipeline)
``data_validation`` (the laboratory-data example) and ``trip_team`` (the trip-planner team).
"""
from __future__ import annotations

from agents.tools import chat_pipeline, data_validation, report, trip_team

TOOL_MODULES = (chat_pipeline, data_validation, report, trip_team)
