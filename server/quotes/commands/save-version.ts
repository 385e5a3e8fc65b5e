import type { VersionRow } from "../versions";
import type { CommandDeps } from "./command-deps";
import { type DealerVersionInput, storeDealerVersion } from "./dealer-version";
import { pushHistory } from "./version-steps";

/**
 * POST /api/quotes/:id/versions while the deal is open: the deal as it stands becomes the next
 * version (issue #19), stored with its history row and `quote.version_created` in one
 * transaction; then the rooms hear of it and the dealers' History panels show it.
 */
export async function saveVersion(deps: CommandDeps, input: DealerVersionInput): Promise<VersionRow> {
  const { quote } = input;
  const { version, event } = await storeDealerVersion(deps, input, "saved");
  await deps.live.stateChanged(quote.id);
  pushHistory(deps, quote.id, event);
  return version;
}
