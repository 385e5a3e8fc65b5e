// The settings pages' calls to /api/dealer-defaults beyond the lists (those are
// ./defaults/defaults-api.ts): payment options, the tax profile, the desk's gross settings.
import type { EconomicsSettings } from "@shared/deal/economics";
import type { LeaseProgram, QuoteTaxRules, Structures } from "@shared/schemas/quote-schema";
import { apiRequest } from "@/lib/api";

export type PaymentOptions = { structures: Structures; leaseProgram: LeaseProgram | null };

export const loadPaymentOptions = () =>
  apiRequest<PaymentOptions>("/dealer-defaults/payment-options", { auth: true });

export const savePaymentOptions = (body: PaymentOptions) =>
  apiRequest<PaymentOptions>("/dealer-defaults/payment-options", { method: "PUT", body, auth: true });

/** An example state profile (issue #18) the tax rules can start from. */
export type TaxTemplate = {
  id: string;
  label: string;
  rates: { description: string; rate: number; baseCap: number | null }[];
  taxRules: QuoteTaxRules;
  notes: string;
};

export type TaxProfile = { taxRules: QuoteTaxRules; templates: TaxTemplate[] };

export const loadTaxProfile = () => apiRequest<TaxProfile>("/dealer-defaults/tax-profile", { auth: true });

export const saveTaxRules = (taxRules: QuoteTaxRules) =>
  apiRequest<{ taxRules: QuoteTaxRules }>("/dealer-defaults/tax-profile", {
    method: "PUT",
    body: taxRules,
    auth: true,
  });

const ECONOMICS = "/dealer-defaults/economics";

export const loadEconomics = () => apiRequest<EconomicsSettings>(ECONOMICS, { auth: true });

export const saveEconomics = (body: unknown) =>
  apiRequest<EconomicsSettings>(ECONOMICS, { method: "PUT", body, auth: true });

/** Issue #49: the dealer fees' names, for the "counts as front gross" boxes. */
export const dealerFeeNames = () =>
  apiRequest<{ dealerFees: { id: string; name: string }[] }>("/dealer-defaults/dealer-fees", { auth: true });
