import { isApiError } from "@client/lib/api";
import { applyServerErrors, growingText } from "@client/lib/forms";
import { notify } from "@client/lib/notify";
import { Alert, Button, Group, Paper, Select, Stack, Text, Textarea, TextInput } from "@mantine/core";
import { schemaResolver, useForm } from "@mantine/form";
import { PROPOSAL_STATUSES } from "@shared/enums";
import { LIMITS } from "@shared/limits";
import { MSG } from "@shared/messages";
import { type SendNoticeInput, sendNoticeSchema } from "@shared/schemas/notices";
import type { ProposalGroup } from "@shared/schemas/proposals";
import { IconAlertCircle, IconSend } from "@tabler/icons-react";
import { useState } from "react";
import { useNoticeGroups } from "../api/use-notice-groups";
import { useSendNotice } from "../api/use-send-notice";

const memberNames = (p: ProposalGroup) =>
  p.members.length ? p.members.map((m) => m.name || MSG.unknown).join(", ") : MSG.unknown;

/** Select data: the supervisor's groups by status, each shown by title and members. */
function groupOptions(items: ProposalGroup[]) {
  return PROPOSAL_STATUSES.map((status) => ({
    group: status,
    items: items
      .filter((p) => p.status === status)
      .map((p) => ({ value: p.id, label: `${p.title} — ${memberNames(p)}` })),
  })).filter((g) => g.items.length);
}

/** Group, Title, Description, "Send Notice": the notice goes to the group's members as they are now. */
export function NoticeForm() {
  const groups = useNoticeGroups();
  const send = useSendNotice();
  // "Please fill all fields." is one message about the form: said once, on the form (announced as
  // an alert), while the empty fields are only marked invalid rather than each repeating it.
  const [missing, setMissing] = useState(false);
  const form = useForm<SendNoticeInput>({
    mode: "uncontrolled",
    initialValues: { proposalId: "", title: "", description: "" },
    validate: schemaResolver(sendNoticeSchema, { sync: true }),
    onValuesChange: () => setMissing(false),
  });
  const fieldProps = (field: keyof SendNoticeInput) => {
    const props = form.getInputProps(field);
    if (props.error !== MSG.fillAllFields) return props;
    return { ...props, error: true };
  };

  const onSubmit = form.onSubmit(
    (values) => {
      setMissing(false);
      send.mutate(values, {
        onSuccess: () => {
          notify.success(MSG.noticeSent);
          form.reset();
        },
        onError: (e) => {
          if (isApiError(e) && e.status === 404) {
            notify.error(MSG.proposalNotFound);
            form.setFieldError("proposalId", MSG.proposalNotFound);
            void groups.refetch();
            return;
          }
          const { message } = applyServerErrors(form, e);
          notify.error(MSG.sendNoticeFailed(message));
        },
      });
    },
    // Nothing is sent while a field is empty: the specification's message says so, once.
    (errors) => {
      const messages = Object.values(errors);
      if (messages.includes(MSG.fillAllFields)) setMissing(true);
      else notify.error(String(messages[0]));
    },
  );

  const items = groups.data?.items ?? [];
  const byId = new Map(items.map((p) => [p.id, p]));
  return (
    <Paper withBorder p="lg">
      <form onSubmit={onSubmit} noValidate aria-label="Send a notice">
        <Stack>
          {groups.isError && (
            <Alert color="red" icon={<IconAlertCircle size={18} />}>
              {MSG.fetchProposalsFailed}
            </Alert>
          )}
          <Select
            label="Group"
            placeholder={
              groups.isPending
                ? "Loading your groups…"
                : items.length
                  ? "Choose one of your groups"
                  : "No groups yet"
            }
            description="The notice goes to the group's members as they are when you send it."
            data={groupOptions(items)}
            searchable
            nothingFoundMessage="No group matches"
            disabled={groups.isPending || (!groups.isError && !items.length)}
            required
            maxDropdownHeight={320}
            renderOption={({ option }) => {
              const p = byId.get(option.value);
              return (
                <Stack gap={0}>
                  <Text size="sm" fw={500}>
                    {p?.title ?? option.label}
                  </Text>
                  {p && (
                    <Text size="xs" c="dimmed">
                      {memberNames(p)}
                    </Text>
                  )}
                </Stack>
              );
            }}
            {...fieldProps("proposalId")}
            key={form.key("proposalId")}
          />
          <TextInput
            label="Title"
            required
            maxLength={LIMITS.noticeTitleMax}
            {...fieldProps("title")}
            key={form.key("title")}
          />
          <Textarea
            label="Description"
            required
            {...growingText(4, 12, LIMITS.noticeDescriptionMax)}
            {...fieldProps("description")}
            key={form.key("description")}
          />
          {missing && (
            <Alert color="red" icon={<IconAlertCircle size={18} />} role="alert">
              {MSG.fillAllFields}
            </Alert>
          )}
          <Group justify="flex-end">
            <Button type="submit" leftSection={<IconSend size={16} />} loading={send.isPending}>
              Send Notice
            </Button>
          </Group>
        </Stack>
      </form>
    </Paper>
  );
}
