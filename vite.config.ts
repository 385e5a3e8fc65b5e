import { readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import react from "@vitejs/plugin-react";
import { defineConfig, type Plugin, type PluginOption } from "vite";
import { VitePWA, type VitePWAOptions } from "vite-plugin-pwa";

const apiTarget = process.env.DEALDESK_API ?? "http://localhost:3000";

/**
 * Puts src/app/color-scheme-script.js inline where index.html says <!--color-scheme-script-->: it
 * must run before the first paint, and a file would be one more render-blocking request. The
 * server allows it in its CSP by hash (server/http/pages.ts), never with 'unsafe-inline'.
 */
function inlineColorSchemeScript(): Plugin {
  const file = fileURLToPath(new URL("./src/app/color-scheme-script.js", import.meta.url));
  return {
    name: "dealdesk-inline-color-scheme-script",
    transformIndexHtml(html) {
      const code = readFileSync(file, "utf8")
        .split("\n")
        .filter((line) => !line.trim().startsWith("//"))
        .map((line) => line.trim())
        .join("");
      return html.replace("<!--color-scheme-script-->", `<script>${code}</script>`);
    },
  };
}

/**
 * Issue #53: test kits and fixtures (server/test-support/, shared/testing/) never reach a browser.
 * Lint refuses the import; this refuses the build, should one slip through.
 */
function refuseTestSupport(): Plugin {
  return {
    name: "dealdesk-refuse-test-support",
    apply: "build",
    load(id) {
      if (/[\\/](server[\\/]test-support|shared[\\/]testing)[\\/]/.test(id))
        this.error(`The web build would carry test support: ${id}`);
      return null;
    },
  };
}

/**
 * Issue #52: the shopper page's opening bundle (React, react-dom and the page's own code) runs
 * almost all of its functions while the page hydrates. V8 compiles a function lazily, on the main
 * thread, the first time it runs, unless the file asks for eager compilation with the explicit
 * compile hint `//# allFunctionsCalledOnLoad` on its first line (Chromium 136 and later): then it
 * compiles them while the file streams in, off the main thread. Other browsers ignore the comment.
 */
function eagerCompileHint(): Plugin {
  return {
    name: "dealdesk-eager-compile-hint",
    apply: "build",
    // On the written file: the comment must be its first line, before what Vite puts at the top
    // of the chunk after the plugins' hooks (its preload helper's dependency list). The hashed name
    // stays the one of the chunk without it: every build adds the same line.
    writeBundle(options, bundle) {
      for (const output of Object.values(bundle)) {
        if (output.type !== "chunk" || !output.isEntry || !options.dir) continue;
        const file = path.join(options.dir, output.fileName);
        writeFileSync(file, `//# allFunctionsCalledOnLoad\n${readFileSync(file, "utf8")}`);
      }
    },
  };
}

// The shopper page's service worker (issues #36 and #48: the shopper's link opens offline, from the
// first visit), src/sw.ts built by vite-plugin-pwa (Workbox's injectManifest) at the end of
// `vite build --mode shopper` as dist/sw.js, with the precache list below injected. It precaches the
// shopper page's own build (its scripts and CSS, not the full app's), keeps the page that installed
// it, and answers navigations to /quote/<id> network first, falling back to the phone's copy. The
// shopper page registers it with the scope /quote/ (scripts/prerender.mjs), so the dealer's app is
// never controlled by it; the server sends it with no-cache (server/http/static-files.ts).
// docs/decisions/017-shopper-link-offline.md and 023-first-visit-offline.md say why.

type ManifestTransform = NonNullable<VitePWAOptions["workbox"]["manifestTransforms"]>[number];

type ViteManifest = Record<
  string,
  { file: string; css?: string[]; imports?: string[]; dynamicImports?: string[]; isEntry?: boolean }
>;

/** Lazy parts of the shopper build that only a signed-in dealer's view loads: never precached. */
const DEALER_ONLY = [
  /^src\/features\/quote\/dealer\//,
  /^src\/features\/quote\/rate-editor\//,
  /^src\/features\/quote\/history\//,
  /^src\/app\/user-menu\./,
];

/**
 * The files the shopper page loads, from the shopper build's manifest: its entry with everything it
 * imports and the lazy parts a shopper uses (the live channel, the dialogs, validation), each with
 * its CSS. The dealer's lazy parts stay out: a phone never downloads what it will not run.
 */
function shopperPageFiles(manifest: ViteManifest): Set<string> {
  const files = new Set<string>();
  const seen = new Set<string>();
  const visit = (key: string) => {
    const chunk = manifest[key];
    if (!chunk || seen.has(key) || DEALER_ONLY.some((dealer) => dealer.test(key))) return;
    seen.add(key);
    files.add(chunk.file);
    for (const css of chunk.css ?? []) files.add(css);
    for (const imported of [...(chunk.imports ?? []), ...(chunk.dynamicImports ?? [])]) visit(imported);
  };
  for (const [key, chunk] of Object.entries(manifest)) if (chunk.isEntry) visit(key);
  return files;
}

/** The shopper build's manifest (vite.config.ts writes it before the worker is generated). */
const onlyShopperPageFiles =
  (distDir: string): ManifestTransform =>
  (entries) => {
    const manifest = JSON.parse(
      readFileSync(path.join(distDir, ".vite", "shopper-manifest.json"), "utf8"),
    ) as ViteManifest;
    const files = shopperPageFiles(manifest);
    return { manifest: entries.filter((entry) => files.has(entry.url)) };
  };

function shopperServiceWorker(distDir: string): PluginOption {
  return VitePWA({
    // Our own worker (src/sw.ts, built to dist/sw.js), with the precache list injected: it keeps the page
    // that installed it before it is ready (issue #48, decision 023), which generateSW cannot say.
    strategies: "injectManifest",
    srcDir: "src",
    filename: "sw.ts",
    outDir: distDir,
    scope: "/quote/",
    // The shopper page registers it itself after load, in a few inline bytes (prerender.mjs):
    // neither the plugin's register script nor virtual:pwa-register, which would count towards the
    // page's opening JavaScript.
    injectRegister: false,
    manifest: false,
    includeManifestIcons: false,
    injectManifest: {
      // A classic script named sw.js (the page registers it without `type: "module"`), Workbox's
      // runtime inlined: one file, served with no-cache, no second script with its own caching.
      rollupFormat: "iife",
      sourcemap: false,
      globDirectory: distDir,
      globPatterns: ["assets/*.{js,css}"],
      // Hashed file names are their revision.
      dontCacheBustURLsMatching: /^assets\//,
      manifestTransforms: [onlyShopperPageFiles(distDir)],
    },
  });
}

export default defineConfig(({ isSsrBuild, mode }) => ({
  plugins: [
    react(),
    inlineColorSchemeScript(),
    refuseTestSupport(),
    ...(mode === "shopper" && !isSsrBuild ? [eagerCompileHint()] : []),
    // The shopper page's service worker (dist/sw.js), generated from the shopper build only.
    ...(mode === "shopper" && !isSsrBuild
      ? [shopperServiceWorker(fileURLToPath(new URL("./dist", import.meta.url)))]
      : []),
  ],
  // The server bundle carries its own React (production build); Yjs stays the server's one copy
  // (two copies break Yjs's constructor checks).
  ssr: { noExternal: true, external: ["yjs"] },
  define: isSsrBuild ? { "process.env.NODE_ENV": JSON.stringify("production") } : {},
  resolve: {
    alias: [
      { find: "@/", replacement: fileURLToPath(new URL("./src/", import.meta.url)) },
      { find: "@shared/", replacement: fileURLToPath(new URL("./shared/", import.meta.url)) },
      // Yjs's few console warnings without lib0's DOM logger (src/lib/lib0-logging.ts says why).
      ...(isSsrBuild
        ? []
        : [
            {
              find: /^lib0\/logging$/,
              replacement: fileURLToPath(new URL("./src/lib/lib0-logging.ts", import.meta.url)),
            },
          ]),
    ],
  },
  build: {
    outDir: isSsrBuild ? "dist/.ssr" : "dist",
    sourcemap: false,
    chunkSizeWarningLimit: 600,
    ...(mode === "shopper"
      ? {
          // `vite build --mode shopper`, after the full app's build into the same dist/: the
          // shopper's quote page (src/shopper-main.tsx) as a bundle of its own, so that everything
          // it opens with is one file (React, react-dom and our code) instead of the chunks it
          // would share with the full app, and it never loads react-router or Mantine's
          // components to open (decision 008). Its manifest is read by scripts/prerender.mjs.
          emptyOutDir: false,
          copyPublicDir: false,
          manifest: ".vite/shopper-manifest.json",
          modulePreload: false,
          rolldownOptions: {
            input: fileURLToPath(new URL("./src/shopper-main.tsx", import.meta.url)),
            // Everything the page opens with in one file, the entry itself and the modules that
            // the lazy parts also use (React, money formatting, the live channel's history
            // messages) included: fewer, better-compressed files.
            output: {
              codeSplitting: {
                groups: [
                  {
                    name: "shopper-page",
                    test: /src[\\/]shopper-main\.tsx$|src[\\/]app[\\/]shopper-root\.tsx$|shared[\\/]history[\\/]history-push\.ts$|node_modules[\\/](react|react-dom|scheduler)[\\/]/,
                  },
                ],
              },
            },
          },
        }
      : {
          emptyOutDir: true,
          // scripts/prerender.mjs reads which chunks and stylesheets each route needs.
          manifest: !isSsrBuild,
          copyPublicDir: !isSsrBuild,
          // The full app (index.html) and the landing page's own entry (issue #52): / opens
          // without the full app's chunk, router and whole Mantine stylesheet.
          ...(isSsrBuild
            ? {}
            : {
                rolldownOptions: {
                  input: {
                    index: fileURLToPath(new URL("./index.html", import.meta.url)),
                    landing: fileURLToPath(new URL("./src/landing-main.tsx", import.meta.url)),
                  },
                },
              }),
        }),
  },
  server: {
    port: 5173,
    proxy: {
      "/api": apiTarget,
      "/yjs": { target: apiTarget.replace(/^http/, "ws"), ws: true },
    },
  },
}));
