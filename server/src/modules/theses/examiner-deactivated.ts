import type { Db } from "../../db/client";
import { emails } from "../outbox/emails";
import { enqueueEmails } from "../outbox/outbox.service";
import { committeeIds } from "../proposals/transition.repository";
import { selectAwaitedExaminations } from "./assessment.repository";

/**
 * The committee is told when a named examiner whose assessment is not in is deactivated (DESIGN.md
 * §17), in the deactivation's transaction, so that it names another: one email to each committee
 * member but the one deactivating, listing those theses. Nothing when there are none.
 */
export async function tellExaminerDeactivated(
  tx: Db,
  ctx: { by: { id: string }; publicUrl: string },
  person: { id: string; name: string },
) {
  const awaited = await selectAwaitedExaminations(tx, person.id);
  if (!awaited.length) return;
  const to = (await committeeIds(tx)).filter((id) => id !== ctx.by.id);
  await enqueueEmails(tx, to, emails.examinerDeactivated(ctx.publicUrl, person.name, awaited));
}
