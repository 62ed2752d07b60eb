// voidtable: each seat's estimated chance to win along a finished game, as a line chart (issue 26 item 6).
// Self-contained: drawChances(data, options) returns an element; the page puts it in the replay viewer and the
// end-of-game panel. data is a WinChances answer (docs/web.md): at[i] the step, chances[i][seat], names[seat].
// The server gives it only for a game that is over (the estimate reads every hidden card). Text goes in as
// textContent, never as HTML.
"use strict";

(function () {
  const NS = "http://www.w3.org/2000/svg";
  const W = 300, H = 150, L = 30, R = 8, T = 8, B = 20;  // the chart's box and its margins, in viewBox units

  function node(tag, attrs = {}, text = null, ns = null) {
    const e = ns ? document.createElementNS(ns, tag) : document.createElement(tag);
    for (const [k, v] of Object.entries(attrs)) if (v !== null && v !== undefined) e.setAttribute(k, v);
    if (text !== null) e.textContent = text;
    return e;
  }
  const svg = (tag, attrs, text) => node(tag, attrs, text, NS);
  const pct = x => `${Math.round(100 * x)}%`;

  // the index of the sampled point shown for a step: the last one at or before it
  function pointAt(at, step) {
    let i = 0;
    while (i + 1 < at.length && at[i + 1] <= step) i++;
    return i;
  }
  // the sampled point nearest a step (a click between two points picks the closer)
  function nearest(at, step) {
    let best = 0;
    for (let i = 1; i < at.length; i++) if (Math.abs(at[i] - step) < Math.abs(at[best] - step)) best = i;
    return best;
  }

  // options: step (the step being viewed: a marker there; none: the end), onPick(step) (a click on the chart), id, title
  function drawChances(data, options = {}) {
    const { at, chances, names } = data;
    const steps = Math.max(1, data.steps);
    const x = s => L + (W - L - R) * s / steps;
    const y = v => T + (H - T - B) * (1 - v);
    const seatName = p => (names && names[p]) || `Seat ${p}`;
    const chart = svg("svg", { viewBox: `0 0 ${W} ${H}`, class: "chances-chart", role: "img",
      "aria-label": "Each player's estimated chance to win, step by step" });
    for (const v of [0, 0.5, 1]) {
      chart.append(svg("line", { x1: L, x2: W - R, y1: y(v), y2: y(v), class: "grid" }),
        svg("text", { x: L - 3, y: y(v) + 3, "text-anchor": "end", class: "axis" }, pct(v)));
    }
    if (data.players > 1) {  // the fair share: where every seat would stand if nobody were ahead
      const fair = svg("line", { x1: L, x2: W - R, y1: y(1 / data.players), y2: y(1 / data.players), class: "fair" });
      fair.append(svg("title", {}, `fair share ${pct(1 / data.players)}`));
      chart.append(fair);
    }
    chart.append(svg("text", { x: L, y: H - 5, class: "axis" }, "step 0"),
      svg("text", { x: W - R, y: H - 5, "text-anchor": "end", class: "axis" }, `step ${data.steps}`));
    for (let p = 0; p < data.players; p++) {
      const line = svg("polyline", { class: `chance-line seat-${p}`, "data-seat": p, style: `stroke: var(--s${p % 6})`,
        points: at.map((s, i) => `${x(s).toFixed(1)},${y(chances[i][p]).toFixed(1)}`).join(" ") });
      line.append(svg("title", {}, seatName(p)));
      chart.append(line);
    }
    const marker = svg("g", { class: "marker" });
    chart.append(marker);
    const legend = node("ul", { class: "chances-legend" });
    const caption = node("p", { class: "muted chances-at" });

    // the marker and the legend's numbers at a step (the viewed one, or the one under the pointer)
    function show(step, hovering) {
      const i = pointAt(at, step);
      marker.replaceChildren(svg("line", { x1: x(step), x2: x(step), y1: T, y2: H - B, class: hovering ? "hover" : "now" }));
      for (let p = 0; p < data.players; p++)
        marker.append(svg("circle", { cx: x(at[i]), cy: y(chances[i][p]), r: 3, style: `fill: var(--s${p % 6})` }));
      legend.replaceChildren(...Array.from({ length: data.players }, (_, p) => legendItem(p, chances[i][p])));
      caption.textContent = (hovering ? `Step ${step}` : options.step === undefined ? `At the end (step ${step})` : `Viewing step ${step}`)
        + (at[i] !== step ? ` (estimate at step ${at[i]})` : "");
    }
    function legendItem(p, v) {
      const li = node("li", { class: `seat-${p}`, "data-seat": p });
      li.append(node("span", { class: "swatch", style: `background: var(--s${p % 6})` }), node("span", { class: "name" }, seatName(p)),
        node("span", { class: "value" }, pct(v)));
      return li;
    }
    const viewed = Math.max(0, Math.min(options.step ?? data.steps, data.steps));
    // the whole plot answers the pointer: a click picks the sampled step nearest it
    const hit = svg("rect", { x: L, y: T, width: W - L - R, height: H - T - B, class: "hit" });
    const stepAt = ev => {
      const box = chart.getBoundingClientRect();
      const vx = (ev.clientX - box.left) * W / box.width;
      return at[nearest(at, (vx - L) / (W - L - R) * steps)];
    };
    if (options.onPick) {
      hit.addEventListener("click", ev => options.onPick(stepAt(ev)));
      hit.setAttribute("tabindex", "-1");
    }
    hit.addEventListener("mousemove", ev => show(stepAt(ev), true));
    hit.addEventListener("mouseleave", () => show(viewed, false));
    chart.append(hit);
    show(viewed, false);
    const fig = node("figure", { class: "chances", id: options.id || null, "data-steps": data.steps });
    fig.append(node("figcaption", {}, options.title || "Chance to win (estimated)"), chart, legend, caption);
    return fig;
  }

  window.drawChances = drawChances;
})();
