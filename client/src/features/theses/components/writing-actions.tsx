import { ActionModal, confirming } from "@client/components/action-modal";
import { DocumentInput } from "@client/components/document-input";
import { notify } from "@client/lib/notify";
import { Button, Select, Text } from "@mantine/core";
import { MSG } from "@shared/messages";
import type { FileRef } from "@shared/schemas/files";
import type { Thesis } from "@shared/schemas/theses";
import { useState } from "react";
import { useThesisAction, useThesisWriting } from "../api/use-theses";
import { FormAction, REASON } from "./form-action";

/** A member uploads a draft: a PDF sent at once (POST /api/files), then kept as the thesis's next version. */
export function UploadDraft({ thesis }: { thesis: Thesis }) {
  const [opened, setOpened] = useState(false);
  const [doc, setDoc] = useState<FileRef | null>(null);
  const [uploading, setUploading] = useState(false);
  const close = () => {
    setOpened(false);
    setDoc(null);
  };
  const action = useThesisAction(thesis.id, {
    onSuccess: () => {
      notify.success("Draft uploaded.");
      close();
    },
  });
  const dialog = confirming(
    { opened, onClose: close },
    action,
    () => doc && action.mutate({ path: "drafts", body: { documentId: doc.id } }),
  );
  return (
    <>
      <Button onClick={() => setOpened(true)}>Upload a draft</Button>
      <ActionModal
        {...dialog}
        title="Upload a draft"
        confirmLabel="Upload draft"
        confirmDisabled={!doc || uploading}
      >
        <Text size="sm">
          Every draft is kept. At submission, the latest draft becomes the final document.
        </Text>
        <DocumentInput
          value={doc}
          onChange={setDoc}
          label="Draft (PDF)"
          onUploadingChange={setUploading}
          purpose="thesis"
        />
      </ActionModal>
    </>
  );
}

/** The supervisor or the committee approves or refuses the open extension request (the committee also one the supervisor decided). */
export function DecideExtension({ thesis }: { thesis: Thesis }) {
  const writing = useThesisWriting(thesis.id);
  const x = writing.data?.extension;
  const open = x?.state === "open";
  const overridable = x?.decidedAs === "supervisor" && thesis.actions.includes("decideExtension");
  if (!x || !(open || overridable)) return null;
  const common = { thesis, text: { field: "note", label: "Note (optional)", required: false } as const };
  return (
    <>
      <FormAction
        {...common}
        label="Approve extension"
        title="Approve the extension"
        color="green"
        explain={`${x.requestedBy.name} asked for a later due date: "${x.reason}". Approving moves the due date (change it below if need be).`}
        done={MSG.extensionApproved}
        dueAt={{ label: "New due date", required: false, initial: x.dueAt }}
        request={({ text, dueAt }) => ({
          path: "extension/decision",
          body: { approve: true, dueAt, note: text },
        })}
      />
      <FormAction
        {...common}
        label="Refuse extension"
        title="Refuse the extension"
        color="red"
        explain={`${x.requestedBy.name} asked for a later due date: "${x.reason}". Refusing keeps the due date${x.state === "approved" ? " it had before" : ""}.`}
        done={MSG.extensionRefused}
        request={({ text }) => ({ path: "extension/decision", body: { approve: false, note: text } })}
      />
    </>
  );
}

/** The committee removes a member with a reason; never the last one (the server says so). */
export function RemoveMember({ thesis }: { thesis: Thesis }) {
  const [who, setWho] = useState<string | null>(null);
  if (thesis.members.length < 2) return null;
  return (
    <FormAction
      thesis={thesis}
      label="Remove a member"
      title="Remove a member"
      color="red"
      explain="The member leaves the thesis and their place is freed. They and the others are told."
      done={MSG.memberRemoved}
      text={REASON}
      request={({ text }) => ({ method: "DELETE", path: `members/${who ?? ""}`, body: { reason: text } })}
    >
      <Select
        label="Member"
        required
        data={thesis.members.map((m) => ({ value: m.id, label: m.name }))}
        value={who}
        onChange={setWho}
        comboboxProps={{ withinPortal: true }}
      />
    </FormAction>
  );
}
