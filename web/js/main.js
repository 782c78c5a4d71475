// main.js - the page's entry: loads the catalog, sets up Play and Analyse, and shows the
// one the address asks for (#analyse, a permalink's #type=...&game=..., or ?type=...:
// Analyse; else Play).
import {$} from "./dom.js";
import {api} from "./api.js";
import {initAnalyse, openLink} from "./analyse.js";
import {initPlay, openPlay} from "./play.js";

function wantsAnalyse() {
  const hash = location.hash;
  if (hash.startsWith("#play")) return false;
  if (hash.startsWith("#analyse") || /(^#|&)game=/.test(hash)) return true;
  return new URLSearchParams(location.search).has("type");
}

function showMode() {
  const analyse = wantsAnalyse();
  $("play").hidden = analyse;
  $("analyse").hidden = !analyse;
  $("mode-play").toggleAttribute("aria-current", !analyse);
  $("mode-analyse").toggleAttribute("aria-current", analyse);
  if (analyse) $("mode-analyse").setAttribute("aria-current", "page");
  else $("mode-play").setAttribute("aria-current", "page");
  if (!analyse) openPlay(location.hash);
}

async function init() {
  let catalog;
  try {
    catalog = (await api("/v1/games")).types;
  } catch (error) {
    $("error-form").textContent = `The catalog did not load: ${error.message}`;
    $("play-status").textContent = `The catalog did not load: ${error.message}`;
    return;
  }
  initPlay(catalog);
  initAnalyse(catalog);
  showMode();
  window.addEventListener("hashchange", () => {
    showMode();
    if (wantsAnalyse()) openLink();
  });
}

init();
