// Choices that do not say what they do: every clickable element must say it in words when hovered (its
// tooltip) and to a screen reader (its aria-label), and a clickable card must say more than its name.
() => {
  const out = [];
  for (const n of document.querySelectorAll("#scene .legal")) {
    if (n.tagName === "BUTTON" && n.textContent.trim()) continue;  // a button says what it does on its face
    const aria = (n.getAttribute("aria-label") || "").trim();
    const tipNode = n instanceof SVGElement ? n.querySelector(":scope > title") : null;
    const tip = (tipNode ? tipNode.textContent : n.getAttribute("title") || "").trim();
    const name = ((n.querySelector(".ctitle") || {}).textContent || "").trim();
    const what = name || aria.slice(0, 40);
    if (!aria || /^choose$/i.test(aria) || /^[a-z]+(_[a-z]+)+$/.test(aria)) out.push(`"${what}" says only "${aria}" to a screen reader`);
    if (!tip || /^choose$/i.test(tip)) out.push(`"${what}" has no tooltip in words ("${tip}")`);
    if (name && n.classList.contains("card") && !n.querySelector(".ctext, .stats, .tag") && tip.replace(name, "").trim().length < 3)
      out.push(`card "${name}" says nothing but its name`);
    if (n.getAttribute("aria-haspopup") && !tip.includes("•")) out.push(`"${what}" opens a menu its tooltip does not list`);
  }
  return out;
}
