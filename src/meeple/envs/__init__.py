"""Research interfaces over the game contract: PettingZoo, Gymnasium and OpenSpiel (docs/rl.md).

Each adapter lives in its own module and needs the optional extra ``meeple[rl]``::

    from meeple.envs.pettingzoo import env          # AEC env, every game and player count
    import meeple.envs.gymnasium                    # registers "meeple/Splendor-v0", ...
    import meeple.envs.openspiel                    # registers "python_meeple_splendor", ...

This package itself imports none of them, so ``import meeple.envs`` works without the extra.
"""

from .common import REWARD_MODES, final_rewards, has_tensor, tensor_shape

__all__ = ["REWARD_MODES", "final_rewards", "has_tensor", "tensor_shape"]
