import { type ComponentType, createContext, type ReactNode, useContext } from "react";

// Mantine's components need a MantineProvider above them. The full app has one around every page;
// the shopper's quote page opens without Mantine (decision 008), so what it loads later that uses
// Mantine (the dialogs, the comparison card, the account menu) is rendered inside a MantineScope:
// there the page provides a lazily loaded MantineProvider (src/app/shopper-mantine.tsx).

type Scope = ComponentType<{ children: ReactNode }>;

const ScopeContext = createContext<Scope | null>(null);

export function MantineScopeProvider({ scope, children }: { scope: Scope; children: ReactNode }) {
  return <ScopeContext.Provider value={scope}>{children}</ScopeContext.Provider>;
}

/** Its children under a MantineProvider: the page's own one, or the scope's (which may suspend). */
export function MantineScope({ children }: { children: ReactNode }) {
  const Scope = useContext(ScopeContext);
  return Scope ? <Scope>{children}</Scope> : children;
}
