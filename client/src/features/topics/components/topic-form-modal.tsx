import { DialogButtons } from "@client/components/dialog-buttons";
import { errorMessage, isApiError } from "@client/lib/api";
import { growingText } from "@client/lib/forms";
import { notify } from "@client/lib/notify";
import { Modal, NumberInput, Select, SimpleGrid, Stack, Textarea, TextInput } from "@mantine/core";
import { PROPOSAL_TYPES, type ProposalType } from "@shared/enums";
import { LIMITS } from "@shared/limits";
import { MSG } from "@shared/messages";
import { type Topic, topicInputSchema } from "@shared/schemas/allocation";
import { useEffect, useState } from "react";
import { useCreateTopic, useEditTopic } from "../api/use-topics";

type Field = "title" | "description" | "type" | "researchCellId" | "capacity";
interface Values {
  title: string;
  description: string;
  type: ProposalType;
  researchCellId: string | null;
  capacity: number | string;
}

const blank = (cells: { id: string }[]): Values => ({
  title: "",
  description: "",
  type: "Thesis",
  researchCellId: cells.length === 1 ? cells[0].id : null,
  capacity: 1,
});

/**
 * "New topic" and "Edit topic": title, description, type, one of the supervisor's research cells
 * and the capacity in groups, checked by the shared schema here and by the server, whose refusals
 * are shown at their fields.
 */
export function TopicFormModal({
  opened,
  onClose,
  termId,
  cells,
  topic,
}: {
  opened: boolean;
  onClose: () => void;
  termId: string;
  cells: { id: string; title: string }[];
  /** The topic to edit; none to publish a new one. */
  topic?: Topic | null;
}) {
  const [values, setValues] = useState<Values>(blank(cells));
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const create = useCreateTopic();
  const edit = useEditTopic(topic?.id ?? "");
  const pending = create.isPending || edit.isPending;

  useEffect(() => {
    if (!opened) return;
    setErrors({});
    setValues(
      topic
        ? {
            title: topic.title,
            description: topic.description,
            type: topic.type,
            researchCellId: topic.researchCell.id,
            capacity: topic.capacity,
          }
        : blank(cells),
    );
  }, [opened, topic, cells]);

  const set = <K extends keyof Values>(k: K, v: Values[K]) => {
    setValues((prev) => ({ ...prev, [k]: v }));
    setErrors((prev) => ({ ...prev, [k]: undefined }));
  };

  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    if (pending) return;
    const parsed = topicInputSchema.safeParse({
      termId,
      title: values.title,
      description: values.description,
      type: values.type,
      researchCellId: values.researchCellId ?? "",
      capacity: typeof values.capacity === "number" ? values.capacity : Number.NaN,
    });
    if (!parsed.success) {
      const found: Partial<Record<Field, string>> = {};
      for (const issue of parsed.error.issues) {
        const k = String(issue.path[0]) as Field;
        found[k] ??= issue.message;
      }
      return setErrors(found);
    }
    const onError = (err: unknown) => {
      if (isApiError(err) && err.status === 400 && Object.keys(err.fields).length)
        return setErrors(err.fields as Partial<Record<Field, string>>);
      notify.error(errorMessage(err));
      if (isApiError(err) && (err.status === 409 || err.status === 404)) onClose();
    };
    const { termId: _term, ...fields } = parsed.data;
    if (topic)
      edit.mutate(fields, {
        onSuccess: ({ topic: t }) => {
          notify.success(MSG.topicSaved(t.title));
          onClose();
        },
        onError,
      });
    else
      create.mutate(parsed.data, {
        onSuccess: ({ topic: t }) => {
          notify.success(MSG.topicPublished(t.title));
          onClose();
        },
        onError,
      });
  };

  return (
    <Modal
      opened={opened}
      onClose={pending ? () => {} : onClose}
      title={topic ? "Edit topic" : "New topic"}
      size="lg"
      centered
    >
      <form onSubmit={submit} noValidate>
        <Stack>
          <TextInput
            label="Title"
            required
            maxLength={LIMITS.proposalTitleMax}
            value={values.title}
            error={errors.title}
            onChange={(e) => set("title", e.currentTarget.value)}
            data-autofocus
          />
          <Textarea
            label="Description"
            required
            {...growingText(4, 12, LIMITS.proposalAbstractMax)}
            value={values.description}
            error={errors.description}
            onChange={(e) => set("description", e.currentTarget.value)}
          />
          <SimpleGrid cols={{ base: 1, sm: 3 }}>
            <Select
              label="Type"
              required
              data={[...PROPOSAL_TYPES]}
              allowDeselect={false}
              value={values.type}
              error={errors.type}
              onChange={(v) => v && set("type", v as ProposalType)}
            />
            <Select
              label="Research cell"
              required
              placeholder="Choose one of your cells"
              data={cells.map((c) => ({ value: c.id, label: c.title }))}
              value={values.researchCellId}
              error={errors.researchCellId}
              onChange={(v) => set("researchCellId", v)}
            />
            <NumberInput
              label="Capacity (groups)"
              required
              min={1}
              max={LIMITS.capacityMax}
              allowDecimal={false}
              allowNegative={false}
              value={values.capacity}
              error={errors.capacity}
              onChange={(v) => set("capacity", v)}
            />
          </SimpleGrid>
          <DialogButtons onCancel={onClose} busy={pending} confirm={topic ? "Save topic" : "Publish topic"} />
        </Stack>
      </form>
    </Modal>
  );
}
