import { Center, Loader, type MantineSpacing } from "@mantine/core";

/** A spinner, centred, named for what is loading ("Loading timeline"). */
export function PageLoader({ label = "Loading", py = "xl" }: { label?: string; py?: MantineSpacing }) {
  return (
    <Center py={py}>
      <Loader size="sm" role="status" aria-label={label} />
    </Center>
  );
}
