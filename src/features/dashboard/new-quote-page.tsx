import { DASHBOARD_TEXT } from "@shared/text/dashboard-text";
// /quote/new (spec §2): the vehicle form; on success the new quote opens in dealer mode.

import { Paper, SegmentedControl, Title } from "@mantine/core";
import { INVENTORY_TEXT } from "@shared/inventory/inventory-text";
import { MSG } from "@shared/text/messages";
import { useState } from "react";
import { useNavigate } from "react-router";
import { PageContainer } from "@/components/page-container";
import { EMPTY_VEHICLE_FORM, VehicleForm } from "@/components/vehicle-form";
import { usePageTitle } from "@/lib/page-title";
import { createQuote } from "./quotes-api";
import { StockPicker } from "./stock-picker";

export default function NewQuotePage() {
  const navigate = useNavigate();
  usePageTitle(DASHBOARD_TEXT.createNewQuote);
  // Issue #37: a vehicle from stock, or one typed by hand.
  const [source, setSource] = useState<"hand" | "stock">("hand");

  return (
    <PageContainer>
      <Paper withBorder radius="md" p={{ base: "sm", sm: "lg" }} maw={720} mx="auto">
        <Title order={1} mb="md">
          {DASHBOARD_TEXT.createNewQuote}
        </Title>
        <SegmentedControl
          mb="md"
          fullWidth
          aria-label={INVENTORY_TEXT.vehicleSource}
          value={source}
          onChange={(value) => setSource(value as "hand" | "stock")}
          data={[
            { value: "hand", label: INVENTORY_TEXT.byHand },
            { value: "stock", label: INVENTORY_TEXT.fromStock },
          ]}
        />
        {source === "stock" ? (
          <StockPicker onCreated={(id) => navigate(`/quote/${encodeURIComponent(id)}?view=dealer`)} />
        ) : (
          <VehicleForm
            initialValues={EMPTY_VEHICLE_FORM}
            // Typed but not created yet: leaving asks first (Cancel is the way to drop it).
            guardUnsaved
            submitLabel={DASHBOARD_TEXT.createQuote}
            busyLabel={DASHBOARD_TEXT.creating}
            failure={MSG.createQuoteFailed}
            onCancel={() => navigate("/dashboard")}
            send={async (quote) => {
              try {
                const { id } = await createQuote(quote);
                navigate(`/quote/${encodeURIComponent(id)}?view=dealer`);
              } catch (error) {
                // Spec §8 shows one fixed message; the reason goes to the console for support.
                console.error("Create quote failed", error);
                throw new Error(MSG.createQuoteFailed);
              }
            }}
          />
        )}
      </Paper>
    </PageContainer>
  );
}
