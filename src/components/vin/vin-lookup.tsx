// Issue #50: where a VIN is typed, the car fills in. Once the VIN field holds a valid VIN (17
// characters, check digit right), it is decoded once on the server (offline, vPIC), and:
// - an empty description, or one this lookup filled itself, takes the decoded description;
// - a description the user typed is never overwritten: the decode is offered with "Use this".
// A VIN the server does not know says so; a refused or failed look-up (rate limit, server down)
// says nothing, since typing the vehicle remains the way.

import { Button, Group, Text } from "@mantine/core";
import { VIN_TEXT } from "@shared/inventory/inventory-text";
import { vinDecodeRefusal } from "@shared/inventory/vin-decode";
import { normalizeVin } from "@shared/schemas/schema-fields";
import { useEffect, useRef, useState } from "react";
import { ApiError } from "@/lib/api";
import type { DecodeVin } from "./vin-api";

/** Phones and tablets (a coarse pointer) get Scan VIN on the dealer's forms; the shopper always does. */
export const prefersScanning = () =>
  typeof window !== "undefined" && window.matchMedia?.("(pointer: coarse)").matches === true;

type Lookup =
  | { state: "idle" }
  | { state: "looking" }
  | { state: "filled"; description: string }
  | { state: "offered"; description: string }
  | { state: "not-found" };

export function useVinLookup(options: {
  vin: string;
  description: string;
  setDescription(description: string): void;
  decode: DecodeVin;
  disabled?: boolean;
}) {
  const { vin: raw, description, setDescription, decode, disabled = false } = options;
  const [lookup, setLookup] = useState<Lookup>({ state: "idle" });
  const latest = useRef({ description, setDescription, decode });
  latest.current = { description, setDescription, decode };
  /** What this lookup last wrote into the description: replacing it again overwrites nothing typed. */
  const filled = useRef<string | null>(null);
  const vin = normalizeVin(raw);
  const ready = !disabled && vinDecodeRefusal(vin) === null;

  useEffect(() => {
    if (!ready) {
      setLookup({ state: "idle" });
      return;
    }
    const controller = new AbortController();
    setLookup({ state: "looking" });
    latest.current.decode(vin, controller.signal).then(
      ({ description: decoded }) => {
        if (controller.signal.aborted) return;
        const current = latest.current.description.trim();
        if (current === "" || current === filled.current || current === decoded) {
          filled.current = decoded;
          latest.current.setDescription(decoded);
          setLookup({ state: "filled", description: decoded });
        } else setLookup({ state: "offered", description: decoded });
      },
      (error: unknown) => {
        if (controller.signal.aborted) return;
        setLookup(
          error instanceof ApiError && error.status === 404 ? { state: "not-found" } : { state: "idle" },
        );
      },
    );
    return () => controller.abort();
  }, [vin, ready]);

  const accept = () => {
    if (lookup.state !== "offered") return;
    filled.current = lookup.description;
    latest.current.setDescription(lookup.description);
    setLookup({ state: "filled", description: lookup.description });
  };
  return { lookup, accept };
}

/** The lookup's line under the VIN field, read out politely by screen readers. */
export function VinLookupNote({ lookup, accept }: ReturnType<typeof useVinLookup>) {
  return (
    <div aria-live="polite" data-testid="vin-lookup">
      {lookup.state === "looking" ? (
        <Text size="xs" className="dd-secondary-text">
          {VIN_TEXT.looking}
        </Text>
      ) : lookup.state === "filled" ? (
        <Text size="xs" className="dd-secondary-text">
          {VIN_TEXT.filled(lookup.description)}
        </Text>
      ) : lookup.state === "not-found" ? (
        <Text size="xs" className="dd-secondary-text">
          {VIN_TEXT.notFound}
        </Text>
      ) : lookup.state === "offered" ? (
        <Group gap="xs" wrap="nowrap">
          <Text size="xs">{VIN_TEXT.says(lookup.description)}</Text>
          <Button size="compact-xs" variant="light" onClick={accept}>
            {VIN_TEXT.useThis}
          </Button>
        </Group>
      ) : null}
    </div>
  );
}
