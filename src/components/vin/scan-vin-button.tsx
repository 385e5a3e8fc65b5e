// Issue #50: the Scan VIN button beside a VIN field. The scanner (camera, barcode reader, ZXing
// WebAssembly) loads only when it is pressed, so no page carries it before: the shopper's opening
// JavaScript stays within its budget.

import { Button } from "@mantine/core";
import { VIN_TEXT } from "@shared/inventory/inventory-text";
import { Suspense, useState } from "react";
import { resilientLazy } from "@/lib/resilient-lazy";

const VinScanner = resilientLazy(() => import("./vin-scanner"));

export function ScanVinButton({ onVin, disabled = false }: { onVin(vin: string): void; disabled?: boolean }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button
        type="button"
        variant="default"
        size="xs"
        disabled={disabled}
        aria-expanded={open}
        onClick={() => setOpen((was) => !was)}
      >
        {VIN_TEXT.scanVin}
      </Button>
      {open ? (
        <Suspense fallback={null}>
          <VinScanner
            onVin={(vin) => {
              setOpen(false);
              onVin(vin);
            }}
            onClose={() => setOpen(false)}
          />
        </Suspense>
      ) : null}
    </>
  );
}
