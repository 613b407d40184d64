import { useAllocationTerm } from "@client/components/allocation-term";
import { EmptyState } from "@client/components/empty-state";
import { CardList } from "@client/components/list-parts";
import { QueryError } from "@client/components/load-error";
import { RankedList } from "@client/components/ranked-list";
import { RowButton } from "@client/components/row-button";
import { SaveChanges } from "@client/components/save-changes";
import { Section } from "@client/components/section";
import { errorMessage, isApiError } from "@client/lib/api";
import { notify } from "@client/lib/notify";
import { Alert, Button, Group, Paper, Skeleton, Stack, Text } from "@mantine/core";
import { MSG } from "@shared/messages";
import type { Applicant } from "@shared/schemas/allocation";
import { IconArrowsSort, IconDice, IconLock, IconPlus } from "@tabler/icons-react";
import { useState } from "react";
import { useApplicants, useSaveRanking } from "../api/use-applicants";
import { ApplicantDetails, applicantTitle } from "./applicant-details";

/**
 * Applicants (DESIGN.md §11): the groups that ranked any of the supervisor's topics in the current
 * term. The supervisor puts the ones they want in order (drag and drop, keyboard and touch, or the
 * Move buttons) and saves; the groups left out follow in an order drawn by lot when the committee
 * runs the allocation. After publication the ranking is frozen.
 */
export function Applicants() {
  const { term, instead } = useAllocationTerm({
    icon: IconArrowsSort,
    title: (name) => `${name} has no applicants`,
    description: MSG.notAllocationTerm,
  });
  const list = useApplicants(term?.id);
  const save = useSaveRanking(term?.id ?? "");
  // The supervisor's order while they change it; null = as saved.
  const [draft, setDraft] = useState<string[] | null>(null);
  const [error, setError] = useState<string | null>(null);

  if (!term) return instead;
  if (list.isPending) return <Skeleton height={200} radius="md" />;
  if (list.isError) return <QueryError title="Your applicants could not be loaded." query={list} />;

  const frozen = term.allocationPublishedAt !== null;
  const all = list.data.items;
  const byId = new Map(all.map((a) => [a.proposalId, a]));
  const saved = all.filter((a) => a.rank !== null).map((a) => a.proposalId);
  const ranked = (draft ?? saved).filter((id) => byId.has(id));
  const rankedSet = new Set(ranked);
  const byLot = all.filter((a) => !rankedSet.has(a.proposalId));
  const changed = draft !== null && ranked.join() !== saved.join();

  if (!all.length)
    return (
      <EmptyState
        icon={IconArrowsSort}
        title="No group has ranked your topics yet."
        description={
          frozen
            ? undefined
            : "Groups that put any of your topics on their list appear here, for you to put in order."
        }
      />
    );

  const set = (ids: string[]) => {
    setDraft(ids);
    setError(null);
  };
  const submit = () =>
    save.mutate(ranked, {
      onSuccess: () => {
        notify.success(MSG.rankingSaved);
        setDraft(null);
      },
      onError: (e) => {
        if (isApiError(e) && e.status === 400) setError(e.fields.proposalIds ?? e.message);
        else {
          notify.error(errorMessage(e));
          setDraft(null);
        }
      },
    });

  return (
    <Stack gap="md">
      {frozen ? (
        <Alert color="gray" icon={<IconLock size={18} />} title="Your ranking is frozen">
          The allocation of {term.name} is published: rankings can no longer change.
        </Alert>
      ) : (
        <Text size="sm" c="dimmed">
          Groups you leave out follow in an order drawn by lot when the committee runs the allocation; the
          seed of the lot is kept with the result.
        </Text>
      )}

      <Section
        compact
        title={`Your ranking (${ranked.length})`}
        aside={
          !frozen && (
            <SaveChanges
              label="Save ranking"
              changed={changed}
              saving={save.isPending}
              onSave={submit}
              onUndo={() => setDraft(null)}
            />
          )
        }
      >
        {error && (
          <Text size="sm" c="red" role="alert">
            {error}
          </Text>
        )}
        {ranked.length ? (
          <RankedList
            items={ranked.map((id) => {
              const a = byId.get(id)!;
              return { id, label: applicantTitle(a), content: <ApplicantDetails applicant={a} /> };
            })}
            onChange={set}
            onRemove={(id) => set(ranked.filter((x) => x !== id))}
            label="Your ranking"
            noun="group"
            disabled={frozen}
          />
        ) : (
          <Text size="sm">
            You have ranked no group: {frozen ? "all of them went" : "all of them go"} by lot.
          </Text>
        )}
      </Section>

      {byLot.length > 0 && (
        <Section
          compact
          title={
            <>
              <IconDice size={18} aria-hidden style={{ verticalAlign: "-3px" }} /> Drawn by lot (
              {byLot.length})
            </>
          }
          aside={
            !frozen && (
              <Button
                variant="light"
                size="xs"
                onClick={() => set([...ranked, ...byLot.map((a) => a.proposalId)])}
              >
                Rank all in this order
              </Button>
            )
          }
        >
          <Text size="sm" c="dimmed">
            Unranked: these groups follow your ranking in an order drawn by lot.
          </Text>
          <CardList gap={6} aria-label="Drawn by lot">
            {byLot.map((a) => (
              <LotRow
                key={a.proposalId}
                applicant={a}
                frozen={frozen}
                onAdd={() => set([...ranked, a.proposalId])}
              />
            ))}
          </CardList>
        </Section>
      )}
    </Stack>
  );
}

function LotRow({
  applicant: a,
  frozen,
  onAdd,
}: {
  applicant: Applicant;
  frozen: boolean;
  onAdd: () => void;
}) {
  return (
    <Paper component="li" withBorder radius="md" p="xs">
      <Group justify="space-between" align="flex-start" wrap="nowrap" gap="xs">
        <ApplicantDetails applicant={a} />
        {!frozen && (
          <RowButton
            label="Rank"
            of={applicantTitle(a)}
            icon={IconPlus}
            variant="default"
            onClick={onAdd}
            style={{ flexShrink: 0 }}
          />
        )}
      </Group>
    </Paper>
  );
}
