import { ActionDialog } from "@client/components/action-modal";
import { errorMessage } from "@client/lib/api";
import { notify } from "@client/lib/notify";
import { Textarea } from "@mantine/core";
import { LIMITS } from "@shared/limits";
import { MSG } from "@shared/messages";
import type { Defense } from "@shared/schemas/defenses";
import { useState } from "react";
import { useRecordMinutes } from "../api/use-defense";

/** The chair's or the supervisor's short minutes of the defense, in a dialog. */
export function RecordMinutes({ defense }: { defense: Defense }) {
  const [opened, setOpened] = useState(false);
  const [text, setText] = useState("");
  const record = useRecordMinutes();
  const open = () => {
    setText(defense.record ?? "");
    setOpened(true);
  };
  const confirm = () =>
    record.mutate(
      { id: defense.id, text },
      {
        onSuccess: () => {
          notify.success(MSG.minutesSaved);
          setOpened(false);
        },
        onError: (e) => notify.error(`${MSG.saveDefenseFailed} ${errorMessage(e)}`),
      },
    );
  return (
    <ActionDialog
      button={{ variant: "light", children: "Record minutes" }}
      onOpen={open}
      opened={opened}
      onClose={() => setOpened(false)}
      title="Minutes of the defense"
      confirmLabel="Save minutes"
      onConfirm={confirm}
      loading={record.isPending}
    >
      <Textarea
        label="Minutes"
        description="Seen by the examiners and the committee."
        autosize
        minRows={4}
        maxLength={LIMITS.defenseMinutesTextMax}
        value={text}
        onChange={(e) => setText(e.currentTarget.value)}
      />
    </ActionDialog>
  );
}
