import { Group } from "@mantine/core";
import { MSG } from "@shared/messages";
import type { Thesis } from "@shared/schemas/theses";
import type { ThesisAction } from "@shared/thesis-life";
import type { ComponentType } from "react";
import { ReasonAction } from "./form-action";
import { Annul, CorrectGrade, Release } from "./release-actions";
import { Declare, Return, Submit } from "./submission-actions";
import { DecideExtension, RemoveMember, UploadDraft } from "./writing-actions";

type Offer = ComponentType<{ thesis: Thesis }>;

/** The committee cancels the thesis with a reason: its proposal is withdrawn with it (§16). */
const Cancel: Offer = ({ thesis }) => (
  <ReasonAction
    thesis={thesis}
    label="Cancel thesis"
    title="Cancel this thesis"
    color="red"
    explain="The thesis ends as Cancelled and its proposal is withdrawn. Its members are told."
    done={MSG.thesisCancelled}
    path="cancel"
  />
);

/** The committee records the thesis as failed, not submitted (§16). */
const Fail: Offer = ({ thesis }) => (
  <ReasonAction
    thesis={thesis}
    label="Record as failed"
    title="Record this thesis as failed"
    color="red"
    explain="The thesis was not submitted: it is graded with the scale's fail grade for every member. The members see the grade when it is released."
    done={MSG.thesisFailed}
    path="fail"
  />
);

/** A member asks for a later due date with a reason (any time while written). */
const RequestExtension: Offer = ({ thesis }) => (
  <ReasonAction
    thesis={thesis}
    label="Request an extension"
    title="Request an extension"
    explain="Ask for a later due date. The supervisor or the committee decides; one request is open at a time."
    done={MSG.extensionRequested}
    path="extension"
    newDueDate
  />
);

/** Each action this screen offers, by the table's name for it; those not built yet are not offered. */
const OFFERED: Partial<Record<ThesisAction, Offer>> = {
  uploadDraft: UploadDraft,
  declare: Declare,
  submit: Submit,
  return: Return,
  requestExtension: RequestExtension,
  decideExtension: DecideExtension,
  removeMember: RemoveMember,
  fail: Fail,
  cancel: Cancel,
  release: Release,
  correctGrade: CorrectGrade,
  annul: Annul,
};

/**
 * The actions of the thesis's table the server says the caller may take now (its `actions`),
 * and nothing else: the server decides, the screen only offers.
 */
export function ThesisActions({ thesis }: { thesis: Thesis }) {
  const shown = thesis.actions.filter((a) => OFFERED[a]);
  if (!shown.length) return null;
  return (
    <Group gap="sm" wrap="wrap" aria-label="Thesis actions" role="group">
      {shown.map((a) => {
        const Action = OFFERED[a]!;
        return <Action key={a} thesis={thesis} />;
      })}
    </Group>
  );
}
