import { useAllocationTerm } from "@client/components/allocation-term";
import { DialogButtons } from "@client/components/dialog-buttons";
import { EmptyState } from "@client/components/empty-state";
import { CardGrid } from "@client/components/list-parts";
import { QueryError } from "@client/components/load-error";
import { RowButton } from "@client/components/row-button";
import { closeOnAnswer } from "@client/lib/close-on-answer";
import { formatInZone, useTimeZone } from "@client/lib/dates";
import { Alert, Button, Group, Modal, Pagination, Skeleton, Stack, Text } from "@mantine/core";
import { MSG } from "@shared/messages";
import type { Topic } from "@shared/schemas/allocation";
import { IconBulb, IconLock, IconPencil, IconPlus, IconTrash } from "@tabler/icons-react";
import { useState } from "react";
import { useMyCells, useTopicList, useWithdrawTopic } from "../api/use-topics";
import { TopicCard } from "./topic-card";
import { TopicFormModal } from "./topic-form-modal";

const PAGE_SIZE = 20;

/**
 * A supervisor's own topics in the current allocation term (DESIGN.md §11): publish one (in one of
 * their cells), edit it, or withdraw it (it leaves every group's list, and those groups are told),
 * until the allocation is published; after that the list is frozen and says why.
 */
export function MyTopics() {
  const { term, instead } = useAllocationTerm({
    icon: IconBulb,
    title: (name) => `${name} has no topics`,
    description: (name) => `${MSG.notAllocationTerm(name)} Topics are offered in terms that allocate them.`,
  });
  const zone = useTimeZone();
  const [page, setPage] = useState(1);
  const list = useTopicList({ termId: term?.id, mine: true, page, pageSize: PAGE_SIZE }, term !== null);
  const cells = useMyCells();
  const [editing, setEditing] = useState<Topic | null | "new">(null);
  const [withdrawing, setWithdrawing] = useState<Topic | null>(null);
  const withdraw = useWithdrawTopic(
    closeOnAnswer(
      () => setWithdrawing(null),
      ({ topic }) => MSG.topicWithdrawnDone(topic.title),
    ),
  );

  if (!term) return instead;

  const frozen = term.allocationPublishedAt !== null;
  const myCells = cells.data ?? [];
  const noCells = cells.isSuccess && myCells.length === 0;
  const items = list.data?.items ?? [];
  const total = list.data?.total ?? 0;
  const pages = Math.max(1, Math.ceil(total / PAGE_SIZE));

  const confirmWithdraw = () => {
    if (!withdrawing) return;
    withdraw.mutate(withdrawing.id);
  };

  return (
    <Stack gap="md">
      {frozen ? (
        <Alert color="gray" icon={<IconLock size={18} />} title="Topics are frozen">
          {MSG.allocationFrozen(term.name)} Published {formatInZone(term.allocationPublishedAt!, zone)}.
        </Alert>
      ) : (
        <Group justify="space-between" wrap="wrap">
          <Text size="sm" c="dimmed">
            Topics you publish in {term.name} are offered to every group at once. You may edit or withdraw
            them until the committee publishes the allocation.
          </Text>
          <Button leftSection={<IconPlus size={16} />} onClick={() => setEditing("new")} disabled={noCells}>
            New topic
          </Button>
        </Group>
      )}
      {noCells && !frozen && (
        <Alert color="yellow" title="You are in no research cell">
          A topic belongs to one of your research cells; the committee assigns them.
        </Alert>
      )}

      {list.isError && !list.data ? (
        <QueryError title="Your topics could not be loaded." query={list} />
      ) : list.isPending ? (
        <Skeleton height={160} radius="md" />
      ) : items.length === 0 ? (
        <EmptyState
          icon={IconBulb}
          title={`You have no topics in ${term.name}.`}
          description={frozen ? undefined : "Publish one: groups rank the topics they would like."}
        />
      ) : (
        <CardGrid cols={{ base: 1, md: 2 }} aria-label={`Your topics in ${term.name}`}>
          {items.map((t) => (
            <li key={t.id}>
              <TopicCard
                topic={t}
                extra={
                  <Text size="sm">
                    {frozen
                      ? `${t.placed} of ${t.capacity} place${t.capacity === 1 ? "" : "s"} taken`
                      : `Ranked by ${t.applicants} group${t.applicants === 1 ? "" : "s"}`}
                  </Text>
                }
                actions={
                  !frozen &&
                  !t.withdrawn && (
                    <>
                      <RowButton
                        label="Edit"
                        of={t.title}
                        icon={IconPencil}
                        variant="default"
                        onClick={() => setEditing(t)}
                      />
                      <RowButton
                        label="Withdraw"
                        of={t.title}
                        icon={IconTrash}
                        variant="outline"
                        color="red"
                        onClick={() => setWithdrawing(t)}
                      />
                    </>
                  )
                }
              />
            </li>
          ))}
        </CardGrid>
      )}
      {total > PAGE_SIZE && (
        <Pagination
          total={pages}
          value={Math.min(page, pages)}
          onChange={setPage}
          size="sm"
          getControlProps={(control) => ({ "aria-label": `${control} page` })}
        />
      )}

      <TopicFormModal
        opened={editing !== null}
        onClose={() => setEditing(null)}
        termId={term.id}
        cells={myCells}
        topic={editing === "new" ? null : editing}
      />
      <Modal
        opened={withdrawing !== null}
        onClose={withdraw.isPending ? () => {} : () => setWithdrawing(null)}
        title="Withdraw this topic?"
        centered
      >
        <Stack>
          <Text size="sm">
            “{withdrawing?.title}” leaves every group's list of preferences
            {withdrawing?.applicants
              ? `, and the ${withdrawing.applicants} group${withdrawing.applicants === 1 ? "" : "s"} that ranked it are told by email`
              : ""}
            . This cannot be undone.
          </Text>
          <DialogButtons
            onCancel={() => setWithdrawing(null)}
            busy={withdraw.isPending}
            confirm="Withdraw topic"
            color="red"
            onClick={confirmWithdraw}
            data-autofocus
          />
        </Stack>
      </Modal>
    </Stack>
  );
}
