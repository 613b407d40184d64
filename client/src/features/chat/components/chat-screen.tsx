import { PageHeader } from "@client/components/page-header";
import { PageLoader } from "@client/components/page-loader";
import {
  Alert,
  Badge,
  Button,
  Grid,
  Group,
  NavLink,
  Paper,
  ScrollArea,
  Select,
  Stack,
  Text,
} from "@mantine/core";
import type { ProposalSummary } from "@shared/schemas/proposals";
import { IconMessages } from "@tabler/icons-react";
import { Link, useSearchParams } from "react-router";
import { useChatGroups } from "../api/use-chat-groups";
import { ChatThread } from "./chat-thread";

const isActive = (p: ProposalSummary) => p.status !== "Denied";
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
        <Paper withBorder p="xl" ta="center">
          <IconMessages size={40} stroke={1.4} />
          <Text fw={600} mt="sm">
            No group chat yet
          </Text>
          <Text c="dimmed" size="sm" mt={4}>
            {variant === "student"
              ? "The chat opens once you submit a proposal: your group and your supervisor meet here."
              : "A chat opens for each proposal addressed to you."}
          </Text>
          {variant === "student" && (
            <Button component={Link} to="/student/proposal" mt="md">
              Submit a proposal
            </Button>
          )}
        </Paper>
      </>
    );
  }

  const threadTitle = (
    <Group justify="space-between" mb="sm" wrap="nowrap">
      <Stack gap={0}>
        <Text fw={600} style={{ overflowWrap: "anywhere" }}>
          {selected.title}
        </Text>
        <Text size="sm" c="dimmed">
          {variant === "student" ? `Supervisor: ${selected.supervisor?.name ?? "Unknown"} · ` : ""}
          Members: {memberNames(selected)}
        </Text>
      </Stack>
      <Badge
        color={selected.status === "Approved" ? "green" : selected.status === "Denied" ? "red" : "yellow"}
      >
        {selected.status}
      </Badge>
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
            <Text size="xs" fw={700} c="dimmed" tt="uppercase" px="xs" py={4}>
              Your groups
            </Text>
            <ScrollArea.Autosize mah="calc(100dvh - 260px)">
              {items.map((p) => (
                <NavLink
                  key={p.id}
                  active={p.id === selected.id}
                  label={p.title}
                  description={memberNames(p)}
                  styles={{ label: { overflowWrap: "anywhere" }, description: { overflowWrap: "anywhere" } }}
                  onClick={() => choose(p.id)}
                  rightSection={
                    p.status === "Denied" ? (
                      <Badge size="xs" color="red">
                        Denied
                      </Badge>
                    ) : null
                  }
                />
              ))}
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
