import { proposalQueries } from "@client/lib/queries/proposals";
import { Alert, Anchor, Group, List, Text } from "@mantine/core";
import { LIMITS } from "@shared/limits";
import type { SimilarProposal } from "@shared/schemas/proposals";
import { IconCopy } from "@tabler/icons-react";
import { useQuery } from "@tanstack/react-query";
import { Link } from "react-router";
import { StatusBadge } from "./status-badge";

/**
 * The proposals most like a title among those the viewer may see (DESIGN.md §19), each with its
 * status and year: a warning, never a block. Nothing is shown while there are none (or the title
 * is too short to compare); `exclude` is the proposal under review. `linkTo` opens one, where the
 * viewer has a page for it.
 */
export function SimilarProposals({
  title,
  exclude,
  linkTo,
  emptyText,
}: {
  title: string;
  exclude?: string;
  linkTo?: (p: SimilarProposal) => string;
  /** Said when nothing is alike (the review says so; the form says nothing). */
  emptyText?: string;
}) {
  const text = title.trim();
  const query = useQuery({
    ...proposalQueries.similar(text, exclude),
    enabled: text.length >= LIMITS.similarTitleMin,
  });
  const items = query.data ?? [];
  if (!items.length)
    return emptyText && query.isSuccess ? (
      <Text size="sm" c="dimmed">
        {emptyText}
      </Text>
    ) : null;
  return (
    <Alert
      color="yellow"
      variant="light"
      icon={<IconCopy size={18} />}
      title={items.length === 1 ? "A similar proposal" : "Similar proposals"}
      role="region"
    >
      <Text size="sm" mb="xs">
        Titles like this one, most similar first: check that it is not the same work.
      </Text>
      <List spacing={6} listStyleType="none" ml={0} pl={0}>
        {items.map((p) => (
          <List.Item key={p.id}>
            <Group gap="xs" wrap="wrap">
              <Text size="sm" fw={500} style={{ overflowWrap: "anywhere" }}>
                {linkTo ? (
                  <Anchor component={Link} to={linkTo(p)} inherit>
                    {p.title}
                  </Anchor>
                ) : (
                  p.title
                )}
              </Text>
              <StatusBadge status={p.status} size="sm" />
              <Text size="xs" c="dimmed">
                {p.year} · {Math.round(p.similarity * 100)}% alike
              </Text>
            </Group>
          </List.Item>
        ))}
      </List>
    </Alert>
  );
}
