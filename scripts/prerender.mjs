// Runs after `vite build` and `vite build --ssr` (npm run build). Writes into dist/.ssr/:
// - landing.html: the landing page pre-rendered, its critical CSS inline;
// - quote.html: the shopper quote page's template; the server fills in one quote per request
//   (server/http/pages.ts) where the <!--ssr-...--> markers are. It runs the shopper's own entry
//   (src/shopper-main.tsx: no react-router, no Mantine components, decision 008), and carries its
//   whole stylesheet inline (decision 036);
// and a .br and .gz copy of every file in dist/assets for the static server.
// Neither page requests anything before its first paint: the CSS it needs is inline, and an inline
// loader (allowed by its hash in the CSP) adds the route's chunks (as modulepreload, so no
// waterfall), the entry and, for the landing page, the full stylesheets right after that paint.
// Without JavaScript the shopper's page is styled by its inline sheet, the landing page by a
// <noscript> copy of the stylesheet links.

import { readdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { brotliCompressSync, constants, gzipSync } from "node:zlib";
import Beasties from "beasties";

const root = path.resolve(import.meta.dirname, "..");
const dist = path.join(root, "dist");
const ssrDir = path.join(dist, ".ssr");
const readManifest = (name) => JSON.parse(readFileSync(path.join(dist, ".vite", name), "utf8"));
// The full app's build and the shopper page's own (vite build --mode shopper, vite.config.ts).
const manifests = { app: readManifest("manifest.json"), shopper: readManifest("shopper-manifest.json") };
const shell = readFileSync(path.join(dist, "index.html"), "utf8");
const { renderLandingPage, themeStyles } = await import(
  pathToFileURL(path.join(ssrDir, "entry-server.js")).href
);

/** The chunks of `keys` (each and what it imports statically) and their CSS, in import order. */
function routeAssets(manifest, keys) {
  const scripts = new Set();
  const styles = new Set();
  const visit = (key) => {
    const chunk = manifest[key];
    if (!chunk || scripts.has(chunk.file)) return;
    scripts.add(chunk.file);
    // A chunk's own CSS first (the entry's is Mantine's and global.css), as its imports run.
    for (const css of chunk.css ?? []) styles.add(css);
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  for (const key of keys) {
    if (!manifest[key]) throw new Error(`prerender: ${key} is not in the Vite manifest`);
    visit(key);
  }
  return { scripts: [...scripts].map((file) => `/${file}`), styles: [...styles].map((file) => `/${file}`) };
}

/**
 * The inline loader: after the first paint (a hidden tab paints nothing, so it starts at once) it
 * adds the stylesheets (unless the page carries them inline), the chunks as modulepreload and the
 * entry, all at the same moment.
 */
function loaderScript(manifest, entryKey, routeKeys, { inlineStyles = false } = {}) {
  const entry = `/${manifest[entryKey].file}`;
  const { scripts, styles } = routeAssets(manifest, [entryKey, ...routeKeys]);
  const preloads = scripts.filter((file) => file !== entry);
  const addStyles = inlineStyles ? "" : `for(const h of ${JSON.stringify(styles)})l("stylesheet",h);`;
  const code = `(()=>{const l=(r,h)=>{const e=document.createElement("link");e.rel=r;e.href=h;e.crossOrigin="";document.head.append(e)};const s=()=>{${addStyles}for(const h of ${JSON.stringify(preloads)})l("modulepreload",h);const e=document.createElement("script");e.type="module";e.src=${JSON.stringify(entry)};e.crossOrigin="";document.head.append(e)};if(document.visibilityState==="hidden")s();else requestAnimationFrame(()=>setTimeout(s,0))})();`;
  return { code, styles };
}

/** The shell without its scripts and stylesheets: the loader brings them. */
const bareShell = shell
  .replace(/\s*<script type="module"[^>]*><\/script>/g, "")
  .replace(/\s*<link rel="(modulepreload|stylesheet)"[^>]*>/g, "");

function page({ title, body, data, styles, beforeRoot = "" }) {
  return bareShell
    .replace(/<title>[^<]*<\/title>/, `<title>${title}</title>`)
    .replace(
      "</head>",
      `${styles.map((href) => `<link rel="stylesheet" crossorigin href="${href}">`).join("")}</head>`,
    )
    .replace(
      '<div id="root"></div>',
      `${beforeRoot}<div id="root">${body}</div><script type="application/json" id="dd-page-data">${data}</script>`,
    );
}

const beasties = new Beasties({
  path: dist,
  publicPath: "/",
  preload: false,
  pruneSource: false,
  reduceInlineStyles: false,
  compress: true,
  logLevel: "warn",
  // The plain text classes of src/app/global.css are written :where(...) (no specificity), which
  // beasties cannot match against the markup: always keep them. So are the colour schemes' variables
  // on <html>, which beasties looks for in the page's body only: without the light scheme's, the
  // first paint drew borders and buttons in other colours until the full sheet came (decision 036).
  allowRules: [/^:where\(\.dd-/, /^:root\[data-mantine-color-scheme=(light|dark)\]$/],
});

/**
 * Inlines the CSS the markup uses and drops the stylesheet links (the loader adds them after the
 * first paint), keeping a <noscript> copy for a browser without JavaScript. Then the loader goes
 * last in <body>.
 */
async function withCriticalCss(html, loader) {
  const processed = (await beasties.process(html)).replace(" data-beasties-container", "");
  const hrefs = [];
  const head = processed.replace(
    /<link rel="stylesheet"( crossorigin)? href="([^"]+)">/g,
    (_, _cross, href) => {
      hrefs.push(href);
      return "";
    },
  );
  if (hrefs.join() !== loader.styles.join()) throw new Error("prerender: the loader's stylesheets differ");
  const fallback = hrefs.map((href) => `<link rel="stylesheet" href="${href}">`).join("");
  return head
    .replace("</head>", `<noscript>${fallback}</noscript></head>`)
    .replace("</body>", `<script>${loader.code}</script></body>`);
}

/**
 * The shopper's page: its whole stylesheet inline, in order, and no stylesheet link (decision 036).
 * Critical CSS saved it under 2 KB gzip, and the full sheet then came after the first paint and
 * made the phone restyle the whole page; inline, the first paint is the finished page's look, also
 * offline from the copy the service worker keeps. Then the loader goes last in <body>.
 */
function withWholeCss(html, loader) {
  const css = loader.styles.map((href) => readFileSync(path.join(dist, href), "utf8")).join("\n");
  if (css.includes("</style")) throw new Error("prerender: a stylesheet closes its <style> element");
  return html
    .replace("</head>", () => `<style>${css}</style></head>`)
    .replace("</body>", () => `<script>${loader.code}</script></body>`);
}

// Rules under [data-mantine-color-scheme="dark"] only match inside such an element: render the
// markup a second time inside one, so the dark scheme's critical rules are kept too.
const bothSchemes = (markup) => `${markup}<div data-mantine-color-scheme="dark" hidden>${markup}</div>`;

// Landing page.
{
  const body = await renderLandingPage({});
  // Its own entry (src/landing-main.tsx): not the full app's chunk, router or whole stylesheet.
  const loader = loaderScript(manifests.app, "src/landing-main.tsx", []);
  const extracted = await withCriticalCss(
    page({
      title: "DealDesk: online desking for car dealerships",
      body: bothSchemes(body),
      data: "{}",
      styles: loader.styles,
    }),
    loader,
  );
  const html = extracted.replace(
    /<div id="root">[\s\S]*?<\/div><script type="application\/json" id="dd-page-data">/,
    () => `<div id="root">${body}</div><script type="application/json" id="dd-page-data">`,
  );
  writeFileSync(path.join(ssrDir, "landing.html"), html);
}

// Shopper quote page: a template with markers the server fills in with one quote per request. Its
// CSS is the built sheet, whole (decision 036), so no sample of the markup is rendered here.
{
  // The live channel (Yjs, providers) is imported after hydration: fetched with the entry, run then.
  const loader = loaderScript(
    manifests.shopper,
    "src/shopper-main.tsx",
    ["src/features/quote/live/live-quote.ts"],
    { inlineStyles: true },
  );
  // The theme's CSS variables and Mantine's responsive classes, as a MantineProvider would write
  // them (the shopper's page has none): in <body>, after every stylesheet, as MantineProvider's are.
  const extracted = withWholeCss(
    page({
      title: "<!--ssr-title-->",
      body: "<!--ssr-body-->",
      data: "<!--ssr-data-->",
      styles: [],
      beforeRoot: themeStyles(),
    }),
    loader,
  );
  // The shopper's link opens offline (issue #36): after load, the page registers the worker that
  // keeps its build and a copy of the page (shopperServiceWorker in vite.config.ts), for /quote/ only so
  // that the dealer's app is never served from it. Inline and after load: not opening JavaScript.
  const registerWorker =
    'addEventListener("load",()=>{navigator.serviceWorker?.register("/sw.js",{scope:"/quote/"}).catch(()=>{})});';
  const template = extracted.replace("</body>", `<script>${registerWorker}</script></body>`);
  for (const marker of ["<!--ssr-title-->", "<!--ssr-body-->", "<!--ssr-data-->"]) {
    if (!template.includes(marker)) throw new Error(`prerender: quote template lost ${marker}`);
  }
  writeFileSync(path.join(ssrDir, "quote.html"), template);
}

// Pre-compressed copies of the hashed assets (served by serveStatic's `precompressed`).
const assetsDir = path.join(dist, "assets");
for (const name of readdirSync(assetsDir)) {
  if (!/\.(js|css|svg|json)$/.test(name)) continue;
  const file = path.join(assetsDir, name);
  const content = readFileSync(file);
  writeFileSync(
    `${file}.br`,
    brotliCompressSync(content, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }),
  );
  writeFileSync(`${file}.gz`, gzipSync(content, { level: 9 }));
}
console.log("prerender: dist/.ssr/landing.html, dist/.ssr/quote.html, compressed assets");
