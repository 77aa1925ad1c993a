"""Karma Referee: variants, an explaining referee engine, records, a simulator and an app."""

__version__ = "0.1.0"
