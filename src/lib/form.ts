// The one way a page or settings form works here (issue #14): Mantine's form holding the values,
// the shared rules (shared/validation/*) deciding the messages, and one path from a failed call
// to what the user sees (errorText, with the server's field errors on their fields). The first
// wrong field takes the focus on a refused submit.
//
// Dialogs that edit the live deal are the other kind: they keep a draft of the deal's values and
// write only the fields the user touched (quote/dialogs/use-dialog-draft.ts, issue #14 item 2).

import { type UseFormReturnType, useForm } from "@mantine/form";
import { useRef, useState } from "react";
import { ApiError, errorText } from "./api";
import { type Banner, useBanner } from "./use-banner";

export type FormErrors<V> = Partial<Record<keyof V & string, string | undefined>>;

/**
 * When a field's message shows:
 * - "submit": on submit, cleared as soon as the field is edited (spec §5's forms);
 * - "live": from the first submit on, following the value as it is typed (a corrected field
 *   clears, a field broken again says so);
 * - "blur": once the field is left, then following the value (forms whose Save stays disabled
 *   until they are valid).
 */
type MessageTiming = "submit" | "live" | "blur";

interface DealerFormOptions<V> {
  initialValues: V;
  /** The shared rules: a message per field that is wrong. None: the server decides (log in). */
  validate?: (values: V) => FormErrors<V>;
  messages?: MessageTiming;
  /**
   * Sends the form; a thrown ApiError's words are shown (its field errors on their fields). What
   * it resolves to, if a string, is shown as the success banner ("Account information updated").
   */
  send(values: V): Promise<unknown>;
  /** Spec §8's words when the server sent none (network down, a proxy's bare 502). */
  failure: string;
  /** Called with the values a submit refused (a page that sums the errors up in its banner). */
  onInvalid?(values: V): void;
}

export interface DealerForm<V> {
  form: UseFormReturnType<V>;
  /** The form-level message of the last failed send, or null. */
  error: string | null;
  /** The last send's outcome for a banner: its failure, or its success message. */
  banner: Banner | null;
  setBanner(banner: Banner | null): void;
  submitting: boolean;
  /** The form's onSubmit. */
  submit: (event?: React.FormEvent<HTMLFormElement>) => void;
  /** Back to the initial values, with no messages (a dialog that closes). */
  reset(): void;
}

export function useDealerForm<V extends object>(options: DealerFormOptions<V>): DealerForm<V> {
  const timing = options.messages ?? "submit";
  const [banner, setBanner] = useBanner();
  const [submitting, setSubmitting] = useState(false);
  const rules = (values: V) => (options.validate ? (options.validate(values) as Record<string, string>) : {});
  // Fields whose message follows the value: those left ("blur"), or all after a submit ("live").
  const following = useRef(new Set<string>());
  const [attempted, setAttempted] = useState(false);
  const [, rerender] = useState(0);
  const form = useForm<V>({
    mode: "controlled",
    initialValues: options.initialValues,
    validate: rules,
    clearInputErrorOnChange: true,
    enhanceGetInputProps: ({ field, inputProps, form: current }) => {
      if (timing === "submit") return {};
      // Mantine assigns what this returns onto inputProps: keep its own handler and error first.
      const blur = inputProps.onBlur as ((event: React.FocusEvent) => void) | undefined;
      const error = inputProps.error;
      const live = attempted || following.current.has(field);
      return {
        onBlur: (event: React.FocusEvent) => {
          blur?.(event);
          if (timing === "blur" && !following.current.has(field)) {
            following.current.add(field);
            rerender((n) => n + 1);
          }
        },
        error: live ? (rules(current.getValues())[field] ?? error) : error,
      };
    },
  });

  const submit = form.onSubmit(
    async (values) => {
      if (timing === "live") setAttempted(true);
      setBanner(null);
      setSubmitting(true);
      try {
        const done = await options.send(values);
        if (typeof done === "string") setBanner({ tone: "success", text: done });
      } catch (caught) {
        setBanner({ tone: "error", text: errorText(caught, options.failure) });
        // A field the server refused shows its message on the field too.
        const fields = caught instanceof ApiError ? caught.body?.errors : undefined;
        for (const field of fields ?? []) {
          const message = field.message ?? field.msg;
          if (field.field && field.field in values && message) form.setFieldError(field.field, message);
        }
      } finally {
        setSubmitting(false);
      }
    },
    (errors, values, event) => {
      if (timing === "live") setAttempted(true);
      options.onInvalid?.(values);
      // The first wrong field in the form's own order takes the focus.
      const scope = (event?.currentTarget as HTMLFormElement | undefined) ?? document;
      for (const node of scope.querySelectorAll<HTMLElement>("[data-path]"))
        if (errors[node.dataset.path ?? ""]) {
          node.focus();
          break;
        }
    },
  );

  const reset = () => {
    form.reset();
    following.current.clear();
    setAttempted(false);
    setBanner(null);
  };

  const error = banner?.tone === "error" ? banner.text : null;
  return { form, error, banner, setBanner, submitting, submit, reset };
}

/** A field's props: Mantine's, plus the data-path the focus-on-error looks for. */
export function fieldProps<V>(form: UseFormReturnType<V>, path: keyof V & string) {
  return { ...form.getInputProps(path), "data-path": path };
}
