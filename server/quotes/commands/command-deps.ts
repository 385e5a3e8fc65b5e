import type { TeamRole } from "@shared/core/team-roles";
import type { Config } from "../../config";
import type { QuoteRow } from "../../db/repositories/quotes";
import type { Stores } from "../../db/stores";
import type { HandoffEmitter } from "../handoff-emitter";
import type { LiveControl } from "../live-control";

/**
 * Issue #37: the stock vehicle follows its deals. Implemented by server/inventory/stock-status.ts
 * (wired in server/routes/command-deps.ts): the inventory's events are built from the quotes',
 * so the quotes reach the stock through this interface, as they reach the live rooms.
 */
type DealStock = {
  /** A deal made from the vehicle was accepted: it is pending (a sold one stays sold). */
  afterAcceptance(quote: QuoteRow): Promise<void>;
  /** The deal went back to negotiation: the vehicle is available unless another deal holds it. */
  afterReopen(quote: QuoteRow): Promise<void>;
};

/** What the salesperson's mail of an accepted deal says (server/mail/acceptance-email.ts). */
export type AcceptedDeal = {
  summary: string;
  vehicle: string;
  name: string;
  phone: string;
  email: string;
  link: string;
};

/** The dealers' mail a command sends, built and sent by server/mail/ (wired beside DealStock). */
type DealMail = { accepted(to: string, deal: AcceptedDeal): Promise<void> };

/**
 * What a command runs with: the stores it writes, the live rooms it tells, the outbox's worker it
 * wakes, the stock that follows the deal and the mail it sends.
 */
export type CommandDeps = {
  stores: Stores;
  live: LiveControl;
  handoff: HandoffEmitter;
  stock: DealStock;
  mail: DealMail;
  config: Pick<Config, "appUrl" | "quoteValidityDays">;
  log?: (line: string) => void;
};

/** Who made a change, as the history and the version list name them: "Dana (manager)". */
export type CommandMember = { firstName: string; role: TeamRole };
