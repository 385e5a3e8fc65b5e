// Runs after `vite build` and `vite build --ssr` (npm run build). Writes into dist/.ssr/:
// - landing.html: the landing page pre-rendered, its critical CSS inline;
// - quote.html: the shopper quote page's template; the server fills in one quote per request
//   (server/http/pages.ts) where the <!--ssr-...--> markers are;
// and a .br and .gz copy of every file in dist/assets for the static server.
// Full stylesheets are preloaded, applied by src/main.tsx (a <noscript> copy without JavaScript),
// so nothing blocks the first paint; the route's own chunks are modulepreloaded (no waterfall).

import { readdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { brotliCompressSync, constants, gzipSync } from "node:zlib";
import Beasties from "beasties";

const root = path.resolve(import.meta.dirname, "..");
const dist = path.join(root, "dist");
const ssrDir = path.join(dist, ".ssr");
const manifest = JSON.parse(readFileSync(path.join(dist, ".vite", "manifest.json"), "utf8"));
const shell = readFileSync(path.join(dist, "index.html"), "utf8");
const { renderPage, pageDataJson } = await import(pathToFileURL(path.join(ssrDir, "entry-server.js")).href);

/** A route's chunks (itself and what it imports statically, the entry excepted) and their CSS. */
function routeAssets(keys) {
  const scripts = new Set();
  const styles = new Set();
  const visit = (key) => {
    const chunk = manifest[key];
    if (!chunk || chunk.isEntry || scripts.has(chunk.file)) return;
    scripts.add(chunk.file);
    for (const css of chunk.css ?? []) styles.add(css);
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  for (const key of keys) {
    if (!manifest[key]) throw new Error(`prerender: ${key} is not in the Vite manifest`);
    visit(key);
  }
  return { scripts: [...scripts], styles: [...styles] };
}

function page({ title, body, data, assets }) {
  const head = [
    ...assets.scripts
      .filter((file) => !shell.includes(`/${file}"`))
      .map((file) => `<link rel="modulepreload" crossorigin href="/${file}">`),
    ...assets.styles.map((file) => `<link rel="stylesheet" crossorigin href="/${file}">`),
  ].join("");
  return shell
    .replace(/<title>[^<]*<\/title>/, `<title>${title}</title>`)
    .replace("</head>", `${head}</head>`)
    .replace(
      '<div id="root"></div>',
      `<div id="root">${body}</div><script type="application/json" id="dd-page-data">${data}</script>`,
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
});

/** Inlines the CSS the markup uses, then turns every stylesheet link into a non-blocking preload. */
async function withCriticalCss(html) {
  const processed = (await beasties.process(html)).replace(" data-beasties-container", "");
  const hrefs = [];
  const head = processed.replace(
    /<link rel="stylesheet"( crossorigin)? href="([^"]+)">/g,
    (_, cross, href) => {
      hrefs.push(href);
      return `<link rel="preload" as="style"${cross ?? ""} href="${href}">`;
    },
  );
  // In <head>, before the theme variables in <body>, as the applied preloads are.
  const fallback = hrefs.map((href) => `<link rel="stylesheet" href="${href}">`).join("");
  return head.replace("</head>", `<noscript>${fallback}</noscript></head>`);
}

// Rules under [data-mantine-color-scheme="dark"] only match inside such an element: render the
// markup a second time inside one, so the dark scheme's critical rules are kept too.
const bothSchemes = (markup) => `${markup}<div data-mantine-color-scheme="dark" hidden>${markup}</div>`;

// Landing page.
{
  const body = await renderPage("/", {});
  const assets = routeAssets(["src/features/landing/landing-page.tsx", "src/app/notifications-host.tsx"]);
  const extracted = await withCriticalCss(
    page({
      title: "DealDesk: online desking for car dealerships",
      body: bothSchemes(body),
      data: "{}",
      assets,
    }),
  );
  const html = extracted.replace(
    /<div id="root">[\s\S]*?<\/div><script type="application\/json" id="dd-page-data">/,
    () => `<div id="root">${body}</div><script type="application/json" id="dd-page-data">`,
  );
  writeFileSync(path.join(ssrDir, "landing.html"), html);
}

// Shopper quote page: a sample quote with every section (and the expired and not-found states)
// decides the critical CSS; the template keeps markers for the real one.
{
  const now = Date.now();
  const sample = (id, expired) => ({
    id,
    created_at: new Date(now).toISOString(),
    expires_at: new Date(expired ? now - 1000 : now + 86_400_000).toISOString(),
    expired,
    data: {
      vehicle: { description: "2024 Honda Accord EX-L", color: "Blue", mileage: 12, stockNumber: "A1234" },
      pricing: { advertisedPrice: 32000, discount: 1500 },
      addOns: [
        { id: "a1", name: "Paint Protection", description: "Ceramic coating", price: 1200, selected: true },
      ],
      dealerFeeItems: [{ id: "d1", name: "Doc Fee", description: "", amount: 499 }],
      taxItems: [{ id: "t1", description: "State Tax", rate: 6.25 }],
      governmentFeeItems: [{ id: "g1", name: "Title Fee", description: "", amount: 75 }],
      tradeIn: null,
      amountOwedOnTradeIn: 0,
      downPayment: 2000,
      selectedCreditTier: "good",
      customInterestRates: {},
    },
  });
  const variants = [];
  for (const [id, answer] of [
    ["sample-open", sample("sample-open", false)],
    ["sample-expired", sample("sample-expired", true)],
    ["sample-unknown", null],
  ]) {
    variants.push(await renderPage(`/quote/${id}`, { quote: { id, answer } }));
  }
  const assets = routeAssets(["src/features/quote/quote-page.tsx"]);
  const extracted = await withCriticalCss(
    page({ title: "DealDesk", body: bothSchemes(variants.join("")), data: "{}", assets }),
  );
  const template = extracted
    .replace(/<title>[^<]*<\/title>/, "<title><!--ssr-title--></title>")
    .replace(
      /<div id="root">[\s\S]*?<\/div><script type="application\/json" id="dd-page-data">\{\}<\/script>/,
      () =>
        '<div id="root"><!--ssr-body--></div><script type="application/json" id="dd-page-data"><!--ssr-data--></script>',
    );
  for (const marker of ["<!--ssr-title-->", "<!--ssr-body-->", "<!--ssr-data-->"]) {
    if (!template.includes(marker)) throw new Error(`prerender: quote template lost ${marker}`);
  }
  writeFileSync(path.join(ssrDir, "quote.html"), template);
  void pageDataJson;
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
