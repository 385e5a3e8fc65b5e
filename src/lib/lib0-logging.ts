// lib0/logging as Yjs uses it in the browser: vite.config.ts points the browser builds' imports of
// "lib0/logging" here. Yjs only prints a few warnings, with style markers; lib0's own module brings
// its DOM logger and, through it, lib0's schema module (about 2 KiB gzip of the shopper's opening
// JavaScript, issue #52). The build fails if Yjs ever asks for a name this module lacks.

export const BOLD = Symbol("bold");
export const UNBOLD = Symbol("unbold");
export const RED = Symbol("red");
export const ORANGE = Symbol("orange");

const words = (args: unknown[]): unknown[] => args.filter((arg) => typeof arg !== "symbol");

export const print = (...args: unknown[]): void => console.log(...words(args));
export const warn = (...args: unknown[]): void => console.warn(...words(args));
