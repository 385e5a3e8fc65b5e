import { runServer } from "./run";

// `npm start` runs the compiled copy of this file (dist-server/main.mjs, see scripts/build-server.mjs).
try {
  await runServer(process.env);
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
}
