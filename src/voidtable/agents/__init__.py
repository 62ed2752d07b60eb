"""Agents: play any game through the engine API only (views and determinizations, never the true state)."""

from .base import Agent, Observation, observe
from .specs import make, parse

__all__ = ["Agent", "Observation", "make", "observe", "parse"]
