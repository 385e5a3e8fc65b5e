import { Alert } from "@mantine/core";
import { IconAlertCircle, IconCircleCheck } from "@tabler/icons-react";
import type { ReactNode } from "react";

/**
 * A form's error or success banner. No coloured title: Mantine's light title colours fall below
 * WCAG contrast, while the message keeps the body text colour in both colour schemes.
 */
export function FormAlert({ tone, children }: { tone: "error" | "success"; children: ReactNode }) {
  const error = tone === "error";
  const Icon = error ? IconAlertCircle : IconCircleCheck;
  return (
    <Alert
      color={error ? "red" : "green"}
      variant="light"
      icon={<Icon size={20} aria-hidden="true" />}
      role={error ? "alert" : "status"}
    >
      {children}
    </Alert>
  );
}
