import { Anchor, Button, Group, Stack, Text } from "@mantine/core";
import { CORE_MSG } from "@shared/messages";
import { SHEET_TEXT } from "@shared/sheet-messages";
import { STRUCTURES_TEXT } from "@shared/structure-messages";
import { useCallback, useEffect, useState } from "react";
import { Link } from "react-router";
import { apiRequest, errorText } from "@/lib/api";
import { QuoteModal } from "../dialogs/quote-modal";

// Issue #19, dealer only: the quote's versions (newest first, each with its fingerprint) and
// "Save version". After the customer's acceptance, a saved version is a counter-offer.

type VersionRow = { number: number; kind: string; createdAt: string; actor: string; fingerprint: string };

const when = (iso: string) =>
  new Date(iso).toLocaleString("en-US", {
    month: "short",
    day: "numeric",
    hour: "numeric",
    minute: "2-digit",
  });

export default function VersionsDialog({ quoteId, onClose }: { quoteId: string; onClose(): void }) {
  const [versions, setVersions] = useState<VersionRow[] | null>(null);
  const [message, setMessage] = useState<{ tone: "ok" | "error"; text: string } | null>(null);
  const [saving, setSaving] = useState(false);
  const path = `/quotes/${encodeURIComponent(quoteId)}/versions`;
  const sheet = (n?: number) =>
    `/quote/${encodeURIComponent(quoteId)}${n === undefined ? "" : `/versions/${n}`}/sheet?view=dealer`;

  const load = useCallback(() => {
    apiRequest<VersionRow[]>(path, { auth: true })
      .then(setVersions)
      .catch((error: unknown) =>
        setMessage({ tone: "error", text: errorText(error, CORE_MSG.internalError) }),
      );
  }, [path]);
  useEffect(load, [load]);

  const save = async () => {
    setSaving(true);
    setMessage(null);
    try {
      const saved = await apiRequest<{ number: number; fingerprint: string }>(path, {
        method: "POST",
        body: {},
        auth: true,
      });
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
                <Anchor component={Link} to={sheet(v.number)} size="sm">
                  {SHEET_TEXT.sheetOfVersion(v.number)}
                </Anchor>
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
