import { Fact } from "@client/components/fact";
import { Section } from "@client/components/section";
import { isApiError } from "@client/lib/api";
import { useUser } from "@client/lib/auth";
import { DateText, useTimeZone } from "@client/lib/dates";
import { notify } from "@client/lib/notify";
import { Button, Group, Select, SimpleGrid, Skeleton, Stack, Switch, Text, TextInput } from "@mantine/core";
import { VISIBILITIES } from "@shared/enums";
import { MSG } from "@shared/messages";
import type { ThesisResult } from "@shared/schemas/release";
import type { Thesis } from "@shared/schemas/theses";
import { utcToWall, wallToUtc } from "@shared/time";
import { useState } from "react";
import { useThesisAction, useThesisResult } from "../api/use-theses";

/**
 * A visibility and an embargo date, sent as the supervisor's proposal (PUT …/visibility-proposal)
 * or, once released, as the committee's change (PATCH …/visibility), DESIGN.md §19.
 */
function VisibilityForm({ thesis, r, committee }: { thesis: Thesis; r: ThesisResult; committee: boolean }) {
  const zone = useTimeZone();
  const [visibility, setVisibility] = useState<string | null>(
    (committee ? r.visibility : r.proposedVisibility) ?? "Internal",
  );
  const [embargo, setEmbargo] = useState(r.embargoUntil ? utcToWall(r.embargoUntil, zone).slice(0, 10) : "");
  const [errors, setErrors] = useState<Record<string, string>>({});
  const fields = ["visibility", "embargoUntil"];
  const action = useThesisAction(thesis.id, {
    fields,
    onSuccess: () => notify.success(committee ? MSG.visibilityChanged : MSG.visibilityProposed),
  });
  const save = () => {
    const embargoUntil = embargo ? wallToUtc(`${embargo}T00:00`, zone) : null;
    setErrors({});
    action.mutate(
      committee
        ? { method: "PATCH", path: "visibility", body: { visibility, embargoUntil } }
        : { method: "PUT", path: "visibility-proposal", body: { visibility, embargoUntil } },
      { onError: (e) => isApiError(e) && setErrors(e.fields) },
    );
  };
  return (
    <Stack
      gap="xs"
      component="form"
      aria-label={committee ? "Change the visibility" : "Propose the visibility"}
    >
      <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
        <Select
          label={committee ? "Visibility" : "Proposed visibility"}
          data={[...VISIBILITIES]}
          value={visibility}
          onChange={setVisibility}
          allowDeselect={false}
          error={errors.visibility}
        />
        <TextInput
          type="date"
          label="Embargo until"
          description="Before this date the thesis acts as Private."
          value={embargo}
          onChange={(e) => setEmbargo(e.currentTarget.value)}
          error={errors.embargoUntil}
        />
      </SimpleGrid>
      <Group>
        <Button variant="light" onClick={save} loading={action.isPending}>
          {committee ? "Change visibility" : "Save proposal"}
        </Button>
      </Group>
    </Stack>
  );
}

/** A member's own answer to publishing as Public (§19), a switch sent at once. */
function ConsentSwitch({ thesis, r }: { thesis: Thesis; r: ThesisResult }) {
  const user = useUser();
  const mine = r.consents.find((c) => c.member.id === user.id)?.public ?? false;
  const action = useThesisAction(thesis.id, { onSuccess: () => notify.success(MSG.consentSaved) });
  return (
    <Switch
      label="I agree to publish this thesis as Public"
      description="Public needs every member's consent; otherwise it is released as Internal at most."
      checked={mine}
      disabled={action.isPending}
      onChange={(e) =>
        action.mutate({
          method: "PUT",
          path: "publication-consent",
          body: { public: e.currentTarget.checked },
        })
      }
    />
  );
}

const consentWords = (p: boolean | null) => (p === null ? "Not answered" : p ? "Agrees" : "Does not agree");

/**
 * The release of a thesis and its visibility (DESIGN.md §17, §19): once released, the date, the
 * grades the caller may read (a member only their own) and both examiners' comments for the
 * students; the visibility proposal, each member's consent, and the forms allowed now.
 */
export function ReleaseSection({ thesis }: { thesis: Thesis }) {
  const result = useThesisResult(thesis.id);
  const user = useUser();
  if (thesis.state === "Cancelled") return null;
  if (result.isPending) return <Skeleton h={120} aria-label="Loading the release" />;
  if (result.isError) return <Text c="red">{MSG.fetchResultFailed}</Text>;
  const r = result.data;
  const isMember = thesis.members.some((m) => m.id === user.id);
  return (
    <Section title="Release and visibility">
      <Stack gap="md">
        {r.releasedAt && (
          <Stack gap="xs" aria-label="Result">
            <Text size="sm">
              Released <DateText iso={r.releasedAt} withTime />
            </Text>
            <SimpleGrid component="dl" cols={{ base: 1, xs: 2 }} spacing="sm" m={0}>
              {(r.grades ?? []).map((g) => (
                <Fact key={g.member.id} label={isMember ? "Your grade" : `Grade of ${g.member.name}`}>
                  {g.grade}
                </Fact>
              ))}
            </SimpleGrid>
            {/* The comments are facts too: in a list of them, as a term and its description must be. */}
            <Stack component="dl" gap="xs" m={0}>
              {(r.comments ?? []).map((c) => (
                <Fact key={c.examiner} label={`Comment of ${c.examiner}`}>
                  <Text size="sm" style={{ whiteSpace: "pre-wrap" }}>
                    {c.text || MSG.notAvailable}
                  </Text>
                </Fact>
              ))}
            </Stack>
          </Stack>
        )}
        <SimpleGrid component="dl" cols={{ base: 1, xs: 2 }} spacing="sm" m={0}>
          <Fact label="Proposed visibility">{r.proposedVisibility ?? "None (Internal)"}</Fact>
          <Fact label={r.visibility ? "Visibility" : "Would be released as"}>
            {r.visibility ?? r.effectiveVisibility}
          </Fact>
          <Fact label="Embargo until">{r.embargoUntil ? <DateText iso={r.embargoUntil} /> : "None"}</Fact>
          {r.consents.map((c) => (
            <Fact key={c.member.id} label={`Public: ${c.member.name}`}>
              {consentWords(c.public)}
            </Fact>
          ))}
        </SimpleGrid>
        {r.proposedVisibility === "Public" && r.effectiveVisibility !== "Public" && !r.visibility && (
          <Text size="sm" c="dimmed">
            {MSG.publicNeedsConsent}
          </Text>
        )}
        {thesis.actions.includes("consentPublication") && <ConsentSwitch thesis={thesis} r={r} />}
        {thesis.actions.includes("proposeVisibility") && (
          <VisibilityForm thesis={thesis} r={r} committee={false} />
        )}
        {thesis.actions.includes("changeVisibility") && <VisibilityForm thesis={thesis} r={r} committee />}
      </Stack>
    </Section>
  );
}
