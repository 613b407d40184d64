import { ActionModal, confirming } from "@client/components/action-modal";
import { useUser } from "@client/lib/auth";
import { notify } from "@client/lib/notify";
import { Button, Checkbox, Text } from "@mantine/core";
import { MSG } from "@shared/messages";
import type { Thesis } from "@shared/schemas/theses";
import { useState } from "react";
import { useThesisAction, useThesisWriting } from "../api/use-theses";

/** A member declares the thesis their own work, in the term's words, for themselves; offered until they have. */
export function Declare({ thesis }: { thesis: Thesis }) {
  const me = useUser();
  const writing = useThesisWriting(thesis.id);
  const [opened, setOpened] = useState(false);
  const [ticked, setTicked] = useState(false);
  const action = useThesisAction(thesis.id, {
    onSuccess: () => {
      notify.success(MSG.declared);
      setOpened(false);
    },
  });
  if (!writing.data || writing.data.declarations.some((d) => d.studentId === me.id)) return null;
  const dialog = confirming({ opened, onClose: () => setOpened(false) }, action, () =>
    action.mutate({ method: "PUT", path: "declaration", body: { declaration: true } }),
  );
  return (
    <>
      <Button
        variant="light"
        onClick={() => {
          setTicked(false);
          setOpened(true);
        }}
      >
        Declare my own work
      </Button>
      <ActionModal
        {...dialog}
        title="Declaration of own work"
        confirmLabel="Declare"
        confirmDisabled={!ticked}
      >
        <Text size="sm" style={{ whiteSpace: "pre-wrap" }}>
          {writing.data.declarationText}
        </Text>
        <Checkbox
          label="I declare this, for my part of the thesis"
          checked={ticked}
          onChange={(e) => setTicked(e.currentTarget.checked)}
          data-autofocus
        />
      </ActionModal>
    </>
  );
}

/** A member submits: the latest draft becomes final and locked (the server checks the date and the declarations). */
export function Submit({ thesis }: { thesis: Thesis }) {
  const writing = useThesisWriting(thesis.id);
  const [opened, setOpened] = useState(false);
  const action = useThesisAction(thesis.id, {
    onSuccess: () => {
      notify.success(MSG.thesisSubmitted);
      setOpened(false);
    },
  });
  const latest = writing.data?.drafts[0];
  const waiting = thesis.members.filter((m) => !writing.data?.declarations.some((d) => d.studentId === m.id));
  const dialog = confirming({ opened, onClose: () => setOpened(false) }, action, () =>
    action.mutate({ path: "submission", body: {} }),
  );
  return (
    <>
      <Button color="green" onClick={() => setOpened(true)}>
        Submit thesis
      </Button>
      <ActionModal
        {...dialog}
        title="Submit the thesis"
        confirmLabel="Submit thesis"
        confirmColor="green"
        confirmDisabled={!latest || waiting.length > 0}
      >
        <Text size="sm">
          {latest
            ? `Draft ${latest.number} (${latest.document.name}) becomes the final document and can no longer change.`
            : MSG.noDraftToSubmit}
        </Text>
        {waiting.length > 0 && (
          <Text size="sm" c="red.8">
            {MSG.notEveryoneDeclared(waiting.map((m) => m.name))}
          </Text>
        )}
      </ActionModal>
    </>
  );
}
