import { Box, Title } from "@mantine/core";
import { type Economics, readEconomics } from "@shared/deal/economics";
import { dealGross } from "@shared/deal/gross";
import { selectedStructure } from "@shared/deal/selected-structure";
import type { QuoteData } from "@shared/schemas/quote-schema";
import { DESK_TEXT } from "@shared/text/solve-text";
import { useMemo } from "react";
import type { UpdateResult } from "../live/field-adapter";
import type { LiveQuoteState } from "../live/use-live-quote";
import { EconomicsEditor } from "./economics-editor";
import { SolveForm, type SolvePrefill } from "./solve-form";

// Issue #38, dealer only (a chunk the shopper's page never loads): the deal's gross for its
// selected structure, the dealer-private economics it reads (the economics document, which only a
// member who sees gross receives: economics-editor.tsx), and "Solve for" a target payment, applied
// as a normal live edit (in the history: solve-form.tsx).

interface DeskPanelProps {
  data: QuoteData;
  /** The economics document as stored (null until it arrived, and for a member who does not see gross). */
  economicsRaw: Record<string, unknown> | null;
  /** Owners and managers; salespeople when the owner turned "Salespeople see gross" on. */
  showGross: boolean;
  readOnly: boolean;
  update: LiveQuoteState["update"];
  prefill: SolvePrefill | null;
}

const firstError = (result: UpdateResult) => (result.ok ? undefined : result.errors[0]?.message);

export default function DeskPanel({
  data,
  economicsRaw,
  showGross,
  readOnly,
  update,
  prefill,
}: DeskPanelProps) {
  const economics = useMemo(() => readEconomics(economicsRaw?.economics), [economicsRaw]);
  const selected = useMemo(() => selectedStructure(data), [data]);
  const gross = useMemo(() => dealGross(data, economics), [data, economics]);

  const saveEconomics = async (next: Economics) => firstError(await update("economics", next));
  const selection = selected.selection;

  return (
    <Box component="section" aria-labelledby="desk-title" mt="xl" data-testid="desk-panel">
      <Title order={2} id="desk-title" fz="h4" mb="sm">
        {DESK_TEXT.title}
      </Title>
      {showGross ? (
        <EconomicsEditor
          data={data}
          economics={economics}
          gross={gross}
          selection={selection}
          readOnly={readOnly}
          saveEconomics={saveEconomics}
        />
      ) : null}

      <SolveForm
        data={data}
        economics={economics}
        showGross={showGross}
        readOnly={readOnly}
        update={update}
        prefill={prefill}
      />
    </Box>
  );
}
