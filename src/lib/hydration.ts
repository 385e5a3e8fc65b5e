// True when the server sent this page already rendered (the landing page, a shopper's quote):
// the first render must then match the server's markup, so values only the browser knows (the
// stored session, the colour scheme) are read after hydration instead of during it.
export const hydrating: boolean =
  typeof document !== "undefined" && Boolean(document.getElementById("root")?.firstElementChild);
