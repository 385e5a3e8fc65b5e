import type { LeaseProgram, Structures } from "@shared/schemas/quote-schema";
import { STRUCTURES_TEXT } from "@shared/text/structure-messages";
import { PaymentOptionsForm } from "@/components/payment-options-form";
import { QuoteModal } from "../dialogs/quote-modal";

// Issue #18, dealer only: this quote's payment options, in the quote page's dialog.

interface StructuresEditorProps {
  structures: Structures;
  leaseProgram: LeaseProgram | undefined;
  onSave(structures: Structures, leaseProgram: LeaseProgram | undefined): Promise<boolean>;
  onClose(): void;
}

export default function StructuresEditor({
  structures,
  leaseProgram,
  onSave,
  onClose,
}: StructuresEditorProps) {
  return (
    <QuoteModal title={STRUCTURES_TEXT.editPaymentOptions} onClose={onClose} size="lg">
      <PaymentOptionsForm
        structures={structures}
        leaseProgram={leaseProgram}
        autoFocus
        onSave={async (next, program) => {
          const saved = await onSave(next, program);
          if (saved) onClose();
          return saved;
        }}
        onCancel={onClose}
      />
    </QuoteModal>
  );
}
