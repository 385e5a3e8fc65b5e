import { Button } from "@mantine/core";
import type { MouseEvent, ReactNode } from "react";

/** A mailto:/sms: link, or a disabled button while the address or number is not valid (spec §5). */
export function ShareLink({
  href,
  icon,
  children,
  onClick,
}: {
  href: string | null;
  icon: ReactNode;
  children: string;
  onClick(event: MouseEvent<HTMLAnchorElement>): void;
}) {
  return href ? (
    <Button component="a" href={href} variant="light" leftSection={icon} onClick={onClick}>
      {children}
    </Button>
  ) : (
    <Button variant="light" leftSection={icon} disabled>
      {children}
    </Button>
  );
}
