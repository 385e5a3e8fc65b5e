import { spawn } from "node:child_process";
import { fileURLToPath } from "node:url";

// The load generator (bench/load-generator.ts) in its own process, asked over IPC: each command
// answers once the generator has done it. Used by bench:live and bench:cluster.

/**
 * The quote every benchmark quote is created from: the load generator writes the dealer's
 * discount with the price it has (25,000) and never the starting discount (500).
 */
export const BENCH_QUOTE = {
  vehicle: {
    description: "2021 Honda Civic EX",
    color: "Blue",
    mileage: 12000,
    stockNumber: "",
    advertisedUrl: "",
  },
  pricing: { advertisedPrice: 25000, discount: 500 },
};

export type LoadGenerator = {
  ask<T>(command: Record<string, unknown>): Promise<T>;
  kill(): void;
};

export async function startLoadGenerator(): Promise<LoadGenerator> {
  const script = fileURLToPath(new URL("./load-generator.ts", import.meta.url));
  const child = spawn(process.execPath, ["--import", "tsx", script], {
    stdio: ["ignore", "inherit", "inherit", "ipc"],
  });
  await new Promise<void>((resolve) => child.once("message", () => resolve()));
  let nextId = 0;
  const waiting = new Map<number, (result: unknown) => void>();
  child.on("message", (message: { type: string; id: number; result: unknown }) => {
    if (message.type !== "done") return;
    waiting.get(message.id)?.(message.result);
    waiting.delete(message.id);
  });
  return {
    ask<T>(command: Record<string, unknown>) {
      const id = ++nextId;
      return new Promise<T>((resolve) => {
        waiting.set(id, resolve as (result: unknown) => void);
        child.send({ ...command, id });
      });
    },
    kill: () => child.kill(),
  };
}
