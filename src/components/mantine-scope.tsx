import { type ComponentType, createContext, type ReactNode, useContext } from "react";

// Mantine's components need a MantineProvider above them. The full app has one around every page;
// the shopper's quote page opens without Mantine (decision 008), so what it loads later that uses
// Mantine (the dialogs, the comparison card, the account menu) is rendered inside a MantineScope:
// there the page provides a lazily loaded MantineProvider (src/app/shopper-mantine.tsx).

type Scope = {
  Provider: ComponentType<{ children: ReactNode }>;
  /** Fetches the provider's code now (the edit-code prefetch), so it is there once offline. */
  preload(): Promise<unknown>;
};

const ScopeContext = createContext<Scope | null>(null);

export function MantineScopeProvider({ scope, children }: { scope: Scope; children: ReactNode }) {
  return <ScopeContext.Provider value={scope}>{children}</ScopeContext.Provider>;
}

/** Its children under a MantineProvider: the page's own one, or the scope's (which may suspend). */
export function MantineScope({ children }: { children: ReactNode }) {
  const scope = useContext(ScopeContext);
  return scope ? <scope.Provider>{children}</scope.Provider> : children;
}

const nothingToLoad = () => Promise.resolve();

/** What fetches the scope's provider ahead of need (resolves at once where the page has its own). */
export function useMantineScopePreload(): () => Promise<unknown> {
  return useContext(ScopeContext)?.preload ?? nothingToLoad;
}
