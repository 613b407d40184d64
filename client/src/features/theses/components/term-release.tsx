import { ActionModal, confirming } from "@client/components/action-modal";
import { api } from "@client/lib/api";
import { useUser } from "@client/lib/auth";
import { useLifeMutation } from "@client/lib/life-mutation";
import { notify } from "@client/lib/notify";
import { Button, Group, List, Text } from "@mantine/core";
import { MSG } from "@shared/messages";
import type { TermRelease } from "@shared/schemas/release";
import { useState } from "react";
import { useThesisList } from "../api/use-theses";

const theses = (n: number) => (n === 1 ? "1 graded thesis" : `${n} graded theses`);

/**
 * The committee releases every Graded thesis of the chosen term at once (DESIGN.md §17, §19), each
 * with its own visibility proposal, after a confirmation naming how many; those whose required
 * defense has not ended wait, and are named.
 */
export function TermReleaseButton({ termId }: { termId: string | undefined }) {
  const user = useUser();
  if (user.role !== "committee" || !termId || termId === "all") return null;
  return <TermReleaseDialog termId={termId} />;
}

function TermReleaseDialog({ termId }: { termId: string }) {
  const [opened, setOpened] = useState(false);
  const [waiting, setWaiting] = useState<TermRelease["waiting"]>([]);
  const graded = useThesisList({ termId, state: "Graded", page: 1, pageSize: 1 });
  const n = graded.data?.total ?? 0;
  const release = useLifeMutation(() => api.post<TermRelease>(`/terms/${termId}/release-grades`, {}), {
    failed: (m) => `${MSG.releaseFailed} ${m}`,
    onSuccess: (r) => {
      notify.success(MSG.termReleased(r.released.length));
      setWaiting(r.waiting);
      if (!r.waiting.length) setOpened(false);
    },
  });
  const dialog = confirming({ opened, onClose: () => setOpened(false) }, release, () =>
    release.mutate(undefined),
  );
  return (
    <Group px="md" pb="md">
      <Button
        color="green"
        variant="light"
        disabled={n === 0}
        onClick={() => {
          setWaiting([]);
          setOpened(true);
        }}
      >
        Release every graded thesis of this term
      </Button>
      <ActionModal
        {...dialog}
        title="Release the term's grades"
        confirmLabel={`Release ${theses(n)}`}
        confirmColor="green"
        confirmDisabled={n === 0}
      >
        <Text size="sm">
          {`This releases ${theses(n)} of this term, each with its own visibility proposal (Internal when none). Each member then sees their own grade and is told by email.`}
        </Text>
        {waiting.length > 0 && (
          <List size="sm" aria-label="Waiting">
            {waiting.map((w) => (
              <List.Item key={w.id}>{`${w.title}: ${w.reason}`}</List.Item>
            ))}
          </List>
        )}
      </ActionModal>
    </Group>
  );
}
