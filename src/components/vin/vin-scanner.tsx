// Issue #50: the camera view of Scan VIN. Guarantees:
// - The camera stops when a VIN is read, when the panel closes, and when it unmounts.
// - Only a valid VIN is handed on (17 characters, check digit right); door-jamb labels often
//   prefix the Code 39 VIN with "I" (imported), which is dropped.
// - Denied camera, no camera, no barcode support and an unreadable code each say what to do
//   ("Type the 17 characters instead"), in the panel, announced to screen readers.

import { Button, Group, Stack, Text } from "@mantine/core";
import { VIN_TEXT } from "@shared/inventory/inventory-text";
import { vinDecodeRefusal } from "@shared/inventory/vin-decode";
import { normalizeVin } from "@shared/schemas/schema-fields";
import { useEffect, useRef, useState } from "react";

/** How often a frame is read, and how long without a VIN before the panel says to type it. */
const FRAME_MS = 250;
const UNREADABLE_AFTER_MS = 15_000;

type Status = "starting" | "scanning" | "denied" | "no-camera" | "unsupported" | "unreadable";

const MESSAGES: Record<Status, string> = {
  starting: VIN_TEXT.starting,
  scanning: VIN_TEXT.scanning,
  denied: VIN_TEXT.cameraDenied,
  "no-camera": VIN_TEXT.noCamera,
  unsupported: VIN_TEXT.unsupported,
  unreadable: VIN_TEXT.unreadable,
};

/** A barcode's text as a VIN, or null when it is not one. */
function vinFromBarcode(raw: string): string | null {
  let vin = normalizeVin(raw.replace(/\*/g, ""));
  if (vin.length === 18 && vin.startsWith("I")) vin = vin.slice(1);
  return vinDecodeRefusal(vin) === null ? vin : null;
}

function cameraStatus(error: unknown): Status {
  const name = error instanceof DOMException ? error.name : "";
  if (name === "NotAllowedError" || name === "SecurityError") return "denied";
  if (name === "NotFoundError" || name === "OverconstrainedError" || name === "NotReadableError")
    return "no-camera";
  return "unsupported";
}

export default function VinScanner({ onVin, onClose }: { onVin(vin: string): void; onClose(): void }) {
  const video = useRef<HTMLVideoElement>(null);
  const [status, setStatus] = useState<Status>("starting");
  const handOn = useRef(onVin);
  handOn.current = onVin;

  useEffect(() => {
    let stopped = false;
    let stream: MediaStream | undefined;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const stop = () => {
      stopped = true;
      if (timer) clearTimeout(timer);
      for (const track of stream?.getTracks() ?? []) track.stop();
    };
    (async () => {
      if (!navigator.mediaDevices?.getUserMedia) return setStatus("no-camera");
      try {
        stream = await navigator.mediaDevices.getUserMedia({
          video: { facingMode: { ideal: "environment" } },
          audio: false,
        });
      } catch (error) {
        return setStatus(cameraStatus(error));
      }
      if (stopped) return stop();
      let reader: Awaited<ReturnType<typeof import("./barcode-reader").createBarcodeReader>>;
      try {
        reader = await (await import("./barcode-reader")).createBarcodeReader();
      } catch {
        stop();
        return setStatus("unsupported");
      }
      const element = video.current;
      if (stopped || !element) return stop();
      element.srcObject = stream;
      await element.play().catch(() => {});
      setStatus("scanning");
      const started = Date.now();
      const read = async () => {
        if (stopped) return;
        try {
          const texts = element.readyState >= 2 ? await reader.detect(element) : [];
          for (const text of texts) {
            const vin = vinFromBarcode(text);
            if (vin && !stopped) {
              stop();
              handOn.current(vin);
              return;
            }
          }
          // A code was read but is no VIN, or nothing for a long while: say what to do, keep looking.
          if (texts.length > 0 || Date.now() - started > UNREADABLE_AFTER_MS) setStatus("unreadable");
        } catch {
          setStatus("unreadable");
        }
        if (!stopped) timer = setTimeout(read, FRAME_MS);
      };
      void read();
    })();
    return stop;
  }, []);

  const live = status === "starting" || status === "scanning" || status === "unreadable";
  return (
    <Stack gap={6} mt={6} data-testid="vin-scanner">
      {live ? (
        <Text size="xs" className="dd-secondary-text">
          {VIN_TEXT.scanHint}
        </Text>
      ) : null}
      <video
        ref={video}
        muted
        playsInline
        aria-label={VIN_TEXT.cameraLabel}
        style={{
          width: "100%",
          maxHeight: 240,
          background: "#000",
          borderRadius: 4,
          display: live ? "block" : "none",
        }}
      />
      <Group justify="space-between" wrap="nowrap" gap="xs">
        <Text size="sm" role="status" aria-live="polite" data-testid="vin-scanner-status">
          {MESSAGES[status]}
        </Text>
        <Button type="button" size="compact-sm" variant="subtle" onClick={onClose}>
          {VIN_TEXT.close}
        </Button>
      </Group>
    </Stack>
  );
}
