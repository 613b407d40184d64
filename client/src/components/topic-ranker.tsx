import { allocationQueries } from "@client/lib/queries/allocation";
import { Fieldset, Loader, Select, Stack, Text, VisuallyHidden } from "@mantine/core";
import { useDebouncedValue } from "@mantine/hooks";
import { LIMITS } from "@shared/limits";
import type { Topic } from "@shared/schemas/allocation";
import { IconSearch } from "@tabler/icons-react";
import { useQuery } from "@tanstack/react-query";
import { type ReactNode, useState } from "react";
import { RankedList } from "./ranked-list";

/** A topic on a group's list, as the list shows it. */
export interface TopicChoice {
  id: string;
  title: string;
  supervisor: string;
  cell: string;
}

export const topicChoice = (t: Pick<Topic, "id" | "title" | "supervisor" | "researchCell">): TopicChoice => ({
  id: t.id,
  title: t.title,
  supervisor: t.supervisor.name,
  cell: t.researchCell.title,
});

const SEARCH_PAGE = 20;

/**
 * "Ranked topics" of an allocation term (DESIGN.md §11): topics found on the server by title (the
 * term's, the current one by default) are added one by one to the end of the list, then put in
 * order by drag and drop (RankedList: mouse, touch, keyboard, or the Move buttons). Once the list
 * holds `max` topics nothing more can be added. `error` is the list's refusal, at the field.
 */
export function TopicRanker({
  value,
  onChange,
  max,
  termId,
  error,
  disabled = false,
  legend = "Ranked topics",
  legendHidden = false,
}: {
  value: TopicChoice[];
  onChange: (topics: TopicChoice[]) => void;
  max: number;
  termId?: string;
  error?: ReactNode;
  disabled?: boolean;
  legend?: string;
  /** The legend is said, not shown (a section's heading already shows what the list is). */
  legendHidden?: boolean;
}) {
  const [search, setSearch] = useState("");
  const [q] = useDebouncedValue(search.trim(), 250);
  const found = useQuery({
    ...allocationQueries.topics({ termId, q: q || undefined, page: 1, pageSize: SEARCH_PAGE }),
    enabled: !disabled,
  });
  const full = value.length >= max;
  const chosen = new Set(value.map((t) => t.id));
  const options = (found.data?.items ?? [])
    .filter((t) => !chosen.has(t.id))
    .map((t) => ({ value: t.id, label: `${t.title} — ${t.supervisor.name} (${t.researchCell.title})` }));

  const add = (id: string | null) => {
    const topic = found.data?.items.find((t) => t.id === id);
    if (!topic || full) return;
    onChange([...value, topicChoice(topic)]);
    setSearch("");
  };

  return (
    <Fieldset
      legend={legendHidden ? <VisuallyHidden>{legend}</VisuallyHidden> : legend}
      variant="unstyled"
      disabled={disabled}
      style={{ minWidth: 0 }}
    >
      <Stack gap="xs">
        {!disabled && (
          <Text size="sm" c="dimmed">
            Rank 1 to {max} topic{max === 1 ? "" : "s"}, your first choice first. Drag a topic by its handle,
            or use its arrows, to change the order.
          </Text>
        )}
        {!disabled && (
          <Select
            label="Add a topic"
            placeholder={full ? `Your list is full (${max})` : "Search topics by title"}
            description={
              full ? `Remove a topic to add another: at most ${max}.` : "Topics of the current term."
            }
            leftSection={<IconSearch size={16} />}
            rightSection={found.isFetching ? <Loader size={14} /> : undefined}
            data={options}
            value={null}
            onChange={add}
            searchable
            searchValue={search}
            onSearchChange={setSearch}
            filter={({ options: o }) => o}
            maxLength={LIMITS.searchMax}
            disabled={full}
            nothingFoundMessage={found.isFetching ? "Searching…" : "No topics found"}
            error={error}
            inputWrapperOrder={["label", "description", "input", "error"]}
          />
        )}
        {value.length > 0 ? (
          <RankedList
            items={value.map((t) => ({
              id: t.id,
              label: t.title,
              content: (
                <>
                  <Text size="sm" fw={500}>
                    {t.title}
                  </Text>
                  <Text size="xs" c="dimmed">
                    {t.supervisor} · {t.cell}
                  </Text>
                </>
              ),
            }))}
            onChange={(ids) => onChange(ids.map((id) => value.find((t) => t.id === id)!))}
            onRemove={(id) => onChange(value.filter((t) => t.id !== id))}
            label={legend}
            noun="topic"
            disabled={disabled}
          />
        ) : (
          <Text size="sm">No topics ranked yet.</Text>
        )}
        {disabled && error && (
          <Text size="sm" c="red">
            {error}
          </Text>
        )}
      </Stack>
    </Fieldset>
  );
}
