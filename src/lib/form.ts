// The one way a form works here (issue #14): Mantine's form holding the values, the shared rules
// (shared/validation/*) deciding the messages, and one path from a failed call to what the user
// sees (errorText). Messages show on submit and clear as their field is edited, or, for forms
// that keep Save disabled until they are valid, once a field is left (validateOnBlur).

import { type UseFormReturnType, useForm } from "@mantine/form";
import { useRef, useState } from "react";
import type { Banner } from "@/components/notice";
import { ApiError, errorText } from "./api";

export type FormErrors<V> = Partial<Record<keyof V & string, string | undefined>>;

export interface DealerFormOptions<V> {
  initialValues: V;
  /** The shared rules: a message per field that is wrong. None: the server decides (log in). */
  validate?: (values: V) => FormErrors<V>;
  /**
   * Show a field's message once it is left, and from then on as it is typed (forms that keep
   * Save disabled until they are valid), not only on submit.
   */
  validateOnBlur?: boolean;
  /**
   * Sends the form; a thrown ApiError's words are shown (its field errors on their fields). What
   * it resolves to, if anything, is shown as the success banner ("Account information updated").
   */
  send(values: V): Promise<unknown>;
  /** Spec §8's words when the server sent none (network down, a proxy's bare 502). */
  failure: string;
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
  const [banner, setBanner] = useState<Banner | null>(null);
  const [submitting, setSubmitting] = useState(false);
  const rules = (values: V) => (options.validate ? (options.validate(values) as Record<string, string>) : {});
  // Fields the user has left (validateOnBlur): their messages follow the value as it is typed.
  const left = useRef(new Set<string>());
  const [, setLeft] = useState(0);
  const form = useForm<V>({
    mode: "controlled",
    initialValues: options.initialValues,
    validate: rules,
    clearInputErrorOnChange: true,
    enhanceGetInputProps: ({ field, inputProps, form: current }) => {
      if (!options.validateOnBlur) return {};
      // Mantine assigns what this returns onto inputProps: keep its own handler and error first.
      const blur = inputProps.onBlur as ((event: React.FocusEvent) => void) | undefined;
      const error = inputProps.error;
      return {
        onBlur: (event: React.FocusEvent) => {
          blur?.(event);
          left.current.add(field);
          setLeft((n) => n + 1);
        },
        error: (left.current.has(field) ? rules(current.getValues())[field] : undefined) ?? error,
      };
    },
  });

  const submit = form.onSubmit(
    async (values) => {
      setBanner(null);
      setSubmitting(true);
      try {
        const done = await options.send(values);
        if (typeof done === "string") setBanner({ tone: "success", text: done });
      } catch (caught) {
        setBanner({ tone: "error", text: errorText(caught, options.failure) });
        // A field the server refused shows its message on the field too.
        const fields = caught instanceof ApiError ? caught.body?.errors : undefined;
        if (fields)
          for (const field of fields) {
            const path = field.field;
            const message = field.message ?? field.msg;
            if (typeof path === "string" && path in values && message) form.setFieldError(path, message);
          }
      } finally {
        setSubmitting(false);
      }
    },
    // The first wrong field takes the focus, so a keyboard or screen-reader user lands on it.
    (errors) => {
      const first = Object.keys(errors)[0];
      if (first) document.querySelector<HTMLElement>(`[data-path="${CSS.escape(first)}"]`)?.focus();
    },
  );

  const reset = () => {
    form.reset();
    left.current.clear();
    setBanner(null);
  };

  const error = banner?.tone === "error" ? banner.text : null;
  return { form, error, banner, setBanner, submitting, submit, reset };
}

/** A field's props: Mantine's, plus the data-path the focus-on-error looks for. */
export function fieldProps<V>(form: UseFormReturnType<V>, path: keyof V & string) {
  return { ...form.getInputProps(path), "data-path": path };
}
