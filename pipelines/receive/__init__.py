"""Receive: identify the turn, normalise, screen for injected instructions, mask personal data once."""
