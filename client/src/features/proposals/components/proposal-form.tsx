import { SimilarProposals } from "@client/components/similar-proposals";
import { abstractCount } from "@client/lib/proposal-format";
import { Box, Select, SimpleGrid, Textarea, TextInput } from "@mantine/core";
import { schemaResolver } from "@mantine/form";
import { useDebouncedValue } from "@mantine/hooks";
import { PROPOSAL_TYPES, type ProposalType } from "@shared/enums";
import { LIMITS } from "@shared/limits";
import { createProposalSchema } from "@shared/schemas/proposals";
import { useCellSupervisors } from "../api/use-cell-supervisors";
import { useCellOptions } from "../api/use-cells";
import { MemberPicker } from "./member-picker";
import { SubmissionForm, type SubmissionProps, useSubmissionForm } from "./submission-form";
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
 * The Submit Proposal form of a direct term, empty or filled in from `initial` (a proposal to
 * start again from), on the one submission model (useSubmissionForm: the PDF, the requestId, the
 * refusals). The Supervisor select waits for a cell and lists only that cell's supervisors, with
 * their places left (a full one cannot be chosen); changing the cell clears it. Under the title,
 * the student's own proposals with a similar title, as they type.
 */
export function ProposalForm({ initial, ...props }: SubmissionProps & { initial?: Partial<ProposalValues> }) {
  const model = useSubmissionForm<ProposalValues>({
    ...props,
    empty: emptyValues,
    initial,
    validate: schemaResolver(createProposalSchema, { sync: true }),
    toInput: (values) => values,
  });
  const { form } = model;
  const closed = props.closed ?? false;
  const cellId = form.values.researchCellId || null;
  const cells = useCellOptions();
  const supervisors = useCellSupervisors(cellId);
  // Similar proposals follow the title once typing pauses (DESIGN.md §19): a warning, never a block.
  const [typedTitle] = useDebouncedValue(form.values.title, 400);

  return (
    <SubmissionForm
      model={model}
      closed={closed}
      describedBy={props.describedBy}
      after={
        <MemberPicker
          mode="direct"
          value={form.values.memberIds}
          onChange={(ids) => form.setFieldValue("memberIds", ids)}
          error={form.errors.memberIds}
          disabled={closed}
        />
      }
    >
      <TextInput
        label="Title"
        required
        disabled={closed}
        maxLength={LIMITS.proposalTitleMax}
        {...form.getInputProps("title")}
      />
      <Box aria-live="polite">
        <SimilarProposals title={typedTitle} linkTo={(p) => `/student/proposals/${p.id}`} />
      </Box>
      <Textarea
        label="Abstract"
        required
        disabled={closed}
        autosize
        minRows={5}
        maxRows={14}
        {...abstractCount(form.values.abstract)}
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
    </SubmissionForm>
  );
}
