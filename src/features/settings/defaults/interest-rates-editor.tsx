import { Button, Group, NativeSelect, Stack, Table, Text, TextInput, Title } from "@mantine/core";
import {
  CREDIT_TIERS,
  type CreditTier,
  DEFAULT_CREDIT_TIER,
  isCreditTier,
  LOAN_TERMS,
} from "@shared/core/constants";
import { mayWriteDefaults } from "@shared/rules/permissions";
import { QUOTE_DEFAULTS_TEXT } from "@shared/text/dealer-messages";
import { MSG } from "@shared/text/messages";
import { TEXT } from "@shared/text/page-text";
import { useState } from "react";
import { BannerNotice, Notice } from "@/components/notice";
import { PageLoader } from "@/components/page-loader";
import { usePageTitle } from "@/lib/page-title";
import { useSession } from "@/lib/session";
import { useUnsavedChanges } from "@/lib/unsaved-changes";
import classes from "./defaults.module.css";
import { useTierRates } from "./use-tier-rates";

const TIER_OPTIONS = CREDIT_TIERS.map((tier) => ({
  value: tier.id,
  label: `${tier.label} (${tier.minScore}-${tier.maxScore})`,
}));

/** The dealer's rate sheet, one credit tier at a time (spec §2, §5). */
export function InterestRatesEditor() {
  const { user } = useSession();
  const [tier, setTier] = useState<CreditTier>(DEFAULT_CREDIT_TIER);
  const rates = useTierRates(tier, user !== null);
  usePageTitle(QUOTE_DEFAULTS_TEXT.interestRates);
  const { confirmDiscard } = useUnsavedChanges(rates.dirty);

  if (!user) return <Text>{QUOTE_DEFAULTS_TEXT.logInToViewInterestRates}</Text>;
  const editable = mayWriteDefaults(user);

  return (
    <Stack gap="md" className={classes.page}>
      <Title order={2}>{QUOTE_DEFAULTS_TEXT.interestRates}</Title>
      <BannerNotice banner={rates.banner} onClose={() => rates.setBanner(null)} />
      {!editable && (
        <Notice tone="info" data-testid="defaults-read-only">
          {MSG.defaultsReadOnly}
        </Notice>
      )}
      <NativeSelect
        label={QUOTE_DEFAULTS_TEXT.creditTier}
        data={TIER_OPTIONS}
        value={tier}
        maw={320}
        onChange={(event) => {
          const next = event.currentTarget.value;
          // Unsaved rates of this tier are not dropped without asking.
          if (isCreditTier(next) && next !== tier && confirmDiscard()) setTier(next);
        }}
      />
      {rates.status === "loading" && <PageLoader />}
      {rates.status === "failed" && (
        <div>
          <Button variant="default" onClick={() => void rates.reload()}>
            {TEXT.tryAgain}
          </Button>
        </div>
      )}
      {rates.status === "ready" && rates.texts && (
        <form
          noValidate
          aria-label={`${QUOTE_DEFAULTS_TEXT.interestRates}: ${TIER_OPTIONS.find((o) => o.value === tier)?.label}`}
          onSubmit={(event) => {
            event.preventDefault();
            if (editable) void rates.save();
          }}
        >
          <Table maw={420} verticalSpacing="xs">
            <Table.Thead>
              <Table.Tr>
                <Table.Th scope="col">Term</Table.Th>
                <Table.Th scope="col">Rate (APR)</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {LOAN_TERMS.map((term) => (
                <Table.Tr key={term}>
                  <Table.Th scope="row" fw={500}>
                    {term} months
                  </Table.Th>
                  <Table.Td>
                    <TextInput
                      aria-label={`${term} months rate`}
                      inputMode="decimal"
                      autoComplete="off"
                      rightSection="%"
                      w={130}
                      readOnly={!editable}
                      value={rates.texts?.[term] ?? ""}
                      error={rates.invalid[term] !== undefined}
                      onChange={(event) => rates.change(term, event.currentTarget.value)}
                    />
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
          {editable && (
            <Group mt="md">
              <Button type="submit" loading={rates.saving}>
                {TEXT.save}
              </Button>
            </Group>
          )}
        </form>
      )}
    </Stack>
  );
}
