// Map page: show or hide one SVG layer per checkbox.
for (const box of document.querySelectorAll("input[data-layer]")) {
  box.addEventListener("change", () => {
    const layer = document.querySelector(`img.map-layer[data-layer="${CSS.escape(box.dataset.layer)}"]`);
    if (layer) layer.hidden = !box.checked;
  });
}
