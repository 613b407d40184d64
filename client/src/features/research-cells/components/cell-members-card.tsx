import { EmptyState } from "@client/components/empty-state";
import { IconButton } from "@client/components/icon-button";
import { TeacherSelect } from "@client/components/teacher-select";
import { UserAvatar } from "@client/components/user-avatar";
import { errorMessage } from "@client/lib/api";
import { useAssignCell } from "@client/lib/assign-cell";
import { notify } from "@client/lib/notify";
import { Badge, Button, type ComboboxItem, Group, Paper, Stack, Text } from "@mantine/core";
import { modals } from "@mantine/modals";
import { MSG } from "@shared/messages";
import type { Cell } from "@shared/schemas/cells";
import { IconUserMinus, IconUserOff } from "@tabler/icons-react";
import { useState } from "react";
import { useRemoveTeacher } from "../api/use-cell-mutations";

/** One cell: its supervisors, each removable, and a control to assign another teacher. */
export function CellMembersCard({ cell }: { cell: Cell }) {
  const [teacher, setTeacher] = useState<ComboboxItem | null>(null);
  const [error, setError] = useState<string | null>(null);
  const assign = useAssignCell(() => setTeacher(null));
  const remove = useRemoveTeacher();
  const supervisors = cell.supervisors ?? [];

  const onAssign = () => {
    if (!teacher) {
      setError(MSG.selectTeacher);
      return;
    }
    assign.mutate({ teacherId: teacher.value, cellId: cell.id });
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
            <IconButton
              tip="Remove from cell"
              color="red"
              aria-label={`Remove ${s.name}`}
              onClick={() => confirmRemove(s)}
            >
              <IconUserMinus size={18} />
            </IconButton>
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
