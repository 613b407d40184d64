import { useMediaQuery } from "@mantine/hooks";

/**
 * Below Mantine's md breakpoint (62em) the review lists are cards: on a phone, and beside the
 * sidebar of a tablet, a table's last columns (Review, the feedback) would sit off screen with
 * nothing to say they are there. Read at once, not after the first paint, so a phone never shows
 * the table first.
 */
export function useNarrow() {
  return useMediaQuery("(max-width: 61.99em)", false, { getInitialValueInEffect: false });
}
