"""Offline scripts that build shipped data and weights (not imported by the bot)."""
