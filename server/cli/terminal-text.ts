import { CONTROL_CHARACTERS } from "@shared/schemas/schema-fields";

const EVERY_CONTROL = new RegExp(CONTROL_CHARACTERS.source, "gu");

/**
 * A stored string as the admin's terminal may show it: each control character (ESC, BEL, CR, NUL…)
 * and bidi override as a visible escape (`\x1B`, `\u202E`), so nothing stored can move the
 * cursor, retitle or clear the terminal, or reorder what the admin reads. A backslash is escaped
 * too, so an escape shown is never ambiguous with one typed.
 */
export function terminalText(value: string): string {
  return value.replace(/\\/g, "\\\\").replace(EVERY_CONTROL, (c) => {
    const code = c.codePointAt(0) as number;
    return code < 0x100
      ? `\\x${code.toString(16).toUpperCase().padStart(2, "0")}`
      : `\\u${code.toString(16).toUpperCase().padStart(4, "0")}`;
  });
}
