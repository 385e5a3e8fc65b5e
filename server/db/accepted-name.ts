// Issue #46: the name the shopper typed when accepting, as a version's snapshot stores it ("" when
// none): the desk log names the customer of an accepted deal with it while the dealer's own
// customer record is empty.

export function acceptedName(snapshot: unknown): string {
  if (typeof snapshot !== "object" || snapshot === null) return "";
  const contact = (snapshot as { shopperContact?: unknown }).shopperContact;
  if (typeof contact !== "object" || contact === null) return "";
  const name = (contact as { name?: unknown }).name;
  return typeof name === "string" ? name.trim().slice(0, 200) : "";
}
