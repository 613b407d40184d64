import { EmptyState } from "@client/components/empty-state";
import { QueryError } from "@client/components/load-error";
import { Button, Group, Skeleton, Stack, Text } from "@mantine/core";
import type { Term } from "@shared/schemas/terms";
import { IconCalendarOff, IconPlus } from "@tabler/icons-react";
import { useEffect, useRef, useState } from "react";
import { useTerms } from "../api/use-terms";
import { PlacesPanel } from "./places-panel";
import { type TermEditing, TermFormModal } from "./term-form-modal";
import { TermsList } from "./terms-list";

/**
 * The committee's terms (DESIGN.md §8): the list, a form to create or edit one, and the places
 * of one term (the current one until another's Places is chosen).
 */
export function Terms() {
  const terms = useTerms();
  const [editing, setEditing] = useState<TermEditing>(null);
  const [placesId, setPlacesId] = useState<string | null>(null);
  const [focusPlaces, setFocusPlaces] = useState(0);
  const placesHeading = useRef<HTMLHeadingElement>(null);

  useEffect(() => {
    if (!focusPlaces) return;
    placesHeading.current?.focus();
    placesHeading.current?.scrollIntoView({ block: "start", behavior: "smooth" });
  }, [focusPlaces]);

  if (terms.isError && !terms.data) {
    return <QueryError title="The terms could not be loaded." query={terms} />;
  }
  if (terms.isPending) {
    return (
      <Stack gap="sm" aria-busy>
        {[1, 2, 3].map((i) => (
          <Skeleton key={i} height={48} radius="md" />
        ))}
      </Stack>
    );
  }

  const { items, timeZone } = terms.data;
  const placesTerm: Term | undefined =
    items.find((t) => t.id === placesId) ?? items.find((t) => t.current) ?? items[0];
  const showPlaces = (t: Term) => {
    setPlacesId(t.id);
    setFocusPlaces((n) => n + 1);
  };

  return (
    <Stack gap="lg">
      <Group justify="space-between" align="center" wrap="wrap">
        <Text c="dimmed" size="sm">
          Times are shown in {timeZone}.
        </Text>
        <Button leftSection={<IconPlus size={16} />} onClick={() => setEditing("new")}>
          New term
        </Button>
      </Group>
      {items.length ? (
        <TermsList terms={items} timeZone={timeZone} onEdit={setEditing} onPlaces={showPlaces} />
      ) : (
        <EmptyState
          icon={IconCalendarOff}
          title="No terms yet."
          description="Create the first one with New term."
        />
      )}
      {placesTerm && <PlacesPanel term={placesTerm} headingRef={placesHeading} />}
      <TermFormModal editing={editing} timeZone={timeZone} onClose={() => setEditing(null)} />
    </Stack>
  );
}
