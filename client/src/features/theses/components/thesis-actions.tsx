import { ActionModal, ActionText, useActionText } from "@client/components/action-modal";
import { formAfterRefusal } from "@client/lib/life-mutation";
import { notify } from "@client/lib/notify";
import { Button, Group, Text } from "@mantine/core";
import { MSG } from "@shared/messages";
import type { Thesis } from "@shared/schemas/theses";
import { thesisReasonSchema } from "@shared/schemas/theses";
import type { ThesisAction } from "@shared/thesis-life";
import { type ComponentType, useState } from "react";
import { useThesisAction } from "../api/use-theses";

/** The committee cancels the thesis with a reason: its proposal is withdrawn with it (§16). */
function CancelThesis({ thesis }: { thesis: Thesis }) {
  const [opened, setOpened] = useState(false);
  const text = useActionText(opened);
  const close = () => setOpened(false);
  const cancel = useThesisAction<{ reason: string }>(thesis.id, "cancel", {
    fields: ["reason"],
    onSuccess: () => {
      notify.success(MSG.thesisCancelled);
      close();
    },
  });
  const confirm = () => {
    const parsed = thesisReasonSchema.safeParse({ reason: text.value });
    if (!parsed.success) return text.setError(parsed.error.issues[0].message);
    cancel.mutate(parsed.data, {
      onError: (e) =>
        formAfterRefusal(e, { fields: ["reason"], setErrors: (f) => text.setError(f.reason), close }),
    });
  };
  return (
    <>
      <Button color="red" variant="light" onClick={() => setOpened(true)}>
        Cancel thesis
      </Button>
      <ActionModal
        opened={opened}
        onClose={close}
        title="Cancel this thesis"
        confirmLabel="Cancel thesis"
        confirmColor="red"
        onConfirm={confirm}
        loading={cancel.isPending}
      >
        <Text size="sm">
          The thesis ends as Cancelled and its proposal is withdrawn. Its members are told.
        </Text>
        <ActionText kind="reason" label="Reason" required text={text} />
      </ActionModal>
    </>
  );
}

/** Each action this screen offers, by the table's name for it; the rest are offered where they are built. */
const OFFERED: Partial<Record<ThesisAction, ComponentType<{ thesis: Thesis }>>> = {
  cancel: CancelThesis,
};

/**
 * The actions of the thesis's table the server says the caller may take now (its `actions`),
 * and nothing else: the server decides, the screen only offers.
 */
export function ThesisActions({ thesis }: { thesis: Thesis }) {
  const shown = thesis.actions.filter((a) => OFFERED[a]);
  if (!shown.length) return null;
  return (
    <Group gap="sm" wrap="wrap" aria-label="Thesis actions" role="group">
      {shown.map((a) => {
        const Action = OFFERED[a]!;
        return <Action key={a} thesis={thesis} />;
      })}
    </Group>
  );
}
