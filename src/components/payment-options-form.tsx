import {
  Button,
  Checkbox,
  Divider,
  Group,
  NativeSelect,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Title,
} from "@mantine/core";
import {
  CREDIT_TIERS,
  LEASE_TERMS,
  type LeaseTerm,
  LOAN_TERMS,
  type LoanTerm,
  STRUCTURE_KINDS,
  type StructureKind,
} from "@shared/core/constants";
import { amountToInput, parseAmountInput } from "@shared/core/format";
import {
  type LeaseProgram,
  leaseProgramSchema,
  type Structures,
  structuresEntrySchema,
} from "@shared/schemas/quote-schema";
import { fieldErrorMap } from "@shared/schemas/schema-fields";
import { TEXT } from "@shared/text/page-text";
import { STRUCTURES_TEXT } from "@shared/text/structure-messages";
import { type FormEvent, useState } from "react";
import { useUnsavedChanges } from "@/lib/unsaved-changes";
import { MoneyInput } from "./money-input";

// Issue #18: three cash-down rows and three terms per structure, which structures the customer
// sees, and the lease programme (residual % by term, money factor by credit tier, fees). One
// form for a quote (the dealer's dialog) and for the dealership's defaults (Settings → Payment
// options), validated with the shared schemas as the server validates what it stores.

interface PaymentOptionsFormProps {
  structures: Structures;
  leaseProgram: LeaseProgram | undefined;
  /** Resolves true once saved. */
  onSave(structures: Structures, leaseProgram: LeaseProgram | undefined): Promise<boolean>;
  onCancel?: () => void;
  /** A salesperson sees the dealership's options without a Save. */
  readOnly?: boolean;
  /** The first field takes the focus (in a dialog). */
  autoFocus?: boolean;
}

/** A programme to start from when the quote has none: check it against the lender's sheet. */
const STARTER_PROGRAM: LeaseProgram = {
  residuals: { "24": 62, "36": 56, "48": 48 },
  moneyFactors: { excellent: 0.00125, "very-good": 0.0015, good: 0.002, fair: 0.00275, poor: 0.0035 },
  acquisitionFee: 695,
  dispositionFee: 395,
  securityDeposit: 0,
};

const numberOrNaN = (raw: string) => (raw.trim() === "" ? Number.NaN : Number(raw.replace(/[,\s%$]/g, "")));

export function PaymentOptionsForm({
  structures,
  leaseProgram,
  onSave,
  onCancel,
  readOnly = false,
  autoFocus = false,
}: PaymentOptionsFormProps) {
  const [downs, setDowns] = useState(() => structures.downs.map(amountToInput));
  const [financeTerms, setFinanceTerms] = useState<LoanTerm[]>(() => [...structures.financeTerms]);
  const [leaseTerms, setLeaseTerms] = useState<LeaseTerm[]>(() => [...structures.leaseTerms]);
  const [hidden, setHidden] = useState<StructureKind[]>(() => [...structures.hidden]);
  const [offerLease, setOfferLease] = useState(leaseProgram !== undefined);
  const program = leaseProgram ?? STARTER_PROGRAM;
  const [residuals, setResiduals] = useState<Record<string, string>>(() =>
    Object.fromEntries(LEASE_TERMS.map((t) => [String(t), String(program.residuals[`${t}`] ?? "")])),
  );
  const [factors, setFactors] = useState<Record<string, string>>(() =>
    Object.fromEntries(CREDIT_TIERS.map((t) => [t.id, String(program.moneyFactors[t.id] ?? "")])),
  );
  const [fees, setFees] = useState(() => ({
    acquisitionFee: amountToInput(program.acquisitionFee),
    dispositionFee: amountToInput(program.dispositionFee),
    securityDeposit: amountToInput(program.securityDeposit),
  }));
  const [saving, setSaving] = useState(false);
  // Changed and not saved: leaving the page asks first (a save remounts the form clean).
  const [dirty, setDirty] = useState(false);
  useUnsavedChanges(dirty && !saving);

  const nextStructures = {
    downs: downs.map(parseAmountInput),
    financeTerms,
    leaseTerms,
    hidden,
  };
  const structureCheck = structuresEntrySchema.safeParse(nextStructures);
  const structureErrors = structureCheck.success ? {} : fieldErrorMap(structureCheck.error);
  const nextProgram = {
    residuals: Object.fromEntries(
      leaseTerms.map((t) => [String(t), numberOrNaN(residuals[String(t)] ?? "")]),
    ),
    moneyFactors: Object.fromEntries(CREDIT_TIERS.map((t) => [t.id, numberOrNaN(factors[t.id] ?? "")])),
    acquisitionFee: parseAmountInput(fees.acquisitionFee),
    dispositionFee: parseAmountInput(fees.dispositionFee),
    securityDeposit: parseAmountInput(fees.securityDeposit),
  };
  const programCheck = leaseProgramSchema.safeParse(nextProgram);
  const programErrors = !offerLease || programCheck.success ? {} : fieldErrorMap(programCheck.error);
  const valid = structureCheck.success && (!offerLease || programCheck.success);

  const submit = async (event: FormEvent): Promise<boolean> => {
    event.preventDefault();
    if (readOnly || !valid || !structureCheck.success) return false;
    setSaving(true);
    // Without a lease on offer, the programme stays on the quote but lease is hidden from the customer.
    const savedHidden: StructureKind[] = offerLease
      ? structureCheck.data.hidden
      : [...new Set<StructureKind>([...structureCheck.data.hidden, "lease"])];
    const saved = await onSave(
      { ...structureCheck.data, hidden: savedHidden },
      offerLease && programCheck.success ? programCheck.data : leaseProgram,
    );
    setSaving(false);
    return saved;
  };

  const termSelect = <T extends number>(
    label: string,
    value: T,
    options: readonly T[],
    onChange: (value: T) => void,
  ) => (
    <NativeSelect
      key={label}
      label={label}
      value={String(value)}
      data={options.map((t) => ({ value: String(t), label: STRUCTURES_TEXT.termMonths(t) }))}
      onChange={(event) => onChange(Number(event.currentTarget.value) as T)}
    />
  );

  return (
    <form
      onSubmit={(event) => {
        void submit(event);
      }}
      onChange={() => setDirty(true)}
      noValidate
    >
      <fieldset disabled={readOnly} style={{ border: 0, padding: 0, margin: 0, minWidth: 0 }}>
        <Stack gap="md">
          <SimpleGrid cols={{ base: 1, xs: 3 }} spacing="sm">
            {downs.map((down, i) => (
              <MoneyInput
                // biome-ignore lint/suspicious/noArrayIndexKey: three fixed rows
                key={i}
                label={STRUCTURES_TEXT.downN(i + 1)}
                value={down}
                free
                data-autofocus={(autoFocus && i === 0) || undefined}
                error={structureErrors[`downs.${i}`]}
                onChange={(value) => setDowns((current) => current.map((d, j) => (j === i ? value : d)))}
              />
            ))}
          </SimpleGrid>
          {structureErrors.downs ? (
            <Text c="red.8" size="sm" role="alert">
              {structureErrors.downs}
            </Text>
          ) : null}
          <SimpleGrid cols={{ base: 1, xs: 3 }} spacing="sm">
            {financeTerms.map((term, i) =>
              termSelect(STRUCTURES_TEXT.financeTermN(i + 1), term, LOAN_TERMS, (value) =>
                setFinanceTerms((current) => current.map((t, j) => (j === i ? value : t))),
              ),
            )}
          </SimpleGrid>
          {structureErrors.financeTerms ? (
            <Text c="red.8" size="sm" role="alert">
              {structureErrors.financeTerms}
            </Text>
          ) : null}
          <SimpleGrid cols={{ base: 1, xs: 3 }} spacing="sm">
            {leaseTerms.map((term, i) =>
              termSelect(STRUCTURES_TEXT.leaseTermN(i + 1), term, LEASE_TERMS, (value) =>
                setLeaseTerms((current) => current.map((t, j) => (j === i ? value : t))),
              ),
            )}
          </SimpleGrid>
          {structureErrors.leaseTerms ? (
            <Text c="red.8" size="sm" role="alert">
              {structureErrors.leaseTerms}
            </Text>
          ) : null}
          <Checkbox.Group
            label={STRUCTURES_TEXT.showToCustomer}
            // A lease is shown only when one is offered: unticked "Offer a lease" unticks it here (#51).
            value={STRUCTURE_KINDS.filter(
              (kind) => !hidden.includes(kind) && (kind !== "lease" || offerLease),
            )}
            onChange={(shown) =>
              setHidden(
                STRUCTURE_KINDS.filter(
                  (kind) =>
                    !shown.includes(kind) && (kind !== "lease" || offerLease || hidden.includes(kind)),
                ),
              )
            }
            error={structureErrors.hidden}
          >
            <Group mt={6}>
              {STRUCTURE_KINDS.map((kind) => (
                <Checkbox
                  key={kind}
                  value={kind}
                  label={STRUCTURES_TEXT[kind]}
                  disabled={kind === "lease" && !offerLease}
                  description={kind === "lease" && !offerLease ? STRUCTURES_TEXT.leaseNotOffered : undefined}
                />
              ))}
            </Group>
          </Checkbox.Group>

          <Divider />
          <Checkbox
            label={STRUCTURES_TEXT.offerLease}
            checked={offerLease}
            onChange={(event) => setOfferLease(event.currentTarget.checked)}
          />
          {offerLease ? (
            <Stack gap="sm">
              <Title order={3} fz="md">
                {STRUCTURES_TEXT.leaseProgram}
              </Title>
              <SimpleGrid cols={{ base: 1, xs: 3 }} spacing="sm">
                {leaseTerms.map((term) => (
                  <TextInput
                    key={term}
                    label={STRUCTURES_TEXT.residualFor(term)}
                    value={residuals[String(term)] ?? ""}
                    rightSection="%"
                    inputMode="decimal"
                    error={programErrors[`residuals.${term}`]}
                    onChange={(event) => {
                      const value = event.currentTarget.value;
                      setResiduals((current) => ({ ...current, [String(term)]: value }));
                    }}
                  />
                ))}
              </SimpleGrid>
              <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
                {CREDIT_TIERS.map((tier) => (
                  <TextInput
                    key={tier.id}
                    label={STRUCTURES_TEXT.moneyFactorFor(tier.label)}
                    value={factors[tier.id] ?? ""}
                    inputMode="decimal"
                    error={programErrors[`moneyFactors.${tier.id}`]}
                    onChange={(event) => {
                      const value = event.currentTarget.value;
                      setFactors((current) => ({ ...current, [tier.id]: value }));
                    }}
                  />
                ))}
              </SimpleGrid>
              <SimpleGrid cols={{ base: 1, xs: 3 }} spacing="sm">
                {(["acquisitionFee", "dispositionFee", "securityDeposit"] as const).map((key) => (
                  <MoneyInput
                    key={key}
                    label={STRUCTURES_TEXT[key]}
                    value={fees[key]}
                    free
                    error={programErrors[key]}
                    onChange={(value) => setFees((current) => ({ ...current, [key]: value }))}
                  />
                ))}
              </SimpleGrid>
            </Stack>
          ) : null}
        </Stack>
      </fieldset>
      {readOnly ? null : (
        <Group justify="flex-end" mt="lg" gap="sm">
          {onCancel ? (
            <Button variant="default" onClick={onCancel}>
              {TEXT.cancel}
            </Button>
          ) : null}
          <Button type="submit" disabled={!valid} loading={saving}>
            {TEXT.save}
          </Button>
        </Group>
      )}
    </form>
  );
}
