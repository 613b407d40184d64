import { DialogButtons } from "@client/components/dialog-buttons";
import { EmptyState } from "@client/components/empty-state";
import { StatusBadge } from "@client/components/status-badge";
import { errorMessage } from "@client/lib/api";
import { useUser } from "@client/lib/auth";
import { savedThenClosed } from "@client/lib/close-on-answer";
import { notify } from "@client/lib/notify";
import { ActionIcon, Alert, Anchor, Group, List, Loader, Menu, Modal, Stack, Text } from "@mantine/core";
import { useForm } from "@mantine/form";
import { MSG } from "@shared/messages";
import { updatePersonSchema } from "@shared/schemas/accounts";
import type { Person } from "@shared/schemas/users";
import {
  IconDots,
  IconFileCheck,
  IconKey,
  IconPencil,
  IconUserCheck,
  IconUserOff,
} from "@tabler/icons-react";
import { createContext, type ReactNode, useContext, useState } from "react";
import { Link } from "react-router";
import {
  useDeactivatePerson,
  useOpenProposals,
  useReactivatePerson,
  useSendPasswordLink,
  useUpdatePerson,
} from "../api/use-person-actions";
import type { PeopleColumn } from "./people-table";
import { PersonFields } from "./person-fields";

export type From = "all-students" | "all-teachers" | "committee-members";
type Dialog = { kind: "edit" | "deactivate"; person: Person } | null;

/**
 * The edit and deactivate dialogs of a people list, held above its rows: a list turns from table
 * into cards at the phone breakpoint, and a dialog must not close because its row was drawn anew.
 */
const DialogContext = createContext<(d: Dialog) => void>(() => {});

export function PersonDialogs({ from, children }: { from: From; children: ReactNode }) {
  const [dialog, setDialog] = useState<Dialog>(null);
  const close = () => setDialog(null);
  return (
    <DialogContext.Provider value={setDialog}>
      {children}
      {dialog?.kind === "edit" && (
        <EditPersonModal key={dialog.person.id} person={dialog.person} onClose={close} />
      )}
      {dialog?.kind === "deactivate" && (
        <DeactivateModal key={dialog.person.id} person={dialog.person} from={from} onClose={close} />
      )}
    </DialogContext.Provider>
  );
}

/**
 * One person's committee tools (DESIGN.md §12): edit the name and email, send a password link,
 * deactivate (after seeing what they leave behind) or reactivate. A menu per row, named after
 * the person, so a screen reader hears whose actions these are.
 */
export function PersonActions({ person }: { person: Person }) {
  const me = useUser();
  const open = useContext(DialogContext);
  const sendLink = useSendPasswordLink();
  const reactivate = useReactivatePerson();
  const inactive = !!person.deactivatedAt;

  const onSendLink = () =>
    sendLink.mutate(person.id, {
      onSuccess: (r) => notify.success(r.message),
      onError: (e) => notify.error(MSG.sendLinkFailed(errorMessage(e))),
    });
  const onReactivate = () =>
    reactivate.mutate(person.id, {
      onSuccess: () => notify.success(MSG.personReactivated(person.name)),
      onError: (e) => notify.error(MSG.reactivateFailed(errorMessage(e))),
    });

  return (
    // No focus placeholder inside the menu: axe wants a menu to hold only its items.
    <Menu position="bottom-end" withinPortal withInitialFocusPlaceholder={false}>
      <Menu.Target>
        <ActionIcon
          variant="default"
          size="lg"
          aria-label={`Actions for ${person.name}`}
          loading={sendLink.isPending || reactivate.isPending}
        >
          <IconDots size={18} />
        </ActionIcon>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Item leftSection={<IconPencil size={16} />} onClick={() => open({ kind: "edit", person })}>
          Edit name and email
        </Menu.Item>
        {!inactive && (
          <Menu.Item leftSection={<IconKey size={16} />} onClick={onSendLink}>
            Send password link
          </Menu.Item>
        )}
        {inactive ? (
          <Menu.Item leftSection={<IconUserCheck size={16} />} onClick={onReactivate}>
            Reactivate
          </Menu.Item>
        ) : (
          <Menu.Item
            // red.8: the lighter default red does not reach 4.5:1 on white.
            color="red.8"
            leftSection={<IconUserOff size={16} />}
            onClick={() => open({ kind: "deactivate", person })}
            disabled={person.id === me.id}
          >
            Deactivate
          </Menu.Item>
        )}
      </Menu.Dropdown>
    </Menu>
  );
}

/** The committee's "Actions" column, last in every people list (inside its PersonDialogs). */
export const actionsColumn: PeopleColumn = {
  key: "actions",
  label: "Actions",
  width: 90,
  render: (p) => <PersonActions person={p} />,
};

function EditPersonModal({ person, onClose }: { person: Person; onClose: () => void }) {
  const update = useUpdatePerson();
  const form = useForm({
    mode: "uncontrolled",
    initialValues: { name: person.name, email: person.email },
    validate: (values) => {
      const r = updatePersonSchema.safeParse(values);
      if (r.success) return {};
      return Object.fromEntries(r.error.issues.map((i) => [String(i.path[0]), i.message]));
    },
  });
  const onSubmit = form.onSubmit((values) =>
    update.mutate(
      // Both fields: the server changes only what differs (an unchanged email stays verified).
      { id: person.id, ...values },
      savedThenClosed(form, onClose, MSG.personUpdated, MSG.updatePersonFailed),
    ),
  );
  return (
    <Modal opened onClose={onClose} title={`Edit ${person.name}`} centered>
      <form onSubmit={onSubmit} noValidate aria-label={`Edit ${person.name}`}>
        <Stack>
          <PersonFields
            form={form}
            emailProps={{
              description: "They sign in with this address; it must not belong to anyone else.",
              inputWrapperOrder: ["label", "input", "description", "error"],
            }}
          />
          <DialogButtons onCancel={onClose} busy={update.isPending} cancelWhileBusy confirm="Save" />
        </Stack>
      </form>
    </Modal>
  );
}

/**
 * Confirms a deactivation and shows what the person leaves behind: their active proposals (created
 * or supervised), each a link, for the committee to reassign or withdraw. The list is its own
 * component so that actions can stand beside each proposal.
 */
function DeactivateModal({ person, from, onClose }: { person: Person; from: From; onClose: () => void }) {
  const deactivate = useDeactivatePerson();
  const onConfirm = () =>
    deactivate.mutate(person.id, {
      onSuccess: () => {
        notify.success(MSG.personDeactivated(person.name));
        onClose();
      },
      onError: (e) => notify.error(MSG.deactivateFailed(errorMessage(e))),
    });
  return (
    <Modal opened onClose={onClose} title={`Deactivate ${person.name}?`} centered size="lg">
      <Stack>
        <Text size="sm">
          {person.name} will be signed out everywhere at once and cannot sign in until reactivated. Their
          proposals, messages and history stay.
        </Text>
        <LeftBehind personId={person.id} from={from} />
        <DialogButtons
          onCancel={onClose}
          busy={deactivate.isPending}
          cancelWhileBusy
          confirm="Deactivate"
          color="red"
          onClick={onConfirm}
          leftSection={<IconUserOff size={16} />}
        />
      </Stack>
    </Modal>
  );
}

export function LeftBehind({ personId, from }: { personId: string; from: string }) {
  const open = useOpenProposals(personId, true);
  if (open.isPending) return <Loader size="sm" role="status" aria-label="Loading their proposals" />;
  if (open.isError)
    return (
      <Alert color="red" title="Their proposals could not be loaded.">
        {errorMessage(open.error)}
      </Alert>
    );
  if (!open.data.items.length)
    return (
      <EmptyState
        framed={false}
        icon={IconFileCheck}
        title="No active proposals"
        description="They leave nothing open behind."
      />
    );
  return (
    <Stack gap="xs">
      <Text fw={600} size="sm">
        What they leave behind: {open.data.items.length} active{" "}
        {open.data.items.length === 1 ? "proposal" : "proposals"} to reassign or withdraw
      </Text>
      <List spacing="xs" aria-label="Active proposals they leave behind">
        {open.data.items.map((p) => (
          <List.Item key={`${p.role}-${p.id}`}>
            <Group gap="xs" wrap="nowrap">
              <Anchor component={Link} to={`/committee/proposals/${p.id}?from=${from}`} size="sm">
                {p.title}
              </Anchor>
              <StatusBadge status={p.status} />
              <Text size="xs" c="dimmed">
                {p.role === "creator" ? "created by them" : "supervised by them"}
              </Text>
            </Group>
          </List.Item>
        ))}
      </List>
    </Stack>
  );
}
