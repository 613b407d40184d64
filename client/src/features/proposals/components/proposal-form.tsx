import { DocumentInput } from "@client/components/document-input";
import { showFailure } from "@client/lib/forms";
import { notify } from "@client/lib/notify";
import { termQueries } from "@client/lib/queries/terms";
import {
  Button,
  Fieldset,
  Group,
  Paper,
  Select,
  SimpleGrid,
  Stack,
  Textarea,
  TextInput,
} from "@mantine/core";
import { schemaResolver, useForm } from "@mantine/form";
import { PROPOSAL_TYPES, type ProposalType } from "@shared/enums";
import { LIMITS } from "@shared/limits";
import { MSG } from "@shared/messages";
import type { FileRef } from "@shared/schemas/files";
import { createProposalSchema, type Proposal } from "@shared/schemas/proposals";
import { IconSend } from "@tabler/icons-react";
import { useQueryClient } from "@tanstack/react-query";
import { useRef, useState } from "react";
import { cellSupervisorQueries, useCellSupervisors } from "../api/use-cell-supervisors";
import { useCellOptions } from "../api/use-cells";
import { useSubmitProposal } from "../api/use-submit-proposal";
import { MemberPicker } from "./member-picker";
import { newRequestId } from "./request-id";

export interface ProposalValues {
  title: string;
  abstract: string;
  type: ProposalType;
  researchCellId: string;
  supervisorId: string;
  memberIds: string[];
}

const emptyValues: ProposalValues = {
  title: "",
  abstract: "",
  type: "Thesis",
  researchCellId: "",
  supervisorId: "",
  memberIds: [],
};

/**
 * The Submit Proposal form, empty or filled in from `initial` (a proposal to start again from).
 * An optional PDF is uploaded as soon as it is chosen and sent as `documentId`. The Supervisor select waits for a cell and lists only that cell's
 * supervisors, with their places left (a full one cannot be chosen); changing the cell clears it.
 * One requestId per filled-in form, so a double click or a retried request never makes two
 * proposals. `closed` (outside the submission window) disables every field and the button, keeping
 * what was typed; `describedBy` names the element that says why.
 */
export function ProposalForm({
  onSubmitted,
  closed = false,
  describedBy,
  initial,
}: {
  onSubmitted?: (proposal: Proposal) => void;
  initial?: Partial<ProposalValues>;
  closed?: boolean;
  describedBy?: string;
}) {
  const submit = useSubmitProposal();
  const qc = useQueryClient();
  // A second click before React re-renders must not send a second request.
  const sending = useRef(false);
  const [requestId, setRequestId] = useState(newRequestId);
  const [document, setDocument] = useState<FileRef | null>(null);
  const form = useForm<ProposalValues>({
    mode: "controlled",
    initialValues: { ...emptyValues, ...initial },
    validate: schemaResolver(createProposalSchema, { sync: true }),
  });
  const cellId = form.values.researchCellId || null;
  const cells = useCellOptions();
  const supervisors = useCellSupervisors(cellId);

  const onSubmit = form.onSubmit((values) => {
    if (sending.current || closed) return;
    sending.current = true;
    submit.mutate(
      { ...values, requestId, documentId: document?.id },
      {
        onSuccess: ({ proposal }) => {
          form.setValues(emptyValues);
          form.resetDirty();
          setDocument(null);
          setRequestId(newRequestId());
          notify.success(MSG.proposalSubmitted);
          onSubmitted?.(proposal);
        },
        onError: (e) => showFailure(form, e, (m) => notify.error(MSG.submitProposalFailed(m))),
        onSettled: () => {
          sending.current = false;
          // Places and the window may have changed (a refusal says so): show them as they are now.
          qc.invalidateQueries({ queryKey: cellSupervisorQueries.all() });
          qc.invalidateQueries({ queryKey: termQueries.all() });
        },
      },
    );
  });

  return (
    <Paper withBorder radius="md" p="lg">
      <form onSubmit={onSubmit} noValidate aria-label="Submit Proposal">
        <Fieldset
          variant="unstyled"
          disabled={closed}
          aria-describedby={closed ? describedBy : undefined}
          style={{ minWidth: 0 }}
        >
          <Stack>
            <TextInput
              label="Title"
              required
              disabled={closed}
              maxLength={LIMITS.proposalTitleMax}
              {...form.getInputProps("title")}
            />
            <Textarea
              label="Abstract"
              required
              disabled={closed}
              autosize
              minRows={5}
              maxRows={14}
              maxLength={LIMITS.proposalAbstractMax}
              description={`${form.values.abstract.length.toLocaleString("en")} / ${LIMITS.proposalAbstractMax.toLocaleString("en")} characters`}
              inputWrapperOrder={["label", "input", "description", "error"]}
              {...form.getInputProps("abstract")}
            />
            <SimpleGrid cols={{ base: 1, sm: 3 }}>
              <Select
                label="Type"
                required
                disabled={closed}
                data={[...PROPOSAL_TYPES]}
                allowDeselect={false}
                {...form.getInputProps("type")}
              />
              <Select
                label="Research Cell"
                required
                disabled={closed}
                placeholder={cells.isLoading ? "Loading research cells…" : "Choose a research cell"}
                data={cells.data ?? []}
                searchable
                nothingFoundMessage="No research cells"
                value={cellId}
                error={form.errors.researchCellId}
                onChange={(v) => {
                  form.setFieldValue("researchCellId", v ?? "");
                  form.setFieldValue("supervisorId", "");
                  form.clearFieldError("researchCellId");
                }}
              />
              <Select
                label="Supervisor"
                required
                disabled={closed || !cellId}
                placeholder={cellId ? "Choose a supervisor" : "Choose a research cell first"}
                data={supervisors.data ?? []}
                nothingFoundMessage={supervisors.isFetching ? "Loading…" : "No supervisors in this cell"}
                value={form.values.supervisorId || null}
                error={form.errors.supervisorId}
                onChange={(v) => {
                  form.setFieldValue("supervisorId", v ?? "");
                  form.clearFieldError("supervisorId");
                }}
              />
            </SimpleGrid>
            <DocumentInput value={document} onChange={setDocument} disabled={closed} />
            <MemberPicker
              value={form.values.memberIds}
              onChange={(ids) => form.setFieldValue("memberIds", ids)}
              error={form.errors.memberIds}
              disabled={closed}
            />
            <Group justify="flex-end">
              <Button
                type="submit"
                leftSection={<IconSend size={16} />}
                loading={submit.isPending}
                disabled={closed || submit.isPending}
              >
                Submit Proposal
              </Button>
            </Group>
          </Stack>
        </Fieldset>
      </form>
    </Paper>
  );
}
