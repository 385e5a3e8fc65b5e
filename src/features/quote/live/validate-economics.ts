// Issue #38: the check of an economics update (only a dealer who sees gross writes that document),
// a chunk of its own so that the shopper's page never evaluates the economics schemas (issue #52).

import { economicsSchema } from "@shared/deal/economics";
import { checkWith, type ValidatedUpdate } from "./validate-update";

export function validateEconomics(field: string, value: unknown): ValidatedUpdate {
  return checkWith(economicsSchema, field, value);
}
