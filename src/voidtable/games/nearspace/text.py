"""Nearspace in words (filled in below)."""
