import { Badge, type BadgeProps } from "@mantine/core";
import type { ThesisState } from "@shared/enums";

/** A thesis state's colour (DESIGN.md §16): blue while written, yellow on its way to a grade. */
const COLOR: Record<ThesisState, string> = {
  Writing: "blue",
  Submitted: "yellow",
  Disputed: "orange",
  Graded: "teal",
  Released: "green",
  Cancelled: "gray",
  Annulled: "red",
};

/** A thesis's state as the caller is shown it (a student sees Graded and Disputed as Submitted). */
export function ThesisStateBadge({ state, ...props }: { state: ThesisState } & BadgeProps) {
  return (
    <Badge
      color={COLOR[state]}
      variant="filled"
      autoContrast
      data-thesis-state={state}
      miw="max-content"
      style={{ flexShrink: 0 }}
      {...props}
    >
      {state}
    </Badge>
  );
}
