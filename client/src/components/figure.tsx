import { Text } from "@mantine/core";

/** A figure as the dashboards show it: its label, small, over its number, large. */
export function FigureText({ label, value }: { label: string; value: number }) {
  return (
    <>
      <Text size="xs" c="dimmed" fw={700} tt="uppercase">
        {label}
      </Text>
      <Text fw={700} fz={28} lh={1.2} mt={4}>
        {value.toLocaleString("en")}
      </Text>
    </>
  );
}
