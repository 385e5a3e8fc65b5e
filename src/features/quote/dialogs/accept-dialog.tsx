import { Button, Group, Stack, Text, TextInput } from "@mantine/core";
import { dealFingerprint } from "@shared/deal/deal-fingerprint";
import { choiceOf, type PresentedDeal } from "@shared/deal/presented-deal";
import { selectedStructure } from "@shared/deal/selected-structure";
import type { QuoteData } from "@shared/schemas/quote-schema";
import { DEAL_OFFER_TEXT } from "@shared/text/deal-offer-text";
import { STRUCTURES_TEXT } from "@shared/text/structure-messages";
import { type FormEvent, useState } from "react";
import { ApiError } from "@/lib/api";
import { acceptQuote } from "./accept-api";
import { QuoteModal } from "./quote-modal";

// Issue #19: the shopper's "I want this deal". They confirm their own name, phone and email and
// the structure they chose; POST /api/quotes/:id/accept saves it as a version and locks the deal.

interface AcceptDialogProps {
  quoteId: string;
  /** The deal: what is accepted is its one selected structure (issue #34), as the sheet's box names it. */
  data: QuoteData;
  onAccepted(version: number): void;
  onClose(): void;
}

const digits = (raw: string) => raw.replace(/\D/g, "");

/**
 * Issue #33: the form starts empty (a link holder never reads the customer's contact details
 * from the server); this phone remembers what its owner typed the last time, and only here.
 */
const REMEMBERED = "dealdesk:acceptance-contact";
type Contact = { name: string; phone: string; email: string };
function remembered(): Contact {
  try {
    const value = JSON.parse(window.localStorage.getItem(REMEMBERED) ?? "null") as Partial<Contact> | null;
    const text = (v: unknown) => (typeof v === "string" ? v.slice(0, 200) : "");
    return { name: text(value?.name), phone: text(value?.phone), email: text(value?.email) };
  } catch {
    return { name: "", phone: "", email: "" };
  }
}
function remember(contact: Contact) {
  try {
    window.localStorage.setItem(REMEMBERED, JSON.stringify(contact));
  } catch {
    // Private browsing or a full storage: the form starts empty next time.
  }
}
/** What the API takes: 1 and ten digits ("(555) 123-4567" and "+1 555 123 4567" both work). */
const apiPhone = (raw: string) => {
  const d = digits(raw);
  return d.length === 10 ? `1${d}` : d;
};

/** Issue #46: the server's answer when the deal changed while the shopper was reviewing it. */
type Changed = { message: string; selected: PresentedDeal; fingerprint: string; seenLocally: string };

export default function AcceptDialog({ quoteId, data, onAccepted, onClose }: AcceptDialogProps) {
  const selected = selectedStructure(data);
  const local = {
    text: selected.text,
    fingerprint: dealFingerprint(data),
    choice: choiceOf(selected.selection),
  };
  // After a 409 the dialog shows the deal as the server has it, until this page has it too (or
  // has moved on again): what is accepted is always what the dialog shows.
  const [changed, setChanged] = useState<Changed | null>(null);
  const shown =
    changed && changed.seenLocally === local.fingerprint
      ? { text: changed.selected.text, fingerprint: changed.fingerprint, choice: choiceOf(changed.selected) }
      : local;
  const [name, setName] = useState(() => remembered().name);
  const [phone, setPhone] = useState(() => remembered().phone);
  const [email, setEmail] = useState(() => remembered().email);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [sending, setSending] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setSending(true);
    setFailure(null);
    try {
      const answer = await acceptQuote(quoteId, {
        name: name.trim(),
        phone: apiPhone(phone),
        email: email.trim(),
        structure: shown.choice,
        fingerprint: shown.fingerprint,
      });
      remember({ name: name.trim(), phone, email: email.trim() });
      onAccepted(answer.version);
    } catch (caught) {
      const body = caught instanceof ApiError ? (caught.body as Partial<Changed> | undefined) : undefined;
      if (caught instanceof ApiError && caught.status === 409 && body?.selected && body.fingerprint) {
        // Issue #46: nothing was saved; show the deal as it now stands and ask again.
        setChanged({
          message: caught.message,
          selected: body.selected,
          fingerprint: body.fingerprint,
          seenLocally: local.fingerprint,
        });
        setErrors({});
      } else if (caught instanceof ApiError) {
        const fields: Record<string, string> = {};
        for (const error of caught.body?.errors ?? [])
          if (error.field && error.message) fields[error.field] = error.message;
        setErrors(fields);
        // A refusal about the deal itself (a lease no longer offered, the down payment) says so here.
        const onForm = Object.keys(fields).filter((field) => ["name", "phone", "email"].includes(field));
        setFailure(onForm.length > 0 && onForm.length === Object.keys(fields).length ? null : caught.message);
      }
      // Issue #34: an acceptance from a phone without a connection says so, not "try again".
      else setFailure(navigator.onLine ? STRUCTURES_TEXT.acceptFailed : STRUCTURES_TEXT.acceptOffline);
    } finally {
      setSending(false);
    }
  };

  return (
    <QuoteModal title={STRUCTURES_TEXT.acceptTitle} onClose={onClose}>
      <form onSubmit={(event) => void submit(event)} noValidate>
        <Stack gap="sm">
          <Text size="sm">{STRUCTURES_TEXT.acceptIntro}</Text>
          {changed ? (
            <Text c="orange.9" size="sm" role="alert" data-testid="accept-deal-changed">
              {changed.message}
            </Text>
          ) : null}
          <Text fw={600} data-testid="accept-choice">
            {DEAL_OFFER_TEXT.agreeingToLine(shown.text)}
          </Text>
          <TextInput
            label={STRUCTURES_TEXT.yourName}
            autoComplete="name"
            required
            value={name}
            error={errors.name}
            onChange={(event) => setName(event.currentTarget.value)}
            data-autofocus
          />
          <TextInput
            label={STRUCTURES_TEXT.yourPhone}
            type="tel"
            autoComplete="tel-national"
            required
            value={phone}
            error={errors.phone}
            onChange={(event) => setPhone(event.currentTarget.value)}
          />
          <TextInput
            label={STRUCTURES_TEXT.yourEmail}
            type="email"
            autoComplete="email"
            required
            value={email}
            error={errors.email}
            onChange={(event) => setEmail(event.currentTarget.value)}
          />
          {failure ? (
            <Text c="red.8" size="sm" role="alert">
              {failure}
            </Text>
          ) : null}
        </Stack>
        <Group justify="flex-end" mt="lg" gap="sm">
          <Button variant="default" onClick={onClose} disabled={sending}>
            Cancel
          </Button>
          <Button type="submit" loading={sending}>
            {STRUCTURES_TEXT.acceptSubmit}
          </Button>
        </Group>
      </form>
    </QuoteModal>
  );
}
