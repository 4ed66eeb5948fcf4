"""What needs an optional extra says which one, with the install line, before doing any work (issue #21).

Each check runs in a fresh interpreter where the extra's libraries cannot be imported, so this process's modules
stay as they are."""

from __future__ import annotations

import subprocess
import sys

import pytest

BLOCK = "import sys\nfor name in {libs!r}:\n    sys.modules[name] = None  # as if the rl extra were not installed\n"


def run(libs: tuple[str, ...], code: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-c", BLOCK.format(libs=libs) + code], capture_output=True, text=True, timeout=120)


@pytest.mark.parametrize(
    ("module", "library"),
    [("meeple.envs.pettingzoo", "pettingzoo"), ("meeple.envs.gymnasium", "gymnasium"), ("meeple.envs.openspiel", "pyspiel")],
)
def test_an_rl_adapter_without_its_library_names_the_rl_extra(module: str, library: str) -> None:
    done = run((library,), f"import {module}")
    assert done.returncode != 0
    last = done.stderr.strip().splitlines()[-1]
    assert last.startswith("ImportError") and f"{module} needs {library}" in last and "pip install 'meeple[rl]'" in last


def test_the_adapters_package_imports_without_the_extra() -> None:
    done = run(("gymnasium", "pettingzoo", "pyspiel"), "import meeple.envs\nprint(meeple.envs.has_tensor.__name__)")
    assert done.returncode == 0 and done.stdout.strip() == "has_tensor", done.stderr
