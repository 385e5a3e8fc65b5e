import { Box, type MantineSpacing } from "@mantine/core";
import type { ReactNode } from "react";

/** Caps content at 1170px (spec §2) with side padding on phones. */
export function PageContainer({ children, py = "lg" }: { children: ReactNode; py?: MantineSpacing }) {
  return (
    <Box maw={1170} mx="auto" px="sm" py={py}>
      {children}
    </Box>
  );
}
