// Mirrors Mantine's localStorageColorSchemeManager (default key) so the page paints in the right scheme.
(() => {
  let value = "auto";
  try {
    value = window.localStorage.getItem("mantine-color-scheme-value") || "auto";
  } catch (_) {}
  const dark = window.matchMedia?.("(prefers-color-scheme: dark)").matches;
  const computed = value === "auto" ? (dark ? "dark" : "light") : value;
  document.documentElement.setAttribute("data-mantine-color-scheme", computed);
})();
