// Which text may become a clickable link: in core/ (no zod) so that the shopper's first paint
// (the vehicle's website in the quote header) and the schemas (schemas/schema-fields.ts) ask one function.

/** Only web links: a javascript: or data: URL must never become a clickable link. */
export function isHttpUrl(raw: string): boolean {
  const value = raw.trim();
  if (!/^https?:\/\//i.test(value)) return false;
  try {
    const url = new URL(value);
    return (url.protocol === "http:" || url.protocol === "https:") && url.hostname !== "";
  } catch {
    return false;
  }
}
