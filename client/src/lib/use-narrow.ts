import { useMediaQuery } from "@mantine/hooks";

/**
 * Below Mantine's md breakpoint (62em) a list is shown as cards, not a table: on a phone, and
 * beside the sidebar of a tablet, a table's last columns (a teacher's cells, a term's actions)
 * would sit off screen with nothing to say they are there. Read at once, not after the first
 * paint, so a phone never shows the table first. One breakpoint for every list.
 */
export function useNarrow() {
  return useMediaQuery("(max-width: 61.99em)", false, { getInitialValueInEffect: false });
}
