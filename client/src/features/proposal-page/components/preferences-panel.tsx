import { SaveChanges } from "@client/components/save-changes";
import { Section } from "@client/components/section";
import { type TopicChoice, TopicRanker } from "@client/components/topic-ranker";
import { isApiError } from "@client/lib/api";
import { useUser } from "@client/lib/auth";
import { formatInZone } from "@client/lib/dates";
import { notify } from "@client/lib/notify";
import { Alert, Button, Loader, Stack, Text } from "@mantine/core";
import { MSG } from "@shared/messages";
import { partiesOf } from "@shared/proposal-life";
import type { PreferenceList } from "@shared/schemas/allocation";
import type { Proposal } from "@shared/schemas/proposals";
import { useState } from "react";
import { useGroupPreferences, useSavePreferences } from "../api/use-preferences";

const OPEN_STATUSES: Proposal["status"][] = ["Awaiting members", "Awaiting allocation"];

const choices = (list: PreferenceList): TopicChoice[] =>
  list.items.map((t) => ({
    id: t.topicId,
    title: t.title,
    supervisor: t.supervisor.name,
    cell: t.researchCell.title,
  }));

/**
 * "Ranked topics" of a group in an allocation term (DESIGN.md §11): everyone who sees the proposal
 * sees its list; its members change it, by drag and drop, until the allocation is published (then
 * it is frozen, and the panel says so). The server's refusal of a list is shown at it.
 */
export function PreferencesPanel({ proposal: p, zone }: { proposal: Proposal; zone: string }) {
  const user = useUser();
  const allocation = p.term.mode === "allocation";
  const list = useGroupPreferences(p.id, allocation);
  const parties = partiesOf(user, p);
  const member = parties.includes("creator") || parties.includes("member");
  const editable = member && OPEN_STATUSES.includes(p.status) && list.data?.publishedAt === null;
  const [draft, setDraft] = useState<TopicChoice[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const save = useSavePreferences(p.id, {
    fields: ["topicIds"],
    onSuccess: () => {
      notify.success(MSG.preferencesSaved);
      setDraft(null);
    },
  });

  if (!allocation) return null;
  if (list.isPending)
    return (
      <Section title="Ranked topics">
        <Loader size="sm" role="status" aria-label="Loading ranked topics" />
      </Section>
    );
  if (list.isError)
    return (
      <Section title="Ranked topics">
        <Alert color="red" title="The group's ranked topics could not be loaded.">
          <Button variant="default" size="xs" onClick={() => list.refetch()}>
            Try again
          </Button>
        </Alert>
      </Section>
    );

  const saved = choices(list.data);
  const shown = draft ?? saved;
  const changed = draft !== null && draft.map((t) => t.id).join() !== saved.map((t) => t.id).join();
  const submit = () => {
    if (!shown.length) return setError(MSG.rankAtLeastOne);
    if (shown.length > list.data.maxPreferences)
      return setError(MSG.tooManyPreferences(list.data.maxPreferences));
    save.mutate(
      shown.map((t) => t.id),
      {
        onError: (e) => {
          if (isApiError(e) && e.status === 400)
            setError(e.fields.topicIds ?? e.fields.preferences ?? e.message);
          else setDraft(null);
        },
      },
    );
  };

  return (
    <Section
      title="Ranked topics"
      aside={
        <Text size="sm" c="dimmed">
          {saved.length} of at most {list.data.maxPreferences}
        </Text>
      }
    >
      {list.data.publishedAt && (
        <Text size="sm">
          {MSG.allocationFrozen(p.term.name)} (Published {formatInZone(list.data.publishedAt, zone)}.)
        </Text>
      )}
      {editable ? (
        <Stack gap="sm">
          <TopicRanker
            legend="Your group's ranked topics"
            legendHidden
            value={shown}
            onChange={(next) => {
              setDraft(next);
              setError(null);
            }}
            max={list.data.maxPreferences}
            termId={p.term.id}
            error={error}
          />
          <SaveChanges
            label="Save preferences"
            changed={changed}
            saving={save.isPending}
            onSave={submit}
            onUndo={() => setDraft(null)}
          />
        </Stack>
      ) : saved.length ? (
        <TopicRanker
          legend="The group's ranked topics"
          legendHidden
          value={saved}
          onChange={() => {}}
          max={list.data.maxPreferences}
          disabled
        />
      ) : (
        <Text size="sm">No topics ranked.</Text>
      )}
    </Section>
  );
}
