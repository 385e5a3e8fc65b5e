import type { MantineColorSchemeManager } from "@mantine/core";
import { useSyncExternalStore } from "react";

// The colour scheme (light, dark or the system's), kept where Mantine's localStorageColorSchemeManager
// keeps it (src/app/color-scheme-script.js reads the same key before the first paint). One store for
// the whole page: the toggle in the header works without Mantine (the shopper's quote page opens
// without it), and every MantineProvider is told through mantineColorSchemeManager() below.

export type ColorScheme = "light" | "dark" | "auto";

const STORAGE_KEY = "mantine-color-scheme-value";
const DARK_QUERY = "(prefers-color-scheme: dark)";
const listeners = new Set<() => void>();
let current: ColorScheme | null = null;

const isColorScheme = (value: unknown): value is ColorScheme =>
  value === "light" || value === "dark" || value === "auto";

function readStored(): ColorScheme | null {
  try {
    const value = window.localStorage.getItem(STORAGE_KEY);
    return isColorScheme(value) ? value : null;
  } catch {
    return null;
  }
}

function systemIsDark(): boolean {
  return typeof window.matchMedia === "function" && window.matchMedia(DARK_QUERY).matches;
}

function applyAttribute(scheme: ColorScheme) {
  const computed = scheme === "auto" ? (systemIsDark() ? "dark" : "light") : scheme;
  document.documentElement.setAttribute("data-mantine-color-scheme", computed);
}

function emit() {
  for (const listener of [...listeners]) listener();
}

function storedColorScheme(): ColorScheme {
  current ??= readStored() ?? "auto";
  return current;
}

/** Stores the choice, paints the page in it and tells every subscriber (a repeated value does nothing). */
export function setColorScheme(scheme: ColorScheme): void {
  if (scheme === storedColorScheme()) return;
  current = scheme;
  try {
    window.localStorage.setItem(STORAGE_KEY, scheme);
  } catch {
    // Private mode: the choice holds for this page only.
  }
  applyAttribute(scheme);
  emit();
}

let watching = false;
function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  if (!watching) {
    watching = true;
    // The system's setting changes (it only shows under "auto"), or another tab chose one.
    window.matchMedia?.(DARK_QUERY).addEventListener("change", () => {
      if (storedColorScheme() === "auto") applyAttribute("auto");
      emit();
    });
    window.addEventListener("storage", (event) => {
      if (event.storageArea !== window.localStorage || event.key !== STORAGE_KEY) return;
      if (isColorScheme(event.newValue)) setColorScheme(event.newValue);
    });
  }
  return () => listeners.delete(listener);
}

const computedColorScheme = (): "light" | "dark" =>
  document.documentElement.getAttribute("data-mantine-color-scheme") === "dark" ? "dark" : "light";

/**
 * The stored choice and the scheme on screen. A server-rendered page was rendered for the system's
 * setting in light: hydration starts from that, then reads the browser's.
 */
export function useColorScheme(): { stored: ColorScheme; computed: "light" | "dark" } {
  const stored = useSyncExternalStore(subscribe, storedColorScheme, () => "auto" as const);
  const computed = useSyncExternalStore(subscribe, computedColorScheme, () => "light" as const);
  return { stored, computed };
}

/**
 * A MantineProvider's view of this store (one per provider: Mantine unsubscribes without saying
 * which listener). Its own changes come back through subscribe, which setColorScheme ignores.
 */
export function mantineColorSchemeManager(): MantineColorSchemeManager {
  let unsubscribe = () => {};
  return {
    get: (defaultValue) => (typeof window === "undefined" ? defaultValue : (readStored() ?? defaultValue)),
    set: setColorScheme,
    subscribe: (onUpdate) => {
      unsubscribe();
      const remove = subscribe(() => onUpdate(storedColorScheme()));
      unsubscribe = () => {
        remove();
      };
    },
    unsubscribe: () => unsubscribe(),
    clear: () => setColorScheme("auto"),
  };
}
