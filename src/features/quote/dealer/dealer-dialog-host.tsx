import type { QuoteDealership } from "@shared/core/api-types";
import type { CustomerInfo, QuoteData } from "@shared/schemas/quote-schema";
import {
  leaseProgram as readLeaseProgram,
  structures as readStructures,
} from "@shared/schemas/read-structures";
import type { UpdateField, UpdateResult, UpdateValue } from "../live/field-adapter";
import type { QuoteDialog } from "../quote-dialogs";
import AddOnsEditor from "./add-ons-editor";
import DealerDialogs from "./dealer-dialogs";
import RebatesEditor from "./rebates-editor";
import StructuresEditor from "./structures-editor";
import VersionsDialog from "./versions-dialog";

// The dealer's dialogs of the quote page, in one chunk of their own: a shopper's page never
// loads them (and the quote page's chunk stays inside the phone's budget).

interface DealerDialogHostProps {
  dialog: QuoteDialog;
  quoteId: string;
  data: QuoteData;
  dealership: QuoteDealership;
  customerInfo: CustomerInfo | null;
  update<F extends UpdateField>(field: F, value: UpdateValue<F>): Promise<UpdateResult>;
  onClose(): void;
}

const logRefusal = (result: UpdateResult) => {
  if (!result.ok) console.error("The change was not saved", result.errors);
  return result.ok;
};

export default function DealerDialogHost({
  dialog,
  quoteId,
  data,
  dealership,
  customerInfo,
  update,
  onClose,
}: DealerDialogHostProps) {
  switch (dialog.kind) {
    case "addOns":
      return (
        <AddOnsEditor
          addOns={data.addOns}
          onSave={async (addOns) => {
            if (logRefusal(await update("addOns", addOns))) onClose();
          }}
          onClose={onClose}
        />
      );
    case "structures":
      return (
        <StructuresEditor
          structures={readStructures(data.structures)}
          leaseProgram={readLeaseProgram(data.leaseProgram)}
          onSave={async (structures, leaseProgram) => {
            const first = await update("structures", structures);
            return logRefusal(first.ok && leaseProgram ? await update("leaseProgram", leaseProgram) : first);
          }}
          onClose={onClose}
        />
      );
    case "rebates":
      return (
        <RebatesEditor
          rebates={data.rebates}
          onSave={async (rebates) => logRefusal(await update("rebates", rebates))}
          onClose={onClose}
        />
      );
    case "versions":
      return <VersionsDialog quoteId={quoteId} data={data} onClose={onClose} />;
    case "share":
    case "vehicle":
    case "delete":
      return (
        <DealerDialogs
          kind={dialog.kind}
          quoteId={quoteId}
          data={data}
          dealership={dealership}
          customerInfo={customerInfo}
          updateVehicle={async (vehicle, pricing) => {
            // Spec §4: editing the vehicle sends a vehicle update and a pricing update.
            const first = await update("vehicle", vehicle);
            return first.ok ? update("pricing", pricing) : first;
          }}
          updateCustomerInfo={(info) => update("customerInfo", info)}
          onClose={onClose}
        />
      );
    default:
      return null;
  }
}
