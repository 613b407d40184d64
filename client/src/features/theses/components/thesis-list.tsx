import type { EmptyWords } from "@client/components/list-parts";
import { PagedList } from "@client/components/paged-list";
import { TermSelect } from "@client/components/term-select";
import { Checkbox, Paper, Select, SimpleGrid } from "@mantine/core";
import { THESIS_STATES, type ThesisState } from "@shared/enums";
import { MSG } from "@shared/messages";
import { IconFileSearch } from "@tabler/icons-react";
import { useThesisList } from "../api/use-theses";
import { ExaminerFilters } from "./examiner-filters";
import { TermReleaseButton } from "./term-release";
import { useNow } from "./thesis-due";
import { ThesisCards, ThesisTable } from "./thesis-rows";
import { THESIS_TERM_PARAM, useThesisFilters } from "./use-thesis-filters";

export const THESES_PAGE_SIZE = 20;

const EMPTY: EmptyWords = {
  icon: IconFileSearch,
  filtered: ["No theses match these filters.", "Clear a filter or choose another term."],
  none: ["No theses in progress.", "A thesis starts when its proposal is approved."],
};

/**
 * The theses the caller may see (DESIGN.md §16): the committee's every thesis, a teacher's as
 * supervisor or examiner, a student's own; of any term and not yet Released unless filtered by
 * term, state, overdue or examiner; oldest due first, paged on the server (20 a page, decision 0018).
 */
export function ThesisList() {
  const { filters, termId, update } = useThesisFilters();
  const query = { termId, state: filters.state, overdue: filters.overdue, examinerId: filters.examinerId };
  const list = useThesisList({ ...query, page: filters.page, pageSize: THESES_PAGE_SIZE });
  const now = useNow();
  const filtered = !!(filters.state || filters.overdue || filters.examinerId || termId !== "all");
  const rows = { showTerm: termId === "all", busy: list.isFetching, now };

  return (
    <Paper withBorder radius="md">
      <SimpleGrid p="md" cols={{ base: 1, xs: 2, lg: 3 }} spacing="sm" verticalSpacing="sm">
        <TermSelect param={THESIS_TERM_PARAM} fallback="all" w="100%" />
        <Select
          label="State"
          placeholder="Not yet released"
          data={[...THESIS_STATES]}
          value={filters.state ?? null}
          onChange={(v) => update({ state: (v as ThesisState | null) ?? undefined })}
          maxDropdownHeight={400}
          clearable
        />
        <Checkbox
          label="Only overdue"
          checked={filters.overdue === "true"}
          onChange={(e) => update({ overdue: e.currentTarget.checked ? "true" : undefined })}
          style={{ alignSelf: "end" }}
          pb={8}
        />
        <ExaminerFilters filters={filters} query={query} update={update} />
      </SimpleGrid>
      <TermReleaseButton termId={termId} />
      <PagedList
        query={list}
        page={filters.page}
        pageSize={THESES_PAGE_SIZE}
        onPage={update}
        of={["thesis", "theses"]}
        failed={MSG.fetchThesesFailed}
        loading="Loading theses"
        rowHeight={36}
        words={EMPTY}
        filtered={filtered}
        cards={(items) => <ThesisCards items={items} {...rows} />}
        table={(items) => <ThesisTable items={items} {...rows} />}
      />
    </Paper>
  );
}
