import { startServer } from "../server";

// A server in its own process for the crash test (server/live/crash.test.ts) and the benchmark:
// DATA_DIR comes from the environment; the port it got is printed as one JSON line.
const running = await startServer(process.env, { port: 0, host: "127.0.0.1" }, () => {});
process.stdout.write(`${JSON.stringify({ port: running.port })}\n`);
