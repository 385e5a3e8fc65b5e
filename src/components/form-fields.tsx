// Field groups that several forms share (issue #14: one copy of each), on a useDealerForm form.

import { Button, Grid, Group, PasswordInput, SimpleGrid, TextInput } from "@mantine/core";
import type { UseFormReturnType } from "@mantine/form";
import type { DealerProfile } from "@shared/core/api-types";
import { formatDealerPhone, normalizeState } from "@shared/core/format";
import { fieldProps } from "@/lib/form";

/** First and last name, side by side from the small breakpoint. */
export function NameFields<V extends { firstName: string; lastName: string }>({
  form,
}: {
  form: UseFormReturnType<V>;
}) {
  const f = form as unknown as UseFormReturnType<{ firstName: string; lastName: string }>;
  return (
    <SimpleGrid cols={{ base: 1, sm: 2 }}>
      <TextInput label="First name" required autoComplete="given-name" {...fieldProps(f, "firstName")} />
      <TextInput label="Last name" required autoComplete="family-name" {...fieldProps(f, "lastName")} />
    </SimpleGrid>
  );
}

/** A new password and its confirmation; the rule sits under the first field so both line up. */
export function NewPasswordFields<V extends { confirmPassword: string }>({
  form,
  path = "password",
  label = "Password",
  disabled = false,
  sideBySide = false,
}: {
  form: UseFormReturnType<V>;
  /** The new password's field: "password", or "newPassword" beside a current password. */
  path?: "password" | "newPassword";
  label?: string;
  disabled?: boolean;
  /** Two columns from the small breakpoint (the long registration form). */
  sideBySide?: boolean;
}) {
  const f = form as unknown as UseFormReturnType<
    Record<"password" | "newPassword" | "confirmPassword", string>
  >;
  return (
    <SimpleGrid cols={{ base: 1, sm: sideBySide ? 2 : 1 }}>
      <PasswordInput
        label={label}
        required
        autoComplete="new-password"
        description="At least 8 characters"
        inputWrapperOrder={["label", "input", "description", "error"]}
        styles={{ description: { color: "var(--dd-text-secondary)" } }}
        disabled={disabled}
        {...fieldProps(f, path)}
      />
      <PasswordInput
        label={`Confirm ${label.toLowerCase()}`}
        required
        autoComplete="new-password"
        disabled={disabled}
        {...fieldProps(f, "confirmPassword")}
      />
    </SimpleGrid>
  );
}

/** The dealership's name, address and phone (registration, contact information). */
export function DealershipFields<V extends DealerProfile>({
  form,
  required = false,
  readOnly = false,
}: {
  form: UseFormReturnType<V>;
  /** The name and phone are required on the contact information page (optional at registration). */
  required?: boolean;
  readOnly?: boolean;
}) {
  const f = form as unknown as UseFormReturnType<DealerProfile>;
  const field = (path: keyof DealerProfile, format?: (raw: string) => string) => ({
    ...fieldProps(f, path),
    readOnly,
    ...(format
      ? {
          onChange: (event: React.ChangeEvent<HTMLInputElement>) =>
            f.setFieldValue(path, format(event.currentTarget.value)),
        }
      : {}),
  });
  return (
    <>
      <TextInput
        label="Dealership name"
        required={required}
        autoComplete="organization"
        {...field("dealershipName")}
      />
      <TextInput label="Street address" autoComplete="street-address" {...field("streetAddress")} />
      <Grid>
        <Grid.Col span={{ base: 12, sm: 5 }}>
          <TextInput label="City" autoComplete="address-level2" {...field("city")} />
        </Grid.Col>
        <Grid.Col span={{ base: 5, sm: 3 }}>
          <TextInput
            label="State"
            autoComplete="address-level1"
            maxLength={2}
            {...field("state", normalizeState)}
          />
        </Grid.Col>
        <Grid.Col span={{ base: 7, sm: 4 }}>
          <TextInput label="ZIP code" autoComplete="postal-code" inputMode="numeric" {...field("zipCode")} />
        </Grid.Col>
      </Grid>
      <TextInput
        label="Phone"
        type="tel"
        required={required}
        autoComplete="tel-national"
        placeholder="(555) 123-4567"
        {...field("phoneNumber", formatDealerPhone)}
      />
    </>
  );
}

/** A settings form's Save button, on the right. */
export function SaveRow({ busy, disabled }: { busy: boolean; disabled: boolean }) {
  return (
    <Group justify="flex-end">
      <Button type="submit" loading={busy} disabled={disabled}>
        Save
      </Button>
    </Group>
  );
}
