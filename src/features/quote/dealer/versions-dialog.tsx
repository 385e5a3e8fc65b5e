import { Anchor, Button, Group, Stack, Text } from "@mantine/core";
import { formatDollars } from "@shared/core/money";
import { dealFingerprint } from "@shared/deal/deal-fingerprint";
import type { GrossInDollars } from "@shared/deal/gross";
import type { QuoteData } from "@shared/schemas/quote-schema";
import { CORE_MSG } from "@shared/text/page-text";
import { SHEET_TEXT } from "@shared/text/sheet-messages";
import { DESK_TEXT } from "@shared/text/solve-text";
import { STRUCTURES_TEXT } from "@shared/text/structure-messages";
import { useCallback, useEffect, useState } from "react";
import { Link } from "react-router";
import { errorText } from "@/lib/api";
import { QuoteModal } from "../dialogs/quote-modal";
import { listVersions, readVersion, saveVersion, type VersionRow } from "./dealer-api";

// Issue #19, dealer only: the quote's versions (newest first, each with its fingerprint) and
// "Save version". After the customer's acceptance, a saved version is a counter-offer.

/** The newest versions whose gross the dialog shows (each is one request). */
const GROSS_SHOWN = 10;

const money = (dollars: number | null) => (dollars === null ? "—" : formatDollars(dollars));

/** Issue #38: the gross of each of the newest versions, for a dealer who sees gross (else empty). */
function useVersionGross(quoteId: string, versions: VersionRow[] | null): Map<number, GrossInDollars> {
  const [gross, setGross] = useState<Map<number, GrossInDollars>>(new Map());
  useEffect(() => {
    if (!versions || versions.length === 0) return;
    let current = true;
    void Promise.all(
      versions.slice(0, GROSS_SHOWN).map((v) => readVersion(quoteId, v.number).catch(() => null)),
    ).then((details) => {
      if (!current) return;
      const found = new Map<number, GrossInDollars>();
      for (const detail of details) if (detail?.gross) found.set(detail.number, detail.gross);
      setGross(found);
    });
    return () => {
      current = false;
    };
  }, [quoteId, versions]);
  return gross;
}

const when = (iso: string) =>
  new Date(iso).toLocaleString("en-US", {
    month: "short",
    day: "numeric",
    hour: "numeric",
    minute: "2-digit",
  });

export default function VersionsDialog({
  quoteId,
  data,
  onClose,
}: {
  quoteId: string;
  /** Issue #46: the deal as this page shows it: the version saved is bound to its fingerprint. */
  data: QuoteData;
  onClose(): void;
}) {
  const [versions, setVersions] = useState<VersionRow[] | null>(null);
  const [message, setMessage] = useState<{ tone: "ok" | "error"; text: string } | null>(null);
  const [saving, setSaving] = useState(false);
  const sheet = (n?: number) =>
    `/quote/${encodeURIComponent(quoteId)}${n === undefined ? "" : `/versions/${n}`}/sheet?view=dealer`;

  const load = useCallback(() => {
    listVersions(quoteId)
      .then(setVersions)
      .catch((error: unknown) =>
        setMessage({ tone: "error", text: errorText(error, CORE_MSG.internalError) }),
      );
  }, [quoteId]);
  useEffect(load, [load]);
  const gross = useVersionGross(quoteId, versions);

  const save = async () => {
    setSaving(true);
    setMessage(null);
    try {
      const saved = await saveVersion(quoteId, dealFingerprint(data));
      setMessage({ tone: "ok", text: STRUCTURES_TEXT.versionSaved(saved.number, saved.fingerprint) });
      load();
    } catch (error) {
      setMessage({ tone: "error", text: errorText(error, CORE_MSG.internalError) });
    } finally {
      setSaving(false);
    }
  };

  return (
    <QuoteModal title={STRUCTURES_TEXT.versionsTitle} onClose={onClose}>
      <Stack gap="sm">
        {message ? (
          <Text
            role={message.tone === "error" ? "alert" : "status"}
            c={message.tone === "error" ? "red.8" : undefined}
            fw={600}
          >
            {message.text}
          </Text>
        ) : null}
        {versions === null ? null : versions.length === 0 ? (
          <Text className="dd-secondary-text">{STRUCTURES_TEXT.noVersions}</Text>
        ) : (
          <Stack component="ol" gap={4} p={0} m={0} style={{ listStyle: "none" }} data-testid="versions-list">
            {versions.map((v) => (
              <Text component="li" key={v.number} size="sm" data-testid="version-row">
                {STRUCTURES_TEXT.versionLine(
                  v.number,
                  STRUCTURES_TEXT.versionKinds[v.kind] ?? v.kind,
                  when(v.createdAt),
                  v.actor,
                  v.fingerprint,
                )}{" "}
                <Anchor component={Link} to={sheet(v.number)} size="sm" underline="always">
                  {SHEET_TEXT.sheetOfVersion(v.number)}
                </Anchor>
                <VersionGross gross={gross.get(v.number)} />
              </Text>
            ))}
          </Stack>
        )}
      </Stack>
      <Group justify="flex-end" mt="lg" gap="sm">
        <Button variant="default" component={Link} to={sheet()} mr="auto">
          {SHEET_TEXT.openSheet}
        </Button>
        <Button variant="default" onClick={onClose}>
          Close
        </Button>
        <Button onClick={() => void save()} loading={saving} data-autofocus>
          {STRUCTURES_TEXT.saveVersion}
        </Button>
      </Group>
    </QuoteModal>
  );
}

/** Issue #38: the version's gross on the dealer's copy (front, back, total), when answered. */
function VersionGross({ gross }: { gross: GrossInDollars | undefined }) {
  if (!gross) return null;
  return (
    <Text component="span" display="block" size="sm" fw={600} data-testid="version-gross">
      {DESK_TEXT.versionGross(money(gross.front), money(gross.back), money(gross.total))}
    </Text>
  );
}
