import { EmptyState } from "@client/components/empty-state";
import { PageHeader } from "@client/components/page-header";
import { PageLoader } from "@client/components/page-loader";
import { StatusBadge } from "@client/components/status-badge";
import { Alert, Button, Grid, Group, NavLink, Paper, ScrollArea, Select, Stack, Text } from "@mantine/core";
import { ACTIVE_STATUSES } from "@shared/enums";
import type { ProposalSummary } from "@shared/schemas/proposals";
import { IconMessages } from "@tabler/icons-react";
import { Link, useSearchParams } from "react-router";
import { useChatGroups } from "../api/use-chat-groups";
import { ChatThread } from "./chat-thread";

const isActive = (p: ProposalSummary) => ACTIVE_STATUSES.includes(p.status);
const memberNames = (p: ProposalSummary) => p.members.map((m) => m.name).join(", ");

/**
 * The group chat. Students see their group's thread (with a picker if they have older,
 * denied proposals); supervisors pick one of their groups from a list.
 */
export function ChatScreen({ variant }: { variant: "student" | "supervisor" }) {
  const groups = useChatGroups();
  const [params, setParams] = useSearchParams();

  if (groups.isPending) return <PageLoader />;
  const items = groups.data?.items ?? [];
  const selected = items.find((p) => p.id === params.get("group")) ?? items.find(isActive) ?? items[0];
  const choose = (id: string | null) => id && setParams({ group: id }, { replace: true });

  const header = (
    <PageHeader
      title="Chat"
      description={
        variant === "student"
          ? "Talk with your group and your supervisor."
          : "Talk with the groups you supervise."
      }
    />
  );
  if (groups.isError) {
    return (
      <>
        {header}
        <Alert color="red">Your groups could not be loaded. Please try again.</Alert>
      </>
    );
  }
  if (!selected) {
    return (
      <>
        {header}
        <EmptyState
          icon={IconMessages}
          title="No group chat yet"
          description={
            variant === "student"
              ? "The chat opens once you submit a proposal: your group and your supervisor meet here."
              : "A chat opens for each proposal addressed to you."
          }
          action={
            variant === "student" && (
              <Button component={Link} to="/student/proposal">
                Submit a proposal
              </Button>
            )
          }
        />
      </>
    );
  }

  const threadTitle = (
    <Group justify="space-between" mb="sm" wrap="nowrap" align="flex-start">
      <Stack gap={0} miw={0}>
        <Text fw={600} style={{ overflowWrap: "anywhere" }}>
          {selected.title}
        </Text>
        <Text size="sm" c="dimmed">
          {variant === "student" ? `Supervisor: ${selected.supervisor?.name ?? "Unknown"} · ` : ""}
          Members: {memberNames(selected)}
        </Text>
      </Stack>
      {/* Never squeezed: a long title wraps beside it rather than cutting it to "AP…". */}
      <StatusBadge status={selected.status} />
    </Group>
  );

  if (variant === "student") {
    return (
      <>
        {header}
        {items.length > 1 && (
          <Select
            label="Group"
            mb="md"
            maw={480}
            data={items.map((p) => ({ value: p.id, label: `${p.title} (${p.status})` }))}
            value={selected.id}
            onChange={choose}
            allowDeselect={false}
          />
        )}
        {threadTitle}
        <ChatThread proposalId={selected.id} key={selected.id} />
      </>
    );
  }

  return (
    <>
      {header}
      <Grid>
        <Grid.Col span={{ base: 12, md: 4 }}>
          <Paper withBorder p="xs">
            <Text size="xs" fw={700} c="dimmed" tt="uppercase" px="xs" py={4} id="chat-groups-title">
              Your groups
            </Text>
            <ScrollArea.Autosize mah="calc(100dvh - 260px)">
              {/* Each group is a button (a link without an address is skipped by Tab), and the
                  open one says so to screen readers as well as by its colour. */}
              <nav aria-labelledby="chat-groups-title">
                {items.map((p) => (
                  <NavLink
                    key={p.id}
                    component="button"
                    type="button"
                    active={p.id === selected.id}
                    aria-current={p.id === selected.id ? "true" : undefined}
                    label={p.title}
                    description={memberNames(p)}
                    styles={{
                      label: { overflowWrap: "anywhere" },
                      description: { overflowWrap: "anywhere", color: "var(--mantine-color-dimmed)" },
                    }}
                    onClick={() => choose(p.id)}
                    rightSection={p.status === "Denied" ? <StatusBadge status="Denied" size="xs" /> : null}
                  />
                ))}
              </nav>
            </ScrollArea.Autosize>
          </Paper>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 8 }}>
          {threadTitle}
          <ChatThread proposalId={selected.id} key={selected.id} />
        </Grid.Col>
      </Grid>
    </>
  );
}
