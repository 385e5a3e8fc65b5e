import {
  Button,
  Checkbox,
  Fieldset,
  Group,
  NativeSelect,
  Stack,
  Switch,
  Table,
  Text,
  TextInput,
  Title,
} from "@mantine/core";
import { CREDIT_TIERS, type CreditTier, LOAN_TERM_KEYS, type LoanTermKey } from "@shared/core/constants";
import { amountToInput, parseAmountInput, sanitizeRateInput } from "@shared/core/format";
import type { EconomicsSettings } from "@shared/deal/economics";
import { RESERVE_METHODS } from "@shared/deal/gross";
import { mayChangeGrossVisibility, mayWriteDefaults } from "@shared/rules/permissions";
import { DESK_SETTINGS_TEXT as T } from "@shared/text/dealer-messages";
import { TEXT } from "@shared/text/page-text";
import { type FormEvent, useCallback, useEffect, useState } from "react";
import { BannerNotice, Notice } from "@/components/notice";
import { PageLoader } from "@/components/page-loader";
import { ApiError, errorText } from "@/lib/api";
import { usePageTitle } from "@/lib/page-title";
import { useSession } from "@/lib/session";
import { useUnsavedChanges } from "@/lib/unsaved-changes";
import { useBanner } from "@/lib/use-banner";
import classes from "./defaults/defaults.module.css";
import { dealerFeeNames, loadEconomics, saveEconomics } from "./settings-api";

// Settings → Desk & gross (issue #38, docs/decisions/019-deal-economics.md): the dealership's deal
// economics defaults that new quotes snapshot (pack, participation, the lender's buy rates and buy
// money factors) and "Salespeople see gross". GET/PUT /api/dealer-defaults/economics. Owners and
// managers only; the switch is the owner's (a manager sees it, read-only).

/** The form as typed: one text per field, keyed by the API's field path ("buyRates.good.60"). */
type Texts = Record<string, string>;

/** Mantine's dimmed description is below 4.5:1; the app's secondary text colour is not (both schemes). */
const SECONDARY_DESCRIPTION = { description: { color: "var(--dd-text-secondary)" } };
const rateKey = (tier: CreditTier, term: LoanTermKey) => `buyRates.${tier}.${term}`;
const factorKey = (tier: CreditTier) => `buyMoneyFactors.${tier}`;
/** Issue #49: a reserve rule's parts, keyed like the API's field paths ("reserveRules.good.flatAmount"). */
const RULE_PARTS = ["method", "flatAmount", "amountFinancedPercent", "maxMarkup", "maxReserve"] as const;
type RulePart = (typeof RULE_PARTS)[number];
const ruleKey = (tier: CreditTier, part: RulePart) => `reserveRules.${tier}.${part}`;

function toTexts(settings: EconomicsSettings): Texts {
  const texts: Texts = {
    pack: amountToInput(settings.pack),
    participation: String(settings.participation),
  };
  for (const { id } of CREDIT_TIERS) {
    for (const term of LOAN_TERM_KEYS) {
      const rate = settings.buyRates[id]?.[term];
      texts[rateKey(id, term)] = rate === undefined ? "" : String(rate);
    }
    const factor = settings.buyMoneyFactors[id];
    texts[factorKey(id)] = factor === undefined ? "" : String(factor);
    const rule = settings.reserveRules?.[id];
    for (const part of RULE_PARTS) {
      const value = rule?.[part];
      texts[ruleKey(id, part)] = value === undefined ? (part === "method" ? "markup" : "") : String(value);
    }
  }
  texts.feesInGross = [...(settings.feesInGross ?? [])].sort().join(",");
  return texts;
}

/** A tier's rule as sent: absent when it is today's default (a share of the markup, uncapped). */
function ruleBody(texts: Texts, tier: CreditTier) {
  const rule: Record<string, number | string> = { method: texts[ruleKey(tier, "method")] || "markup" };
  for (const part of RULE_PARTS) {
    if (part === "method") continue;
    const text = texts[ruleKey(tier, part)] ?? "";
    if (text.trim() === "") continue;
    const amount = part === "flatAmount" || part === "maxReserve" ? parseAmountInput(text) : Number.NaN;
    rule[part] = Number.isNaN(amount) ? numberOrText(text) : amount;
  }
  return Object.keys(rule).length === 1 && rule.method === "markup" ? null : rule;
}

/** A typed number as sent: the number when it reads as one, else the text itself (the API names the field). */
const numberOrText = (text: string): number | string => {
  const trimmed = text.trim();
  return trimmed !== "" && Number.isFinite(Number(trimmed)) ? Number(trimmed) : trimmed;
};

function toBody(texts: Texts, salespeopleSeeGross: boolean) {
  const buyRates: Record<string, Record<string, number | string>> = {};
  const buyMoneyFactors: Record<string, number | string> = {};
  for (const { id } of CREDIT_TIERS) {
    for (const term of LOAN_TERM_KEYS) {
      const text = texts[rateKey(id, term)] ?? "";
      if (text.trim() === "") continue;
      buyRates[id] ??= {};
      (buyRates[id] as Record<string, number | string>)[term] = numberOrText(text);
    }
    const factor = texts[factorKey(id)] ?? "";
    if (factor.trim() !== "") buyMoneyFactors[id] = numberOrText(factor);
  }
  const reserveRules: Record<string, unknown> = {};
  for (const { id } of CREDIT_TIERS) {
    const rule = ruleBody(texts, id);
    if (rule) reserveRules[id] = rule;
  }
  const feesInGross = (texts.feesInGross ?? "").split(",").filter(Boolean);
  const pack = parseAmountInput(texts.pack ?? "");
  return {
    pack: Number.isNaN(pack) ? (texts.pack ?? "") : pack,
    participation: (texts.participation ?? "").trim() === "" ? 0 : numberOrText(texts.participation ?? ""),
    buyRates,
    buyMoneyFactors,
    // Absent means none (the PUT replaces the whole row), so settings without them read as before.
    ...(Object.keys(reserveRules).length > 0 ? { reserveRules } : {}),
    ...(feesInGross.length > 0 ? { feesInGross } : {}),
    salespeopleSeeGross,
  };
}

/** The API's field errors by field path (the first message of each). */
function fieldErrors(error: unknown): Record<string, string> {
  const errors: Record<string, string> = {};
  if (!(error instanceof ApiError)) return errors;
  for (const entry of error.body?.errors ?? []) {
    const field = entry.field;
    const message = entry.message ?? entry.msg;
    if (field && message && errors[field] === undefined) errors[field] = message;
  }
  return errors;
}

export default function DeskGrossPage() {
  usePageTitle(T.title);
  const { user } = useSession();
  const allowed = user !== null && mayWriteDefaults(user);
  const [saved, setSaved] = useState<EconomicsSettings | null>(null);
  const [texts, setTexts] = useState<Texts>({});
  const [seeGross, setSeeGross] = useState(false);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [failed, setFailed] = useState(false);
  const [saving, setSaving] = useState(false);
  const [banner, setBanner] = useBanner();
  const [dealerFees, setDealerFees] = useState<{ id: string; name: string }[]>([]);

  const adopt = useCallback((settings: EconomicsSettings) => {
    setSaved(settings);
    setTexts(toTexts(settings));
    setSeeGross(settings.salespeopleSeeGross);
    setErrors({});
  }, []);

  const load = useCallback(() => {
    setFailed(false);
    loadEconomics()
      .then(adopt)
      .catch((error) => {
        setFailed(true);
        setBanner({ tone: "error", text: errorText(error, T.loadFailed) });
      });
  }, [adopt, setBanner]);
  useEffect(() => {
    if (allowed) load();
  }, [allowed, load]);
  // Issue #49: the dealer fees the "counts as front gross" boxes are for.
  useEffect(() => {
    if (!allowed) return;
    dealerFeeNames()
      .then((answer) => setDealerFees(answer.dealerFees))
      .catch(() => setDealerFees([]));
  }, [allowed]);

  const dirty =
    saved !== null &&
    (seeGross !== saved.salespeopleSeeGross ||
      Object.entries(toTexts(saved)).some(([key, text]) => (texts[key] ?? "") !== text));
  useUnsavedChanges(dirty && !saving);

  if (!user) return null;
  const ownerSwitch = mayChangeGrossVisibility(user);

  const change = (key: string, text: string) => {
    setTexts((current) => ({ ...current, [key]: text }));
    setErrors((current) => (current[key] === undefined ? current : { ...current, [key]: "" }));
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (saving) return;
    setSaving(true);
    setBanner(null);
    try {
      adopt(await saveEconomics(toBody(texts, seeGross)));
      setBanner({ tone: "success", text: T.saved });
    } catch (error) {
      setErrors(fieldErrors(error));
      setBanner({ tone: "error", text: errorText(error, T.saveFailed) });
    } finally {
      setSaving(false);
    }
  };

  const input = (key: string, label: string, extra: { hideLabel?: boolean; rate?: boolean } = {}) => (
    <TextInput
      key={key}
      label={extra.hideLabel ? undefined : label}
      aria-label={extra.hideLabel ? label : undefined}
      inputMode="decimal"
      autoComplete="off"
      rightSection={extra.rate ? "%" : undefined}
      miw={extra.hideLabel ? 84 : undefined}
      value={texts[key] ?? ""}
      error={errors[key] || undefined}
      onChange={(event) =>
        change(key, extra.rate ? sanitizeRateInput(event.currentTarget.value) : event.currentTarget.value)
      }
    />
  );

  return (
    <Stack gap="md" className={classes.page}>
      <Title order={2}>{T.title}</Title>
      <Text className="dd-secondary-text">{T.intro}</Text>
      <BannerNotice banner={banner} onClose={() => setBanner(null)} />
      {!allowed ? (
        <Notice tone="info" data-testid="desk-gross-not-allowed">
          {T.ownersOnly}
        </Notice>
      ) : failed ? (
        <div>
          <Button variant="default" onClick={load}>
            {TEXT.tryAgain}
          </Button>
        </div>
      ) : saved === null ? (
        <PageLoader />
      ) : (
        <form noValidate aria-label={T.title} onSubmit={(event) => void submit(event)}>
          <Stack gap="lg">
            <Group align="flex-start" gap="md">
              <TextInput
                label={T.pack}
                inputMode="decimal"
                autoComplete="off"
                leftSection="$"
                w={180}
                value={texts.pack ?? ""}
                error={errors.pack || undefined}
                onChange={(event) => change("pack", event.currentTarget.value.replace(/[^\d.,]/g, ""))}
                onBlur={() => {
                  const pack = parseAmountInput(texts.pack ?? "");
                  if (!Number.isNaN(pack) && (texts.pack ?? "") !== "") change("pack", amountToInput(pack));
                }}
              />
              <TextInput
                label={T.participation}
                description={`${T.participationHint}. ${T.participationWords(
                  (texts.participation ?? "").trim() || "0",
                )}.`}
                styles={SECONDARY_DESCRIPTION}
                inputMode="decimal"
                autoComplete="off"
                rightSection="%"
                w={260}
                value={texts.participation ?? ""}
                error={errors.participation || undefined}
                onChange={(event) => change("participation", sanitizeRateInput(event.currentTarget.value))}
              />
            </Group>

            <Stack gap="xs">
              <Title order={3} size="h4">
                {T.buyRatesTitle}
              </Title>
              <Text size="sm" className="dd-secondary-text">
                {T.buyRatesHint}
              </Text>
              <Table.ScrollContainer minWidth={640} type="native">
                <Table verticalSpacing="xs" aria-label={T.buyRatesTitle}>
                  <Table.Thead>
                    <Table.Tr>
                      <Table.Th scope="col">{T.tierHeader}</Table.Th>
                      {LOAN_TERM_KEYS.map((term) => (
                        <Table.Th scope="col" key={term}>
                          {T.termHeader(Number(term))}
                        </Table.Th>
                      ))}
                    </Table.Tr>
                  </Table.Thead>
                  <Table.Tbody>
                    {CREDIT_TIERS.map((tier) => (
                      <Table.Tr key={tier.id}>
                        <Table.Th scope="row" fw={500}>
                          {tier.label}
                        </Table.Th>
                        {LOAN_TERM_KEYS.map((term) => (
                          <Table.Td key={term}>
                            {input(rateKey(tier.id, term), T.buyRate(tier.label, Number(term)), {
                              hideLabel: true,
                              rate: true,
                            })}
                          </Table.Td>
                        ))}
                      </Table.Tr>
                    ))}
                  </Table.Tbody>
                </Table>
              </Table.ScrollContainer>
            </Stack>

            <Fieldset legend={T.buyMoneyFactorsTitle} variant="unstyled" className={classes.legend}>
              <Group align="flex-start" gap="md">
                {CREDIT_TIERS.map((tier) => (
                  <TextInput
                    key={tier.id}
                    label={tier.label}
                    inputMode="decimal"
                    autoComplete="off"
                    w={130}
                    value={texts[factorKey(tier.id)] ?? ""}
                    error={errors[factorKey(tier.id)] || undefined}
                    onChange={(event) => change(factorKey(tier.id), event.currentTarget.value)}
                  />
                ))}
              </Group>
            </Fieldset>

            <Stack gap="xs">
              <Title order={3} size="h4">
                {T.reserveTitle}
              </Title>
              <Text size="sm" className="dd-secondary-text">
                {T.reserveHint}
              </Text>
              <Table.ScrollContainer minWidth={720} type="native">
                <Table verticalSpacing="xs" aria-label={T.reserveTitle}>
                  <Table.Thead>
                    <Table.Tr>
                      <Table.Th scope="col">{T.tierHeader}</Table.Th>
                      {T.reserveHeaders.map((header) => (
                        <Table.Th scope="col" key={header}>
                          {header}
                        </Table.Th>
                      ))}
                    </Table.Tr>
                  </Table.Thead>
                  <Table.Tbody>
                    {CREDIT_TIERS.map((tier) => (
                      <Table.Tr key={tier.id}>
                        <Table.Th scope="row" fw={500}>
                          {tier.label}
                        </Table.Th>
                        <Table.Td>
                          <NativeSelect
                            aria-label={T.reserveMethod(tier.label)}
                            value={texts[ruleKey(tier.id, "method")] || "markup"}
                            error={errors[ruleKey(tier.id, "method")] || undefined}
                            onChange={(event) =>
                              change(ruleKey(tier.id, "method"), event.currentTarget.value)
                            }
                            data={RESERVE_METHODS.map((method) => ({
                              value: method,
                              label: T.reserveMethods[method],
                            }))}
                          />
                        </Table.Td>
                        <Table.Td>
                          {input(ruleKey(tier.id, "flatAmount"), T.reserveFlat(tier.label), {
                            hideLabel: true,
                          })}
                        </Table.Td>
                        <Table.Td>
                          {input(ruleKey(tier.id, "amountFinancedPercent"), T.reservePercent(tier.label), {
                            hideLabel: true,
                            rate: true,
                          })}
                        </Table.Td>
                        <Table.Td>
                          {input(ruleKey(tier.id, "maxMarkup"), T.reserveMaxMarkup(tier.label), {
                            hideLabel: true,
                            rate: true,
                          })}
                        </Table.Td>
                        <Table.Td>
                          {input(ruleKey(tier.id, "maxReserve"), T.reserveMaxReserve(tier.label), {
                            hideLabel: true,
                          })}
                        </Table.Td>
                      </Table.Tr>
                    ))}
                  </Table.Tbody>
                </Table>
              </Table.ScrollContainer>
            </Stack>

            <Fieldset legend={T.feesInGrossTitle} variant="unstyled" className={classes.legend}>
              <Text size="sm" className="dd-secondary-text" mb="xs">
                {T.feesInGrossHint}
              </Text>
              {dealerFees.length === 0 ? (
                <Text size="sm">{T.noDealerFees}</Text>
              ) : (
                <Stack gap={6}>
                  {dealerFees.map((fee) => {
                    const chosen = (texts.feesInGross ?? "").split(",").filter(Boolean);
                    return (
                      <Checkbox
                        key={fee.id}
                        label={fee.name}
                        checked={chosen.includes(fee.id)}
                        onChange={(event) => {
                          const next = event.currentTarget.checked
                            ? [...chosen, fee.id]
                            : chosen.filter((id) => id !== fee.id);
                          change("feesInGross", [...new Set(next)].sort().join(","));
                        }}
                      />
                    );
                  })}
                </Stack>
              )}
              {errors.feesInGross ? (
                <Text size="sm" c="red.8" role="alert">
                  {errors.feesInGross}
                </Text>
              ) : null}
            </Fieldset>

            <Switch
              label={T.salespeopleSeeGross}
              description={
                ownerSwitch
                  ? seeGross
                    ? T.salespeopleSeeGrossOnHint
                    : T.salespeopleSeeGrossHint
                  : T.ownerOnlySwitch
              }
              styles={SECONDARY_DESCRIPTION}
              checked={seeGross}
              disabled={!ownerSwitch}
              error={errors.salespeopleSeeGross || undefined}
              onChange={(event) => setSeeGross(event.currentTarget.checked)}
            />

            <Group>
              <Button type="submit" loading={saving}>
                {TEXT.save}
              </Button>
            </Group>
          </Stack>
        </form>
      )}
    </Stack>
  );
}
