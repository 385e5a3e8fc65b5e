import { Button, Checkbox, Group, NativeSelect, Stack, Text } from "@mantine/core";
import { amountToInput, parseAmountInput } from "@shared/core/format";
import { mayWriteDefaults } from "@shared/rules/permissions";
import { type QuoteTaxRules, taxRulesSchema } from "@shared/schemas/quote-schema";
import { fieldErrorMap } from "@shared/schemas/schema-fields";
import { MSG } from "@shared/text/messages";
import { TEXT } from "@shared/text/page-text";
import { STRUCTURES_TEXT } from "@shared/text/structure-messages";
import { type FormEvent, useCallback, useEffect, useState } from "react";
import { MoneyInput } from "@/components/money-input";
import { errorText } from "@/lib/api";
import { usePageTitle } from "@/lib/page-title";
import { useSession } from "@/lib/session";
import { useUnsavedChanges } from "@/lib/unsaved-changes";
import type { Banner } from "@/lib/use-banner";
import { DefaultsPageFrame } from "./defaults/defaults-page-frame";
import { loadTaxProfile, saveTaxRules, type TaxProfile, type TaxTemplate } from "./settings-api";

// Settings → Tax rules (issue #18): the dealership's tax profile (DESKING.md §1.5) over the rate
// lines of the Taxes page, with the example state profiles as starting points. GET/PUT
// /api/dealer-defaults/tax-profile; new quotes snapshot the rules.

const FEE_KINDS = ["doc", "dealer", "addOn", "gov"] as const;

export default function TaxRulesPage() {
  usePageTitle(STRUCTURES_TEXT.taxRulesTitle);
  const { user } = useSession();
  const [answer, setAnswer] = useState<TaxProfile | null>(null);
  const [rules, setRules] = useState<QuoteTaxRules | null>(null);
  const [cap, setCap] = useState("");
  const [minTax, setMinTax] = useState("");
  const [template, setTemplate] = useState<TaxTemplate | null>(null);
  const [failed, setFailed] = useState(false);
  const [banner, setBanner] = useState<Banner | null>(null);
  const [saving, setSaving] = useState(false);
  // Any change to the loaded rules until they are saved: leaving asks first.
  const [dirty, setDirty] = useState(false);
  useUnsavedChanges(dirty);

  const show = useCallback((next: QuoteTaxRules) => {
    setRules(next);
    setCap(next.tradeIn.cap === undefined ? "" : amountToInput(next.tradeIn.cap));
    setMinTax(next.minTax === undefined ? "" : amountToInput(next.minTax));
  }, []);
  const load = useCallback(() => {
    setFailed(false);
    loadTaxProfile()
      .then((loaded) => {
        setAnswer(loaded);
        show(loaded.taxRules);
      })
      .catch(() => setFailed(true));
  }, [show]);
  useEffect(load, [load]);

  if (!user) return null;
  const editable = mayWriteDefaults(user);

  const next: QuoteTaxRules | null = rules && {
    ...rules,
    tradeIn:
      rules.tradeIn.rule === "capped"
        ? { rule: "capped", cap: cap.trim() === "" ? Number.NaN : parseAmountInput(cap) }
        : { rule: rules.tradeIn.rule },
    ...(minTax.trim() === "" ? { minTax: undefined } : { minTax: parseAmountInput(minTax) }),
  };
  const check = next ? taxRulesSchema.safeParse(next) : null;
  const errors = check && !check.success ? fieldErrorMap(check.error) : {};
  const capMissing = next?.tradeIn.rule === "capped" && cap.trim() === "";

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!editable || !check?.success || capMissing) return;
    setSaving(true);
    setBanner(null);
    try {
      const saved = await saveTaxRules(check.data);
      show(saved.taxRules);
      setDirty(false);
      setBanner({ tone: "success", text: STRUCTURES_TEXT.taxRulesSaved });
    } catch (error) {
      setBanner({
        tone: "error",
        text: errorText(error, STRUCTURES_TEXT.taxRulesFailed),
      });
    } finally {
      setSaving(false);
    }
  };

  return (
    <DefaultsPageFrame
      title={STRUCTURES_TEXT.taxRulesTitle}
      intro={STRUCTURES_TEXT.taxRulesIntro}
      banner={banner}
      onCloseBanner={() => setBanner(null)}
      editable={editable}
      failed={failed}
      onRetry={load}
    >
      {!answer || !rules ? null : (
        <form onSubmit={(event) => void submit(event)} onChange={() => setDirty(true)} noValidate>
          <fieldset disabled={!editable} style={{ border: 0, padding: 0, margin: 0, minWidth: 0 }}>
            <Stack gap="md">
              <NativeSelect
                label={STRUCTURES_TEXT.startFromExample}
                value={template?.id ?? ""}
                data={[
                  { value: "", label: "—" },
                  ...answer.templates.map((t) => ({ value: t.id, label: t.label })),
                ]}
                onChange={(event) => {
                  const chosen = answer.templates.find((t) => t.id === event.currentTarget.value) ?? null;
                  setTemplate(chosen);
                  if (chosen) show(chosen.taxRules);
                }}
              />
              <Text size="sm" className="dd-secondary-text" mt={-8}>
                {STRUCTURES_TEXT.exampleNote}
              </Text>
              {template ? (
                <Text size="sm" data-testid="template-rates">
                  {STRUCTURES_TEXT.exampleRates(
                    template.rates.map((line) => `${line.description} ${line.rate}%`).join(", "),
                  )}
                  {template.notes ? ` ${template.notes}` : ""}
                </Text>
              ) : null}
              <NativeSelect
                label={STRUCTURES_TEXT.tradeInRule}
                value={rules.tradeIn.rule}
                data={Object.entries(STRUCTURES_TEXT.tradeInRules).map(([value, label]) => ({
                  value,
                  label,
                }))}
                onChange={(event) =>
                  setRules({
                    ...rules,
                    tradeIn: { rule: event.currentTarget.value as QuoteTaxRules["tradeIn"]["rule"] },
                  })
                }
              />
              {rules.tradeIn.rule === "capped" ? (
                <MoneyInput
                  label={STRUCTURES_TEXT.tradeInCap}
                  value={cap}
                  free
                  maw={240}
                  error={capMissing ? MSG.tradeInCapRequired : errors["tradeIn.cap"]}
                  onChange={setCap}
                />
              ) : null}
              <NativeSelect
                label={STRUCTURES_TEXT.rebateRule}
                value={rules.rebates}
                data={Object.entries(STRUCTURES_TEXT.rebateRules).map(([value, label]) => ({
                  value,
                  label,
                }))}
                onChange={(event) =>
                  setRules({ ...rules, rebates: event.currentTarget.value as QuoteTaxRules["rebates"] })
                }
              />
              <Checkbox.Group
                label={STRUCTURES_TEXT.taxedFees}
                value={FEE_KINDS.filter((kind) => rules.fees[kind])}
                onChange={(taxed) =>
                  setRules({
                    ...rules,
                    fees: Object.fromEntries(
                      FEE_KINDS.map((kind) => [kind, taxed.includes(kind)]),
                    ) as QuoteTaxRules["fees"],
                  })
                }
              >
                <Group mt={6}>
                  {FEE_KINDS.map((kind) => (
                    <Checkbox key={kind} value={kind} label={STRUCTURES_TEXT.feeKinds[kind]} />
                  ))}
                </Group>
              </Checkbox.Group>
              <MoneyInput
                label={STRUCTURES_TEXT.minTax}
                value={minTax}
                free
                maw={240}
                error={errors.minTax}
                onChange={setMinTax}
              />
              <NativeSelect
                label={STRUCTURES_TEXT.leaseTaxMethod}
                value={rules.lease.method}
                data={Object.entries(STRUCTURES_TEXT.leaseTaxMethods).map(([value, label]) => ({
                  value,
                  label,
                }))}
                onChange={(event) =>
                  setRules({
                    ...rules,
                    lease: {
                      ...rules.lease,
                      method: event.currentTarget.value as QuoteTaxRules["lease"]["method"],
                    },
                  })
                }
              />
              <Checkbox
                label={STRUCTURES_TEXT.capReductionTaxable}
                checked={rules.lease.capReductionTaxable}
                onChange={(event) =>
                  setRules({
                    ...rules,
                    lease: { ...rules.lease, capReductionTaxable: event.currentTarget.checked },
                  })
                }
              />
              <Checkbox
                label={STRUCTURES_TEXT.leaseTradeCredit}
                checked={rules.lease.tradeCredit}
                onChange={(event) =>
                  setRules({
                    ...rules,
                    lease: { ...rules.lease, tradeCredit: event.currentTarget.checked },
                  })
                }
              />
            </Stack>
          </fieldset>
          {editable ? (
            <Group justify="flex-end" mt="lg">
              <Button type="submit" loading={saving} disabled={!check?.success || capMissing}>
                {TEXT.save}
              </Button>
            </Group>
          ) : null}
        </form>
      )}
    </DefaultsPageFrame>
  );
}
