// Board views by game; a game without its own view gets the generic one.
import * as generic from "./generic.js";
import * as scythe from "./scythe.js";
import * as splendor from "./splendor.js";
import * as stoneage from "./stoneage.js";

const VIEWS = { scythe, splendor, stoneage };

export function viewFor(game) {
  return VIEWS[game] || generic;
}
