import { Group } from "@mantine/core";
import { MSG } from "@shared/messages";
import type { Thesis } from "@shared/schemas/theses";
import type { ThesisAction } from "@shared/thesis-life";
import type { ComponentProps, ComponentType } from "react";
import { ReasonAction } from "./form-action";
import { CorrectGrade, Release } from "./release-actions";
import { Declare, Submit } from "./submission-actions";
import { DecideExtension, RemoveMember, UploadDraft } from "./writing-actions";

type Offer = ComponentType<{ thesis: Thesis }>;

/**
 * The steps that ask only for a reason (with `newDueDate`, also a new due date), by the table's
 * name for them: each is its words and where it is sent (a ReasonAction).
 */
const REASON_STEPS: Partial<Record<ThesisAction, Omit<ComponentProps<typeof ReasonAction>, "thesis">>> = {
  // The committee cancels the thesis with a reason: its proposal is withdrawn with it (§16).
  cancel: {
    label: "Cancel thesis",
    title: "Cancel this thesis",
    color: "red",
    explain: "The thesis ends as Cancelled and its proposal is withdrawn. Its members are told.",
    done: MSG.thesisCancelled,
    path: "cancel",
  },
  // The committee records the thesis as failed, not submitted (§16).
  fail: {
    label: "Record as failed",
    title: "Record this thesis as failed",
    color: "red",
    explain:
      "The thesis was not submitted: it is graded with the scale's fail grade for every member. The members see the grade when it is released.",
    done: MSG.thesisFailed,
    path: "fail",
  },
  // A member asks for a later due date with a reason (any time while written).
  requestExtension: {
    label: "Request an extension",
    title: "Request an extension",
    explain:
      "Ask for a later due date. The supervisor or the committee decides; one request is open at a time.",
    done: MSG.extensionRequested,
    path: "extension",
    newDueDate: true,
  },
  // Its supervisor returns the submitted thesis for correction, with a reason and a later due date.
  return: {
    label: "Return for correction",
    title: "Return the thesis for correction",
    color: "orange",
    explain: "The thesis goes back to Writing with a new due date; the members submit it again.",
    done: MSG.thesisReturned,
    path: "return",
    newDueDate: true,
  },
  // The committee annuls a Graded or Released thesis with a reason (e.g. plagiarism, §16).
  annul: {
    label: "Annul thesis",
    title: "Annul this thesis",
    color: "red",
    explain:
      "The thesis ends as Annulled: its grades no longer stand and its defense, if any, is cancelled. Its members and examiners are told.",
    done: MSG.thesisAnnulled,
    path: "annul",
  },
};

/** The other actions this screen offers, each its own dialog; those not built yet are not offered. */
const OFFERED: Partial<Record<ThesisAction, Offer>> = {
  uploadDraft: UploadDraft,
  declare: Declare,
  submit: Submit,
  decideExtension: DecideExtension,
  removeMember: RemoveMember,
  release: Release,
  correctGrade: CorrectGrade,
};

/** What the screen offers for one action of the table, if anything. */
function Offered({ action, thesis }: { action: ThesisAction; thesis: Thesis }) {
  const step = REASON_STEPS[action];
  if (step) return <ReasonAction thesis={thesis} {...step} />;
  const Action = OFFERED[action]!;
  return <Action thesis={thesis} />;
}

/**
 * The actions of the thesis's table the server says the caller may take now (its `actions`),
 * and nothing else: the server decides, the screen only offers.
 */
export function ThesisActions({ thesis }: { thesis: Thesis }) {
  const shown = thesis.actions.filter((a) => REASON_STEPS[a] || OFFERED[a]);
  if (!shown.length) return null;
  return (
    <Group gap="sm" wrap="wrap" aria-label="Thesis actions" role="group">
      {shown.map((a) => (
        <Offered key={a} action={a} thesis={thesis} />
      ))}
    </Group>
  );
}
