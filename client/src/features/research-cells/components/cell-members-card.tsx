import { EmptyState } from "@client/components/empty-state";
import { UserAvatar } from "@client/components/user-avatar";
import { errorMessage } from "@client/lib/api";
import { notify } from "@client/lib/notify";
import {
  ActionIcon,
  Badge,
  Button,
  type ComboboxItem,
  Group,
  Paper,
  Stack,
  Text,
  Tooltip,
} from "@mantine/core";
import { modals } from "@mantine/modals";
import { MSG } from "@shared/messages";
import type { Cell } from "@shared/schemas/cells";
import { IconUserMinus, IconUserOff } from "@tabler/icons-react";
import { useState } from "react";
import { useAssignTeacher, useRemoveTeacher } from "../api/use-cell-mutations";
import { TeacherSelect } from "./teacher-select";

/** The specification's own words stand alone; anything else is "Failed to assign cell: …". */
function assignFailure(e: unknown) {
  const message = errorMessage(e);
  return [MSG.alreadyAssigned, MSG.teacherNotFound, MSG.selectCell].includes(message as never)
    ? message
    : MSG.assignCellFailed(message);
}

/** One cell: its supervisors, each removable, and a control to assign another teacher. */
export function CellMembersCard({ cell }: { cell: Cell }) {
  const [teacher, setTeacher] = useState<ComboboxItem | null>(null);
  const [error, setError] = useState<string | null>(null);
  const assign = useAssignTeacher();
  const remove = useRemoveTeacher();
  const supervisors = cell.supervisors ?? [];

  const onAssign = () => {
    if (!teacher) {
      setError(MSG.selectTeacher);
      return;
    }
    assign.mutate(
      { teacherId: teacher.value, cellId: cell.id },
      {
        onSuccess: () => {
          notify.success(MSG.cellAssigned);
          setTeacher(null);
        },
        onError: (e) => notify.error(assignFailure(e)),
      },
    );
  };

  const confirmRemove = (s: { id: string; name: string }) =>
    modals.openConfirmModal({
      title: "Remove teacher from cell",
      centered: true,
      children: (
        <Text size="sm">
          Remove {s.name} from {cell.title}? They will no longer receive proposals for this cell.
        </Text>
      ),
      labels: { confirm: "Remove", cancel: "Cancel" },
      confirmProps: { color: "red" },
      onConfirm: () =>
        remove.mutate(
          { teacherId: s.id, cellId: cell.id },
          {
            onSuccess: () => notify.success(MSG.teacherRemovedFromCell),
            onError: (e) => notify.error(MSG.removeFromCellFailed(errorMessage(e))),
          },
        ),
    });

  return (
    <Paper withBorder radius="md" p="md" component="section" aria-label={cell.title}>
      <Group justify="space-between" align="flex-start" wrap="nowrap" mb="xs">
        <div>
          <Text fw={700}>{cell.title}</Text>
          <Text size="sm" c="dimmed" lineClamp={2}>
            {cell.description}
          </Text>
        </div>
        <Badge variant="light" tt="none" style={{ flexShrink: 0 }}>
          {supervisors.length} {supervisors.length === 1 ? "supervisor" : "supervisors"}
        </Badge>
      </Group>

      <Stack gap={6} my="sm">
        {supervisors.length === 0 && (
          <EmptyState icon={IconUserOff} title="No teachers in this cell yet." framed={false} compact />
        )}
        {supervisors.map((s) => (
          <Group key={s.id} justify="space-between" wrap="nowrap" gap="xs">
            <Group gap="sm" wrap="nowrap" miw={0}>
              <UserAvatar name={s.name} size={28} />
              <div style={{ minWidth: 0 }}>
                <Text size="sm" fw={500} truncate>
                  {s.name}
                </Text>
                <Text size="xs" c="dimmed" truncate>
                  {s.email}
                </Text>
              </div>
            </Group>
            <Tooltip label="Remove from cell">
              <ActionIcon
                variant="subtle"
                color="red"
                aria-label={`Remove ${s.name}`}
                onClick={() => confirmRemove(s)}
              >
                <IconUserMinus size={18} />
              </ActionIcon>
            </Tooltip>
          </Group>
        ))}
      </Stack>

      <Group gap="xs" align="flex-start" wrap="nowrap">
        <TeacherSelect
          value={teacher}
          onChange={(t) => {
            setTeacher(t);
            setError(null);
          }}
          error={error}
        />
        <Button mt={25} onClick={onAssign} loading={assign.isPending}>
          Assign
        </Button>
      </Group>
    </Paper>
  );
}
