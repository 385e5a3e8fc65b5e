import type { TeamRole } from "@shared/permissions";
import type { Config } from "../../config";
import type { Stores } from "../../db/stores";
import type { Mailer } from "../../mail/mailer";
import type { HandoffEmitter } from "../handoff-emitter";
import type { LiveControl } from "../live-control";

/**
 * What a command runs with: the stores it writes, the live rooms it tells, the outbox's worker it
 * wakes, the mail it sends (the app's dependencies are one).
 */
export type CommandDeps = {
  stores: Stores;
  live: LiveControl;
  handoff: HandoffEmitter;
  mailer: Mailer;
  config: Pick<Config, "appUrl" | "quoteValidityDays">;
  log?: (line: string) => void;
};

/** Who made a change, as the history and the version list name them: "Dana (manager)". */
export type CommandMember = { firstName: string; role: TeamRole };
