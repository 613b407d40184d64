import { IconButton } from "@client/components/icon-button";
import { errorMessage } from "@client/lib/api";
import { notify } from "@client/lib/notify";
import { Group, Text } from "@mantine/core";
import { modals } from "@mantine/modals";
import { MSG } from "@shared/messages";
import { type Term, termDeleteRefusal } from "@shared/schemas/terms";
import { IconChartBar, IconPencil, IconStar, IconTrash } from "@tabler/icons-react";
import { useDeleteTerm } from "../api/use-delete-term";
import { useMakeCurrent } from "../api/use-make-current";

/**
 * A term's actions, each named for the term: Edit, Places, Make current (not for the current one),
 * Delete (only where the server would allow it: not the current term, not one with proposals).
 */
export function TermActions({
  term,
  onEdit,
  onPlaces,
}: {
  term: Term;
  onEdit: (t: Term) => void;
  onPlaces: (t: Term) => void;
}) {
  const makeCurrent = useMakeCurrent();
  const remove = useDeleteTerm();

  const confirmCurrent = () =>
    modals.openConfirmModal({
      title: `Make ${term.name} current?`,
      centered: true,
      children: (
        <Text size="sm">
          New proposals will go into {term.name}, under its window and places. Proposals already submitted
          stay in their own terms.
        </Text>
      ),
      labels: { confirm: "Make current", cancel: "Cancel" },
      onConfirm: () =>
        makeCurrent.mutate(term.id, {
          onSuccess: () => notify.success(MSG.termMadeCurrent(term.name)),
          onError: (e) => notify.error(errorMessage(e)),
        }),
    });

  const confirmDelete = () =>
    modals.openConfirmModal({
      title: `Delete ${term.name}?`,
      centered: true,
      children: (
        <Text size="sm">The term and its supervisors' places are removed. This cannot be undone.</Text>
      ),
      labels: { confirm: "Delete", cancel: "Cancel" },
      confirmProps: { color: "red" },
      onConfirm: () =>
        remove.mutate(term.id, {
          onSuccess: () => notify.success(MSG.termDeleted),
          // A term that gained proposals meanwhile is refused (409) with the reason.
          onError: (e) => notify.error(errorMessage(e)),
        }),
    });

  // Buttons, not a menu: each is one tab stop away and names its term.
  return (
    <Group gap={4} wrap="nowrap" justify="flex-end">
      <IconButton tip="Edit" aria-label={`Edit ${term.name}`} onClick={() => onEdit(term)}>
        <IconPencil size={18} />
      </IconButton>
      <IconButton tip="Places" aria-label={`Places in ${term.name}`} onClick={() => onPlaces(term)}>
        <IconChartBar size={18} />
      </IconButton>
      {!term.current && (
        <IconButton
          tip="Make current"
          aria-label={`Make ${term.name} current`}
          onClick={confirmCurrent}
          loading={makeCurrent.isPending}
        >
          <IconStar size={18} />
        </IconButton>
      )}
      {termDeleteRefusal(term) === null && (
        <IconButton
          tip="Delete"
          color="red"
          aria-label={`Delete ${term.name}`}
          onClick={confirmDelete}
          loading={remove.isPending}
        >
          <IconTrash size={18} />
        </IconButton>
      )}
    </Group>
  );
}
