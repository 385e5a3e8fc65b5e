import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import react from "@vitejs/plugin-react";
import { defineConfig, type Plugin } from "vite";

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

export default defineConfig(({ isSsrBuild, mode }) => ({
  plugins: [react(), inlineColorSchemeScript()],
  // The server bundle carries its own React (production build); Yjs stays the server's one copy
  // (two copies break Yjs's constructor checks).
  ssr: { noExternal: true, external: ["yjs"] },
  define: isSsrBuild ? { "process.env.NODE_ENV": JSON.stringify("production") } : {},
  resolve: {
    alias: {
      "@/": fileURLToPath(new URL("./src/", import.meta.url)),
      "@shared/": fileURLToPath(new URL("./shared/", import.meta.url)),
    },
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
            // Everything the page opens with in one file, the modules that the lazy parts also
            // use (React, money formatting) included: fewer, better-compressed files.
            output: {
              codeSplitting: {
                groups: [
                  {
                    name: "shopper-page",
                    test: /src[\\/]app[\\/]shopper-root\.tsx$|node_modules[\\/](react|react-dom|scheduler)[\\/]/,
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
