import { Button, Group, Stack, Text, TextInput } from "@mantine/core";
import { CLIPBOARD_TOAST_MS, CUSTOMER_PHONE_MAX_LENGTH } from "@shared/constants";
import { formatCustomerPhone } from "@shared/format";
import { MSG, QUOTE_TEXT, TEXT } from "@shared/messages";
import type { CustomerInfo } from "@shared/quote-schema";
import { hasErrors } from "@shared/validation/rules";
import {
  canEmail,
  canText,
  customerInfoFromShare,
  type ShareQuoteField,
  type ShareQuoteValues,
  validateShareQuote,
} from "@shared/validation/share-quote";
import { IconCopy, IconMail, IconMessage } from "@tabler/icons-react";
import { type FormEvent, type ReactNode, useEffect, useRef, useState } from "react";
import { QuoteModal } from "../dialogs/quote-modal";
import { quoteLink } from "../quote-link";

export interface ShareDialogProps {
  quoteId: string;
  vehicleDescription: string;
  customerInfo: CustomerInfo | null;
  onSave(info: CustomerInfo): void;
  onClose(): void;
}

const LABELS: Record<ShareQuoteField, string> = {
  name: QUOTE_TEXT.customerName,
  email: QUOTE_TEXT.email,
  phone: QUOTE_TEXT.phone,
};

/** Share quote (spec §5): who the quote is for, and the link by email, text or clipboard. */
export default function ShareDialog({
  quoteId,
  vehicleDescription,
  customerInfo,
  onSave,
  onClose,
}: ShareDialogProps) {
  const [values, setValues] = useState<ShareQuoteValues>(() => ({
    name: customerInfo?.name ?? "",
    email: customerInfo?.email ?? "",
    phone: customerInfo?.phone ? formatCustomerPhone(customerInfo.phone) : "",
  }));
  const [submitted, setSubmitted] = useState(false);
  const [copied, setCopied] = useState(false);
  const refs = useRef<Partial<Record<ShareQuoteField, HTMLInputElement | null>>>({});
  const errors = submitted ? validateShareQuote(values) : {};
  const link = quoteLink(window.location.origin, quoteId);
  const message = QUOTE_TEXT.shareMessage(vehicleDescription, link);

  useEffect(() => {
    if (!copied) return;
    const timer = window.setTimeout(() => setCopied(false), CLIPBOARD_TOAST_MS);
    return () => window.clearTimeout(timer);
  }, [copied]);

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(link);
      setCopied(true);
    } catch (error) {
      console.error("Copying the quote link failed", error);
    }
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setSubmitted(true);
    const found = validateShareQuote(values);
    if (hasErrors(found)) {
      const first = (["name", "email", "phone"] as const).find((field) => found[field]);
      if (first) refs.current[first]?.focus();
      return;
    }
    onSave(customerInfoFromShare(values));
  };

  // Reads the input's value before React's state update runs (the event is gone by then).
  const setField = (name: ShareQuoteField, value: string) => setValues((v) => ({ ...v, [name]: value }));
  const field = (name: ShareQuoteField) => ({
    label: LABELS[name],
    value: values[name],
    error: errors[name],
    ref: (element: HTMLInputElement | null) => {
      refs.current[name] = element;
    },
  });
  const emailHref = `mailto:${encodeURIComponent(values.email.trim())}?subject=${encodeURIComponent(
    `${vehicleDescription} ${TEXT.quoteDetails}`,
  )}&body=${encodeURIComponent(message)}`;
  const smsHref = `sms:+${values.phone.replace(/\D/g, "")}?&body=${encodeURIComponent(message)}`;

  return (
    <QuoteModal title={QUOTE_TEXT.shareQuote} onClose={onClose}>
      <form onSubmit={submit} noValidate>
        <Stack gap="sm">
          <TextInput
            {...field("name")}
            required
            onChange={(e) => setField("name", e.currentTarget.value)}
            autoComplete="off"
            data-autofocus
          />
          <TextInput
            {...field("email")}
            type="email"
            onChange={(e) => setField("email", e.currentTarget.value)}
            autoComplete="off"
          />
          <TextInput
            {...field("phone")}
            type="tel"
            placeholder={QUOTE_TEXT.phonePlaceholder}
            maxLength={CUSTOMER_PHONE_MAX_LENGTH}
            onChange={(e) => setField("phone", formatCustomerPhone(e.currentTarget.value))}
            autoComplete="off"
          />
          <Group gap="xs" wrap="wrap">
            <ShareLink
              href={canEmail(values) ? emailHref : null}
              icon={<IconMail size={16} aria-hidden="true" />}
            >
              {QUOTE_TEXT.email}
            </ShareLink>
            <ShareLink
              href={canText(values) ? smsHref : null}
              icon={<IconMessage size={16} aria-hidden="true" />}
            >
              {QUOTE_TEXT.textButton}
            </ShareLink>
            <Button variant="light" leftSection={<IconCopy size={16} aria-hidden="true" />} onClick={copy}>
              {QUOTE_TEXT.copyLink}
            </Button>
          </Group>
          <Text size="sm" role="status" c="teal" mih={20}>
            {copied ? MSG.urlCopied : ""}
          </Text>
        </Stack>
        <Group justify="flex-end" mt="md" gap="sm">
          <Button variant="default" onClick={onClose}>
            {TEXT.cancel}
          </Button>
          <Button type="submit">{TEXT.save}</Button>
        </Group>
      </form>
    </QuoteModal>
  );
}

/** A mailto:/sms: link, or a disabled button while the address or number is not valid (spec §5). */
function ShareLink({ href, icon, children }: { href: string | null; icon: ReactNode; children: string }) {
  return href ? (
    <Button component="a" href={href} variant="light" leftSection={icon}>
      {children}
    </Button>
  ) : (
    <Button variant="light" leftSection={icon} disabled>
      {children}
    </Button>
  );
}
