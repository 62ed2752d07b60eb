// Words that do not fit their box: every text on a card (or in a player's panel) must lie inside it, and inside
// every box between them that clips (overflow other than visible). Returns one line per problem.
(selector) => {
  const tol = 1.5;
  const out = [];
  const inside = (r, b) => r.left >= b.left - tol && r.right <= b.right + tol && r.top >= b.top - tol && r.bottom <= b.bottom + tol;
  const label = box => (box.querySelector(".ctitle, h3") || box).textContent.trim().slice(0, 40);
  for (const box of document.querySelectorAll(selector)) {
    const b = box.getBoundingClientRect();
    if (!b.width) continue;
    const walker = document.createTreeWalker(box, NodeFilter.SHOW_TEXT);
    for (let n = walker.nextNode(); n; n = walker.nextNode()) {
      const text = n.textContent.trim();
      if (!text) continue;
      const fold = n.parentElement.closest("details:not([open])");  // folded away: not shown, whatever its layout says
      if (fold && !n.parentElement.closest("summary")) continue;
      const range = document.createRange();
      range.selectNodeContents(n);
      for (const r of range.getClientRects()) {
        if (!r.width) continue;
        if (!inside(r, b)) { out.push(`"${text.slice(0, 40)}" runs out of "${label(box)}" (${Math.round(r.left)},${Math.round(r.top)}-${Math.round(r.right)},${Math.round(r.bottom)} outside ${Math.round(b.left)},${Math.round(b.top)}-${Math.round(b.right)},${Math.round(b.bottom)})`); break; }
        let clipped = null;
        for (let a = n.parentElement; a && a !== box; a = a.parentElement) {
          const cs = getComputedStyle(a);
          if ((cs.overflowX !== "visible" || cs.overflowY !== "visible") && !inside(r, a.getBoundingClientRect())) { clipped = a; break; }
        }
        if (clipped) { out.push(`"${text.slice(0, 40)}" is clipped in "${label(box)}"`); break; }
      }
    }
  }
  return out;
}
