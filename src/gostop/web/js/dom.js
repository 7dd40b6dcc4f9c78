import { getLang } from "./i18n.js";

// A tiny element builder: h("button.primary#go", {onclick}, "Go").
export function h(spec, attrs = {}, ...children) {
  const m = spec.match(/^([a-z0-9]+)?((?:[.#][\w-]+)*)$/i);
  const el = document.createElement((m && m[1]) || "div");
  for (const part of ((m && m[2]) || "").match(/[.#][\w-]+/g) || []) {
    if (part[0] === ".") el.classList.add(part.slice(1));
    else el.id = part.slice(1);
  }
  for (const [k, v] of Object.entries(attrs || {})) {
    if (v === undefined || v === null || v === false) continue;
    if (k.startsWith("on")) el.addEventListener(k.slice(2), v);
    else if (k === "dataset") Object.assign(el.dataset, v);
    // style as properties (CSSOM), never a style attribute: the Content-Security-Policy
    // (style-src 'self') refuses inline style attributes
    else if (k === "style") for (const [p, val] of Object.entries(v)) el.style.setProperty(p, String(val));
    else if (k === "text") el.textContent = v;
    else if (v === true) el.setAttribute(k, "");
    else el.setAttribute(k, v);
  }
  for (const c of children.flat()) {
    if (c === null || c === undefined || c === false) continue;
    el.appendChild(typeof c === "string" || typeof c === "number" ? document.createTextNode(String(c)) : c);
  }
  return el;
}

/** The banner under the top bar (reconnecting, spectating...); `ms` hides it after a while. */
export function banner(text, kind = "info", ms = 0) {
  const el = document.getElementById("banner");
  if (!el) return;
  if (!text) { el.hidden = true; return; }
  el.textContent = text;
  el.className = `banner ${kind}`;
  el.hidden = false;
  if (ms) setTimeout(() => { if (el.textContent === text) el.hidden = true; }, ms);
}

/**
 * Strings of one module in English and Korean (those not in i18n.js): `words({en: {...},
 * ko: {...}})` gives a `w(key, ...args)` like i18n's `t`.
 */
export function words(tables) {
  return (key, ...args) => {
    const s = (tables[getLang()] || tables.en)[key] ?? tables.en[key] ?? key;
    return typeof s === "function" ? s(...args) : s;
  };
}
