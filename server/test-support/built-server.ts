import { type ChildProcess, spawn } from "node:child_process";
import path from "node:path";
import { packageRoot } from "../package-root";
import { freePort } from "./services";

// The built server (`npm run build`: dist-server/main.mjs) as its own process on a free loopback
// port, ready once /api/health answers: what the several-processes end-to-end run and
// bench:cluster put behind their balancer or load generator.

type BuiltServerProcess = { url: string; port: number; child: ChildProcess };

export async function startBuiltServer(env: NodeJS.ProcessEnv): Promise<BuiltServerProcess> {
  const port = await freePort();
  const child = spawn(
    process.execPath,
    [...(env.NODE_FLAGS?.split(" ").filter(Boolean) ?? []), path.join(packageRoot, "dist-server/main.mjs")],
    {
      stdio: ["ignore", "ignore", "inherit"],
      env: { ...process.env, ...env, PORT: String(port), HOST: "127.0.0.1" },
    },
  );
  const url = `http://127.0.0.1:${port}`;
  for (let tries = 0; tries < 300; tries++) {
    const healthy = await fetch(`${url}/api/health`).then(
      (res) => res.ok,
      () => false,
    );
    if (healthy) return { url, port, child };
    if (child.exitCode !== null)
      throw new Error(`the server exited with ${child.exitCode} before it was ready`);
    await new Promise((r) => setTimeout(r, 100));
  }
  child.kill("SIGKILL");
  throw new Error("the server was not ready within 30 s");
}
