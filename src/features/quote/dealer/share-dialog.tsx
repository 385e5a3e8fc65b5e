import { Button, Group, Stack, Text, TextInput } from "@mantine/core";
import type { QuoteDealership } from "@shared/core/api-types";
import { CLIPBOARD_TOAST_MS, CUSTOMER_PHONE_MAX_LENGTH } from "@shared/core/constants";
import { formatCustomerPhone } from "@shared/core/format";
import { hasErrors } from "@shared/schemas/field-rules";
import type { CustomerInfo } from "@shared/schemas/quote-schema";
import { copyLinkFailed } from "@shared/text/dealer-messages";
import { MSG } from "@shared/text/messages";
import { QUOTE_TEXT } from "@shared/text/page-text";
import {
  canEmail,
  canText,
  customerInfoFromShare,
  type ShareQuoteField,
  type ShareQuoteValues,
  validateShareQuote,
} from "@shared/validation/share-quote";
import { IconCopy, IconMail, IconMessage } from "@tabler/icons-react";
import { type FormEvent, type MouseEvent, useEffect, useRef, useState } from "react";
import { Notice } from "@/components/notice";
import { copyText } from "@/lib/clipboard";
import { DialogActions } from "../dialogs/dialog-actions";
import { QuoteModal } from "../dialogs/quote-modal";
import { quoteLink } from "../quote-link";
import { markShared } from "./dealer-api";
import { ShareLink } from "./share-link";

interface ShareDialogProps {
  quoteId: string;
  vehicleDescription: string;
  /** Who sends it: the consultant's and dealership's names sign the message. */
  dealership: QuoteDealership;
  customerInfo: CustomerInfo | null;
  /** Saves the customer; resolves true when saved. */
  onSave(info: CustomerInfo): Promise<boolean>;
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
  dealership,
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
  const [copyFailed, setCopyFailed] = useState(false);
  const refs = useRef<Partial<Record<ShareQuoteField, HTMLInputElement | null>>>({});
  const errors = submitted ? validateShareQuote(values) : {};
  const link = quoteLink(window.location.origin, quoteId);
  const message = QUOTE_TEXT.shareMessage({
    firstName: values.name.trim().split(/\s+/)[0] ?? "",
    vehicle: vehicleDescription,
    consultant: dealership.consultant,
    dealership: dealership.dealershipName,
    link,
  });

  useEffect(() => {
    if (!copied) return;
    const timer = window.setTimeout(() => setCopied(false), CLIPBOARD_TOAST_MS);
    return () => window.clearTimeout(timer);
  }, [copied]);

  /** Checks the form and saves the customer; false (with the errors shown) when it is not valid. */
  const save = (): Promise<boolean> => {
    setSubmitted(true);
    const found = validateShareQuote(values);
    if (hasErrors(found)) {
      const first = (["name", "email", "phone"] as const).find((field) => found[field]);
      if (first) refs.current[first]?.focus();
      return Promise.resolve(false);
    }
    return onSave(customerInfoFromShare(values));
  };

  const copy = async () => {
    markShared(quoteId, "link");
    if (await copyText(link)) setCopied(true);
    else setCopyFailed(true);
    // The customer typed so far is saved whichever button is pressed (when it is valid).
    if (!hasErrors(validateShareQuote(values))) void onSave(customerInfoFromShare(values));
  };

  // Email and Text save the customer too, then let the link open the mail or messages app.
  const saveBeforeSending = (via: "email" | "text") => (event: MouseEvent<HTMLAnchorElement>) => {
    if (hasErrors(validateShareQuote(values))) {
      event.preventDefault();
      void save();
      return;
    }
    markShared(quoteId, via);
    void save();
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (await save()) onClose();
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
    QUOTE_TEXT.shopperTitle(vehicleDescription, dealership.dealershipName),
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
              onClick={saveBeforeSending("email")}
              href={canEmail(values) ? emailHref : null}
              icon={<IconMail size={16} aria-hidden="true" />}
            >
              {QUOTE_TEXT.email}
            </ShareLink>
            <ShareLink
              onClick={saveBeforeSending("text")}
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
          {copyFailed ? <Notice tone="warning">{copyLinkFailed(link)}</Notice> : null}
        </Stack>
        <DialogActions onCancel={onClose} mt="md" />
      </form>
    </QuoteModal>
  );
}
