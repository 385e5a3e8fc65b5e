import type { UpdateResult } from "./field-adapter";

/** A live edit the server or the local guard refused: the page keeps the deal as it was, and says so in the console. */
export const logRefusal = (result: UpdateResult): void => {
  if (!result.ok) console.error("The change was not saved", result.errors);
};
