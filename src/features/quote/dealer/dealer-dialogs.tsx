import type { QuoteDealership } from "@shared/core/api-types";
import type { CustomerInfo, QuoteData } from "@shared/schemas/quote-schema";
import { MSG } from "@shared/text/messages";
import { CORE_MSG, QUOTE_TEXT, TEXT } from "@shared/text/page-text";
import { vehicleFormValues } from "@shared/validation/vehicle-form";
import { useState } from "react";
import { useNavigate } from "react-router";
import { DeleteQuoteDialog } from "@/components/delete-quote-dialog";
import { VehicleForm } from "@/components/vehicle-form";
import { RefusalError } from "@/lib/api";
import { notify } from "@/lib/notify";
import { QuoteModal } from "../dialogs/quote-modal";
import type { UpdateResult } from "../live/field-adapter";
import { deleteQuote } from "./dealer-api";
import ShareDialog from "./share-dialog";

interface DealerDialogsProps {
  kind: "share" | "vehicle" | "delete";
  quoteId: string;
  data: QuoteData;
  dealership: QuoteDealership;
  customerInfo: CustomerInfo | null;
  updateVehicle(vehicle: QuoteData["vehicle"], pricing: QuoteData["pricing"]): Promise<UpdateResult>;
  updateCustomerInfo(info: CustomerInfo): Promise<UpdateResult>;
  onClose(): void;
}

/** The dealer's toolbar dialogs, in their own chunk: a shopper's page never loads them. */
export default function DealerDialogs(props: DealerDialogsProps) {
  const { kind, quoteId, data, dealership, customerInfo, onClose } = props;
  if (kind === "share") {
    return (
      <ShareDialog
        quoteId={quoteId}
        vehicleDescription={data.vehicle.description}
        dealership={dealership}
        customerInfo={customerInfo}
        onSave={async (info) => {
          const result = await props.updateCustomerInfo(info);
          if (!result.ok) console.error("The customer was not saved", result.errors);
          return result.ok;
        }}
        onClose={onClose}
      />
    );
  }
  if (kind === "vehicle") return <VehicleEditDialog {...props} />;
  return <DeleteDialog quoteId={quoteId} onClose={onClose} />;
}

function VehicleEditDialog({ data, updateVehicle, onClose }: DealerDialogsProps) {
  return (
    <QuoteModal title={QUOTE_TEXT.editVehicleTitle} onClose={onClose} size="lg">
      <VehicleForm
        initialValues={vehicleFormValues(data.vehicle, data.pricing)}
        submitLabel={TEXT.save}
        busyLabel={TEXT.save}
        failure={CORE_MSG.internalError}
        autoFocus
        send={async (quote) => {
          const result = await updateVehicle(quote.vehicle, quote.pricing);
          if (!result.ok) throw new RefusalError(result.errors);
          onClose();
        }}
        onCancel={onClose}
      />
    </QuoteModal>
  );
}

function DeleteDialog({ quoteId, onClose }: { quoteId: string; onClose(): void }) {
  const navigate = useNavigate();
  const [busy, setBusy] = useState(false);
  const remove = async () => {
    setBusy(true);
    try {
      await deleteQuote(quoteId);
      notify(MSG.quoteDeleted);
      navigate("/dashboard");
    } catch (error) {
      // Spec §8: a failed delete is only logged, and the confirmation closes.
      console.error("Deleting the quote failed", error);
      setBusy(false);
      onClose();
    }
  };
  return <DeleteQuoteDialog opened busy={busy} onCancel={onClose} onConfirm={remove} />;
}
