import type { PublicUser } from "@shared/core/api-types";
import { createContext, type ReactNode, useCallback, useContext, useEffect, useMemo, useState } from "react";
import { apiRequest, clearStoredToken, getStoredToken, storeToken } from "./api";
import { hydrating } from "./hydration";

type SessionState = {
  user: PublicUser | null;
  /** "checking" until the stored token was verified with GET /auth/me. */
  status: "checking" | "ready";
  signIn(token: string, user: PublicUser): void;
  signOut(): void;
  setUser(user: PublicUser): void;
};

const SessionContext = createContext<SessionState | null>(null);

export function SessionProvider({ children }: { children: ReactNode }) {
  const [user, setUser] = useState<PublicUser | null>(null);
  // A server-rendered page was rendered signed out: hydrate as that, then check the stored token.
  const [status, setStatus] = useState<"checking" | "ready">(() =>
    getStoredToken() && !hydrating ? "checking" : "ready",
  );

  useEffect(() => {
    if (!getStoredToken()) return;
    setStatus("checking");
    let cancelled = false;
    apiRequest<{ user: PublicUser }>("/auth/me", { auth: true })
      .then((answer) => {
        if (!cancelled) setUser(answer.user);
      })
      .catch((error: unknown) => {
        // Spec §8: a failed start-up check is logged and the token dropped.
        console.error("Session check failed", error);
        if (!cancelled) clearStoredToken();
      })
      .finally(() => {
        if (!cancelled) setStatus("ready");
      });
    return () => {
      cancelled = true;
    };
  }, []);

  const signIn = useCallback((token: string, signedIn: PublicUser) => {
    storeToken(token);
    setUser(signedIn);
    setStatus("ready");
  }, []);

  const signOut = useCallback(() => {
    clearStoredToken();
    setUser(null);
  }, []);

  const value = useMemo(() => ({ user, status, signIn, signOut, setUser }), [user, status, signIn, signOut]);
  return <SessionContext.Provider value={value}>{children}</SessionContext.Provider>;
}

export function useSession(): SessionState {
  const session = useContext(SessionContext);
  if (!session) throw new Error("useSession needs a SessionProvider");
  return session;
}

export function initials(user: Pick<PublicUser, "firstName" | "lastName">): string {
  return `${user.firstName.trim().charAt(0)}${user.lastName.trim().charAt(0)}`.toUpperCase();
}
