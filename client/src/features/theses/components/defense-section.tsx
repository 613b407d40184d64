import { ActionModal, confirming } from "@client/components/action-modal";
import { DownloadButton } from "@client/components/download-button";
import { Fact } from "@client/components/fact";
import { QueryError } from "@client/components/load-error";
import { Section } from "@client/components/section";
import { errorMessage } from "@client/lib/api";
import { useUser } from "@client/lib/auth";
import { useTimeZone } from "@client/lib/dates";
import { notify } from "@client/lib/notify";
import { Anchor, Badge, Button, Group, SimpleGrid, Stack, Text } from "@mantine/core";
import type { ThesisState } from "@shared/enums";
import { MSG } from "@shared/messages";
import type { Defense } from "@shared/schemas/defenses";
import type { Thesis } from "@shared/schemas/theses";
import { dayTimeInZone, utcToWall } from "@shared/time";
import { IconCalendarPlus } from "@tabler/icons-react";
import { useState } from "react";
import { useCancelDefense, useDefense } from "../api/use-defense";
import { FindTime } from "./defense-find-time";
import { DefenseForm } from "./defense-form";
import { RecordMinutes } from "./defense-minutes";

/** The states in which a thesis may have a defense to show (§18); it is scheduled only before release. */
const SHOWN: readonly ThesisState[] = ["Submitted", "Disputed", "Graded", "Released"];
const SCHEDULED_IN: readonly ThesisState[] = ["Submitted", "Disputed", "Graded"];

/** "12 January 2027, 09:00–09:45 (Europe/Berlin)". */
const when = (d: Defense, zone: string) =>
  `${dayTimeInZone(d.startsAt, zone)}–${utcToWall(d.endsAt, zone).slice(11)} (${zone})`;

/**
 * The thesis's defense (DESIGN.md §18) for everyone who may see the thesis: when, where, its people,
 * public or closed, and its minutes for those who may read them; the committee and the supervisor
 * schedule, move and cancel it, the chair and the supervisor record the minutes.
 */
export function DefenseSection({ thesis }: { thesis: Thesis }) {
  const user = useUser();
  const zone = useTimeZone();
  const shown = SHOWN.includes(thesis.state);
  const query = useDefense(thesis.id, shown);
  const [form, setForm] = useState(false);
  if (!shown) return null;
  const mayManage =
    SCHEDULED_IN.includes(thesis.state) && (user.role === "committee" || thesis.supervisor?.id === user.id);

  let body: React.ReactNode;
  if (query.isPending) body = <Text size="sm">Loading the defense…</Text>;
  else if (query.isError) body = <QueryError title={MSG.fetchDefenseFailed} query={query} />;
  else if (!query.data) body = <Text size="sm">No defense is scheduled yet.</Text>;
  else body = <DefenseFacts defense={query.data} zone={zone} />;

  const d = query.data ?? undefined;
  return (
    <Section title="Defense" aside={d && <Badge variant="light">{d.public ? "Public" : "Closed"}</Badge>}>
      {body}
      {(mayManage || d) && (
        <Group gap="xs">
          {d && (
            <DownloadButton
              href={`/api/theses/${thesis.id}/defense.ics`}
              label="Add to calendar"
              icon={<IconCalendarPlus size={16} />}
            />
          )}
          {mayManage && !d && !query.isPending && (
            <Button variant="light" onClick={() => setForm(true)}>
              Schedule defense
            </Button>
          )}
          {mayManage && d && (
            <>
              <Button variant="light" onClick={() => setForm(true)}>
                Move defense
              </Button>
              <CancelDefense defense={d} />
            </>
          )}
          {d?.mayRecord && <RecordMinutes defense={d} />}
          {mayManage && !query.isPending && <FindTime thesisId={thesis.id} defense={d} />}
        </Group>
      )}
      {form && <DefenseForm thesisId={thesis.id} defense={d} opened={form} onClose={() => setForm(false)} />}
    </Section>
  );
}

function DefenseFacts({ defense: d, zone }: { defense: Defense; zone: string }) {
  return (
    <Stack gap="sm">
      <SimpleGrid component="dl" cols={{ base: 1, xs: 2 }} spacing="sm" m={0}>
        <Fact label="When">{when(d, zone)}</Fact>
        <Fact label="Where">
          {d.room ? (
            d.room.name
          ) : (
            <Anchor href={d.onlineUrl ?? undefined} target="_blank" rel="noopener noreferrer">
              Online: {d.onlineUrl}
            </Anchor>
          )}
        </Fact>
        <Fact label="Chair">{d.chair?.name || "None"}</Fact>
        <Fact label="People">{d.people.map((p) => p.name).join(", ")}</Fact>
      </SimpleGrid>
      {d.record !== null && (
        <Stack component="dl" gap={0} m={0}>
          <Fact label="Minutes">
            <span style={{ whiteSpace: "pre-wrap" }}>{d.record || "Not recorded yet."}</span>
          </Fact>
        </Stack>
      )}
    </Stack>
  );
}

function CancelDefense({ defense }: { defense: Defense }) {
  const [opened, setOpened] = useState(false);
  // Said by the hook, not by mutate(): this button is gone as soon as the page hears of the cancel
  // (its own refetch, or a live event that can come before the answer), and mutate()'s callbacks
  // with it.
  const cancel = useCancelDefense({
    onSuccess: () => {
      notify.success(MSG.defenseCancelled);
      setOpened(false);
    },
    onError: (e) => {
      notify.error(`${MSG.saveDefenseFailed} ${errorMessage(e)}`);
      setOpened(false);
    },
  });
  const dialog = confirming({ opened, onClose: () => setOpened(false) }, cancel, () =>
    cancel.mutate(defense.id),
  );
  return (
    <>
      <Button variant="light" color="red" onClick={() => setOpened(true)}>
        Cancel defense
      </Button>
      <ActionModal {...dialog} title="Cancel the defense?" confirmLabel="Cancel defense" confirmColor="red">
        <Text size="sm">Its room and its people are free again at that time. It can be scheduled anew.</Text>
      </ActionModal>
    </>
  );
}
