import { type ComponentType, lazy } from "react";

// React.lazy keeps a failed import's error for good, so a chunk that failed offline would never
// load. These lazies remember that they failed; retryFailedLoads() (called by LoadBoundary when
// the browser is back online, or when its fallback closes) gives each a fresh import.

const retries = new Set<() => void>();

export function retryFailedLoads(): void {
  for (const retry of [...retries]) retry();
  retries.clear();
}

export function resilientLazy<P extends object>(
  load: () => Promise<{ default: ComponentType<P> }>,
): ComponentType<P> {
  const fresh = (): ComponentType<P> =>
    lazy(() =>
      load().catch((error: unknown) => {
        retries.add(() => {
          current = fresh();
        });
        throw error;
      }),
    );
  let current = fresh();
  function Resilient(props: P) {
    const Current = current;
    return <Current {...props} />;
  }
  return Resilient;
}
