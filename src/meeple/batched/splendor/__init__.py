"""Splendor in JAX: exactly the rules, options and action ids of ``meeple.load("splendor")``."""

from .env import SUPPORTED_OPTIONS, SplendorEnv
from .state import SplendorBatch

__all__ = ["SUPPORTED_OPTIONS", "SplendorBatch", "SplendorEnv"]
