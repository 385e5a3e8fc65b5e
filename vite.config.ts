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

export default defineConfig(({ isSsrBuild }) => ({
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
    emptyOutDir: true,
    sourcemap: false,
    chunkSizeWarningLimit: 600,
    // scripts/prerender.mjs reads which chunks and stylesheets each route needs.
    manifest: !isSsrBuild,
    // Two entries: the full app (index.html) and the shopper's quote page, which opens without
    // react-router and Mantine's components (src/shopper-main.tsx, decision 008).
    ...(isSsrBuild
      ? {}
      : {
          rolldownOptions: {
            input: {
              index: fileURLToPath(new URL("./index.html", import.meta.url)),
              shopper: fileURLToPath(new URL("./src/shopper-main.tsx", import.meta.url)),
            },
          },
        }),
    copyPublicDir: !isSsrBuild,
  },
  server: {
    port: 5173,
    proxy: {
      "/api": apiTarget,
      "/yjs": { target: apiTarget.replace(/^http/, "ws"), ws: true },
    },
  },
}));
