import { type CreditTier, LOAN_TERMS, type LoanTerm } from "@shared/core/constants";
import { MSG } from "@shared/text/messages";
import {
  type InterestRateEntry,
  interestRatesUpdate,
  type RateTable,
  validateInterestRates,
} from "@shared/validation/interest-rates";
import { useCallback, useEffect, useRef, useState } from "react";
import { errorText } from "@/lib/api";
import { useBanner } from "@/lib/use-banner";
import { fetchTierRates, saveTierRates } from "./defaults-api";

type RateTexts = Record<LoanTerm, string>;

const toTable = (entries: InterestRateEntry[]): RateTable => {
  const table = {} as Record<LoanTerm, number>;
  for (const entry of entries) table[entry.term_months] = entry.interest_rate;
  return table;
};
const toTexts = (table: RateTable): RateTexts => {
  const texts = {} as RateTexts;
  for (const term of LOAN_TERMS) texts[term] = String(table[term]);
  return texts;
};

/** One credit tier's saved rates, the rates as typed, and Save sending only the changed terms. */
export function useTierRates(tier: CreditTier, enabled: boolean) {
  const [saved, setSaved] = useState<RateTable | null>(null);
  const [texts, setTexts] = useState<RateTexts | null>(null);
  const [status, setStatus] = useState<"loading" | "ready" | "failed">("loading");
  const [invalid, setInvalid] = useState<Partial<Record<LoanTerm, string>>>({});
  const [saving, setSaving] = useState(false);
  const [banner, setBanner] = useBanner();

  // Choosing another tier (after the page asked, when there are unsaved edits) loads it; a late
  // answer for the last one is ignored.
  const latest = useRef(0);
  const load = useCallback(async () => {
    const request = ++latest.current;
    setStatus("loading");
    setInvalid({});
    try {
      const table = toTable(await fetchTierRates(tier));
      if (request !== latest.current) return;
      setSaved(table);
      setTexts(toTexts(table));
      setStatus("ready");
    } catch (error) {
      if (request !== latest.current) return;
      setStatus("failed");
      setBanner({ tone: "error", text: errorText(error, MSG.loadInterestRatesFailed) });
    }
  }, [tier, setBanner]);

  useEffect(() => {
    if (enabled) void load();
  }, [enabled, load]);

  const change = (term: LoanTerm, text: string) => {
    setTexts((current) => (current ? { ...current, [term]: text } : current));
    setInvalid((current) => ({ ...current, [term]: undefined }));
  };

  const save = async () => {
    if (!saved || !texts || saving) return;
    const update = interestRatesUpdate(saved, texts);
    if ("error" in update) {
      setInvalid(validateInterestRates(texts));
      setBanner({ tone: update.error === MSG.noChangesToSave ? "info" : "error", text: update.error });
      return;
    }
    setSaving(true);
    try {
      const table = toTable(await saveTierRates(tier, update.body.rates));
      setSaved(table);
      setTexts(toTexts(table));
      setBanner({ tone: "success", text: MSG.interestRatesUpdated });
    } catch (error) {
      setBanner({ tone: "error", text: errorText(error, MSG.updateInterestRatesFailed) });
    } finally {
      setSaving(false);
    }
  };

  /** Typed but not saved: switching tiers or leaving the page asks first. */
  const dirty =
    saved !== null && texts !== null && LOAN_TERMS.some((term) => texts[term] !== String(saved[term]));

  return { texts, status, invalid, saving, banner, setBanner, change, save, reload: load, dirty };
}
