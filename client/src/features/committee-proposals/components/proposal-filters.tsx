import { TermSelect } from "@client/components/term-select";
import { Button, Loader, Select, SimpleGrid, TextInput } from "@mantine/core";
import { useDebouncedValue } from "@mantine/hooks";
import { STATUS_ORDER } from "@shared/enums";
import { LIMITS } from "@shared/limits";
import { IconFilterOff, IconSearch } from "@tabler/icons-react";
import { useEffect, useRef, useState } from "react";
import { useFilterOptions } from "../api/use-committee-proposals";
import { type ProposalFilters as Filters, TERM_ID_PARAM } from "./use-proposal-filters";

/**
 * Search by title words, and the filters: term, status, research cell, supervisor (of the chosen
 * cell, or of any). Each is labelled; each change moves the address and goes back to page one.
 */
export function ProposalFilters({
  filters,
  update,
  searching,
  filtered,
  onClear,
}: {
  filters: Filters;
  update: (change: Partial<Filters>) => void;
  /** A request is on its way (the search field shows it). */
  searching: boolean;
  /** Some filter is set: "Clear filters" is offered. */
  filtered: boolean;
  onClear: () => void;
}) {
  const { cells, cellOptions, supervisorOptions } = useFilterOptions(filters.researchCellId);
  const [search, setSearch] = useState(filters.q);
  const [debounced] = useDebouncedValue(search.trim(), 300);
  // Only what was typed moves the address; Back, or a link that changes q, changes the field.
  const pushed = useRef(filters.q);
  useEffect(() => {
    if (debounced === pushed.current) return;
    pushed.current = debounced;
    update({ q: debounced });
  }, [debounced, update]);
  useEffect(() => {
    if (filters.q !== pushed.current) {
      pushed.current = filters.q;
      setSearch(filters.q);
    }
  }, [filters.q]);

  return (
    // Three to a row on a desktop: each field wide enough for whole names (a term's, a cell's).
    <SimpleGrid cols={{ base: 1, xs: 2, lg: 3 }} spacing="sm" verticalSpacing="sm">
      <TextInput
        label="Search titles"
        placeholder="Words of the title"
        leftSection={<IconSearch size={16} />}
        rightSection={searching ? <Loader size={14} /> : null}
        value={search}
        maxLength={LIMITS.searchMax}
        onChange={(e) => setSearch(e.currentTarget.value)}
      />
      <TermSelect param={TERM_ID_PARAM} w="100%" />
      <Select
        label="Status"
        placeholder="All statuses"
        data={[...STATUS_ORDER]}
        // Every status in view at once: a list that scrolls would be a region a keyboard cannot reach.
        maxDropdownHeight={400}
        value={filters.status ?? null}
        onChange={(v) => update({ status: (v as Filters["status"]) ?? undefined })}
        clearable
      />
      <Select
        label="Research cell"
        placeholder={cells.isPending ? "Loading research cells…" : "All research cells"}
        data={cellOptions}
        value={filters.researchCellId ?? null}
        // Another cell's supervisors differ: the supervisor filter starts again.
        onChange={(v) => update({ researchCellId: v ?? undefined, supervisorId: undefined })}
        error={cells.isError ? "The research cells could not be loaded." : undefined}
        searchable
        clearable
        nothingFoundMessage="No research cells"
      />
      <Select
        label="Supervisor"
        placeholder="All supervisors"
        data={supervisorOptions}
        value={filters.supervisorId ?? null}
        onChange={(v) => update({ supervisorId: v ?? undefined })}
        searchable
        clearable
        nothingFoundMessage={filters.researchCellId ? "No supervisors in this cell" : "No supervisors"}
      />
      {filtered && (
        <Button
          variant="subtle"
          leftSection={<IconFilterOff size={16} />}
          onClick={() => {
            pushed.current = "";
            setSearch("");
            onClear();
          }}
          style={{ alignSelf: "end", justifySelf: "start" }}
        >
          Clear filters
        </Button>
      )}
    </SimpleGrid>
  );
}
