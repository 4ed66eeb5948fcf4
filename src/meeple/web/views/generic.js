// Any game, readable: its observation laid out as nested tables, and moves by notation.
import { h } from "../dom.js";
import { t, term } from "../i18n.js";

export function describe(action) {
  return action;
}

export function render(view) {
  return h("div", { class: "generic" },
    h("h3", {}, t("generic.observation")),
    value(view.observation, 0));
}

function scalar(v) {
  if (v === null) return h("span", { class: "muted" }, "—");
  if (typeof v === "boolean") return h("span", { class: v ? "yes" : "no" }, v ? "✓" : "✗");
  if (typeof v === "string") return h("span", {}, term(v));
  return h("span", { class: "num" }, String(v));
}

function isScalar(v) {
  return v === null || typeof v !== "object";
}

function value(v, depth) {
  if (isScalar(v)) return scalar(v);
  if (Array.isArray(v)) {
    if (!v.length) return h("span", { class: "muted" }, "∅");
    if (v.every(isScalar)) return h("span", { class: "list" }, v.map((x, i) => [i ? ", " : "", scalar(x)]));
    if (v.every((x) => x && typeof x === "object" && !Array.isArray(x))) return table(v, depth);
    return h("ol", { class: "tree", start: 0 }, v.map((x) => h("li", {}, value(x, depth + 1))));
  }
  const keys = Object.keys(v);
  if (!keys.length) return h("span", { class: "muted" }, "∅");
  return h("dl", { class: `tree depth-${Math.min(depth, 3)}` }, keys.map((k) => [h("dt", {}, term(k)), h("dd", {}, value(v[k], depth + 1))]));
}

// A list of objects as a table with one column per key, when the rows share simple keys.
function table(rows, depth) {
  const keys = [...new Set(rows.flatMap((r) => Object.keys(r)))];
  return h("div", { class: "table-wrap" }, h("table", { class: "obs" },
    h("tr", {}, h("th", {}, "#"), keys.map((k) => h("th", {}, term(k)))),
    rows.map((r, i) => h("tr", {}, h("td", {}, String(i)), keys.map((k) => h("td", {}, k in r ? value(r[k], depth + 1) : ""))))));
}
