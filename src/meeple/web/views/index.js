// Board views by game; a game without its own view gets the generic one.
import * as generic from "./generic.js";
import * as splendor from "./splendor.js";

const VIEWS = { splendor };

export function viewFor(game) {
  return VIEWS[game] || generic;
}
