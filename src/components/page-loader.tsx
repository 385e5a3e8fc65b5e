import { Center, Loader, VisuallyHidden } from "@mantine/core";

export function PageLoader({ label = "Loading..." }: { label?: string }) {
  return (
    <Center py="xl" role="status">
      <Loader size="md" aria-hidden="true" />
      <VisuallyHidden>{label}</VisuallyHidden>
    </Center>
  );
}
