import type { AttemptStore } from "../repositories/attempts";

// Attempts kept in process memory: the SQLite backend's, since one process serves everything.
// Each key keeps at most the newest attempts any limiter asks for; past SWEEP_THRESHOLD keys,
// the ones with nothing recent are swept, so a flood of keys cannot grow memory without bound.

const SWEEP_THRESHOLD = 10_000;
/** No limiter counts more than this many attempts per key. */
const KEEP = 100;

export function createAttemptStore(): AttemptStore {
  const byKey = new Map<string, number[]>();
  return {
    async recent(key, since, limit) {
      const list = byKey.get(key) ?? [];
      const kept = list.filter((at) => at > since);
      if (kept.length === 0) byKey.delete(key);
      return kept.reverse().slice(0, limit);
    },
    async add(key, at, forgetBefore) {
      if (byKey.size >= SWEEP_THRESHOLD)
        for (const [k, list] of byKey) if (!list.some((t) => t > forgetBefore)) byKey.delete(k);
      const list = (byKey.get(key) ?? []).filter((t) => t > forgetBefore);
      list.push(at);
      byKey.set(key, list.slice(-KEEP));
    },
    async clear(key) {
      byKey.delete(key);
    },
  };
}
