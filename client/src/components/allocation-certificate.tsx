import { formatInZone } from "@client/lib/dates";
import { allocationQueries } from "@client/lib/queries/allocation";
import { ordinal } from "@client/lib/words";
import { Code, Paper, SimpleGrid, Stack, Text, Title } from "@mantine/core";
import { useQuery } from "@tanstack/react-query";

const plural = (n: number, one: string) => `${n.toLocaleString("en")} ${one}${n === 1 ? "" : "s"}`;

/**
 * A published allocation's certificate (DESIGN.md §20), for everyone the server shows it to: how it
 * was made (the algorithm, the seed, the inputs' digest), what it gave, and how anyone may check
 * it again. Shows nothing while it loads or when there is none (a term published before
 * certificates were kept).
 */
export function CertificateCard({ termId, zone }: { termId: string; zone: string }) {
  const { data: c } = useQuery(allocationQueries.certificate(termId));
  if (!c) return null;
  // Matched groups are those not unmatched: a group moved by hand off its list has no rank.
  const matched = c.groups - c.unmatched;
  const offList = matched - c.byRank.reduce((a, b) => a + b, 0);
  const choices = [
    ...c.byRank.map((n, i) => `${n.toLocaleString("en")} to their ${ordinal(i + 1)} choice`),
    ...(offList > 0 ? [`${offList.toLocaleString("en")} off their list`] : []),
  ];
  return (
    <Paper withBorder p="md" radius="md" component="section" aria-labelledby="certificate-title">
      <Stack gap="xs">
        <Title order={3} size="h4" id="certificate-title">
          The allocation's certificate
        </Title>
        <Text size="sm">
          Published {formatInZone(c.publishedAt, zone)}
          {c.publishedBy ? ` by ${c.publishedBy}` : ""}: {plural(c.groups, "group")} over{" "}
          {plural(c.topics, "topic")} of {plural(c.supervisors, "supervisor")}; {matched.toLocaleString("en")}{" "}
          matched{choices.length ? ` (${choices.join(", ")})` : ""}, {c.unmatched.toLocaleString("en")}{" "}
          unmatched; {plural(c.handMoves, "move")} by hand; {plural(c.blockingPairs, "blocking pair")}.
        </Text>
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="xs">
          <Text size="sm">
            Method: <span>{c.algorithm}</span>
          </Text>
          <Text size="sm">
            Seed of the lot: <Code>{c.seed}</Code>
          </Text>
        </SimpleGrid>
        <Text size="sm" style={{ overflowWrap: "anywhere" }}>
          SHA-256 of the inputs (topics, places, every group's list, the rankings):{" "}
          <Code>{c.inputsDigest}</Code>
        </Text>
        <Text size="xs" c="dimmed">
          The department can recompute it from the stored inputs with{" "}
          <Code>npm run cli -- verify-allocation --term "{c.termName}"</Code>, which says whether the
          published result matches.
        </Text>
      </Stack>
    </Paper>
  );
}
