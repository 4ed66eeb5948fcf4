"""The package metadata in its current form: an SPDX license expression that the required setuptools reads."""

from __future__ import annotations

import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
PROJECT = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))


def test_the_license_is_an_spdx_expression_with_its_file() -> None:
    assert PROJECT["project"]["license"] == "MIT"  # a string (PEP 639), not the deprecated {text = ...} table
    assert PROJECT["project"]["license-files"] == ["LICENSE"] and (ROOT / "LICENSE").is_file()
    assert "MIT License" in (ROOT / "LICENSE").read_text(encoding="utf-8")
    assert not any(c.startswith("License ::") for c in PROJECT["project"].get("classifiers", []))  # PEP 639 forbids both


def test_the_build_needs_a_setuptools_that_reads_it() -> None:
    requires = PROJECT["build-system"]["requires"]
    assert "setuptools>=77" in requires  # 77.0: license expressions; older ones reject or warn


def test_every_extra_the_commands_name_exists() -> None:
    extras = PROJECT["project"]["optional-dependencies"]
    assert {"server", "sim", "ray", "rl", "dev"} <= set(extras)
    assert any(d.startswith("matplotlib") for d in extras["sim"]) and any(d.startswith("fastapi") for d in extras["server"])
