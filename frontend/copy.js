// Progressive enhancement: click an invite link field to select it and copy it.
for (const input of document.querySelectorAll("input[data-copy]")) {
  input.addEventListener("click", async () => {
    input.select();
    try {
      await navigator.clipboard.writeText(input.value);
      input.classList.add("copied");
      setTimeout(() => input.classList.remove("copied"), 1200);
    } catch {
      // Clipboard refused (no HTTPS, no permission): the text stays selected.
    }
  });
}
