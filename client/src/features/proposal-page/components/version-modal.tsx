import { ActionModal, confirming } from "@client/components/action-modal";
import { DocumentInput } from "@client/components/document-input";
import { formatInZone } from "@client/lib/dates";
import { growingText } from "@client/lib/forms";
import { formAfterRefusal } from "@client/lib/life-mutation";
import { notify } from "@client/lib/notify";
import { abstractCount, supervisorName } from "@client/lib/proposal-format";
import { Text, Textarea, TextInput } from "@mantine/core";
import { schemaResolver, useForm } from "@mantine/form";
import { LIMITS } from "@shared/limits";
import { MSG } from "@shared/messages";
import type { FileRef } from "@shared/schemas/files";
import { versionInputSchema } from "@shared/schemas/life";
import { useEffect, useState } from "react";
import { useSubmitVersion } from "../api/use-submit-version";
import type { ModalProps } from "./text-step-modal";

interface Values {
  title: string;
  abstract: string;
  note: string;
}

const FIELDS = ["title", "abstract", "note"];

/**
 * A member answers "Changes requested" with a new version: Title and Abstract start as the current
 * version's, an optional PDF is uploaded as it is chosen, and an optional note says what changed.
 * The proposal then goes back to its supervisor, Pending. Checked here with the server's schema.
 */
export function VersionModal({ proposal: p, opened, onClose, zone }: ModalProps & { zone: string }) {
  const form = useForm<Values>({
    mode: "controlled",
    initialValues: { title: p.title, abstract: p.abstract, note: "" },
    validate: schemaResolver(versionInputSchema.omit({ documentId: true }), { sync: true }),
  });
  const submit = useSubmitVersion(p.id, {
    // A refused document (gone, not one's own) has no field here: it is a notification.
    fields: FIELDS,
    onSuccess: () => {
      notify.success(MSG.versionSubmitted);
      onClose();
    },
    onRefused: (e) => formAfterRefusal(e, { fields: FIELDS, setErrors: form.setErrors, close: onClose }),
  });
  const [doc, setDoc] = useState<FileRef | null>(null);
  // A version is not sent while its document is still on its way.
  const [uploading, setUploading] = useState(false);
  // Each opening starts from the current version.
  // biome-ignore lint/correctness/useExhaustiveDependencies: only when it opens
  useEffect(() => {
    if (!opened) return;
    form.setValues({ title: p.title, abstract: p.abstract, note: "" });
    form.clearErrors();
    setDoc(null);
  }, [opened]);

  const confirm = () => {
    if (form.validate().hasErrors) return;
    submit.mutate({ ...form.getValues(), documentId: doc?.id });
  };

  const dialog = confirming({ opened, onClose }, submit, confirm);
  return (
    <ActionModal
      {...dialog}
      title="Submit a new version"
      confirmLabel="Submit version"
      confirmDisabled={uploading}
    >
      <Text size="sm">
        Version {p.version + 1} replaces the title and abstract, and the proposal goes back to{" "}
        {supervisorName(p)} for review (Pending).
        {p.term.revisionsCloseAt &&
          ` Revisions for ${p.term.name} close ${formatInZone(p.term.revisionsCloseAt, zone)}.`}
      </Text>
      <TextInput
        label="Title"
        required
        maxLength={LIMITS.proposalTitleMax}
        data-autofocus
        {...form.getInputProps("title")}
      />
      <Textarea
        label="Abstract"
        required
        autosize
        minRows={5}
        maxRows={12}
        {...abstractCount(form.values.abstract)}
        {...form.getInputProps("abstract")}
      />
      <DocumentInput
        value={doc}
        onChange={setDoc}
        disabled={submit.isPending}
        onUploadingChange={setUploading}
      />
      <Textarea
        label="Note (optional)"
        description="What changed, for your supervisor."
        {...growingText(2, 6, LIMITS.versionNoteMax)}
        {...form.getInputProps("note")}
      />
    </ActionModal>
  );
}
