import type { Email } from "./outbox.service";

/** Short, plain emails with one link to the page that matters. */
const sign = "\n\n— ThesisDesk\nYou can turn these emails off in your Profile.";
/** Password links go out whatever the email setting, so they do not offer to turn it off. */
const signAccount = "\n\n— ThesisDesk";

/** A role as the account emails name it. */
export const ROLE_WORDS = {
  student: "student",
  supervisor: "supervisor (teacher)",
  committee: "committee",
} as const;

/** The page where a password link is used (client route /reset-password). */
export const passwordLinkUrl = (publicUrl: string, token: string, kind: "reset" | "set") =>
  `${publicUrl}/reset-password?token=${encodeURIComponent(token)}${kind === "set" ? "&welcome=1" : ""}`;

/**
 * An address shown to someone who may not own the account (the old address may be the mistyped
 * one that reached a stranger): its first character and its domain, enough for the owner to
 * recognise it and too little to hand it to anyone else.
 */
export const maskEmail = (email: string) => {
  const at = email.lastIndexOf("@");
  return `${email.slice(0, 1)}•••${email.slice(at)}`;
};

/** Something happened to a record (a proposal, a thesis): its subject line, what, an optional note, its page. */
const changed =
  (kind: "proposal.changed" | "thesis.changed") =>
  (p: { title: string; subject: string; what: string; note?: string | null; link: string }) =>
  (u: { name: string }): Email => ({
    kind,
    subject: `${p.subject}: ${p.title}`,
    body: `Hello ${u.name},\n\n${p.what}${p.note ? `\n\n"${p.note}"` : ""}\n\nOpen it: ${p.link}${sign}`,
  });

/** A daily list of what is overdue, a line each, and the page that shows them. */
const overdueList =
  <T extends { title: string }>(
    overdue: T[],
    e: { kind: string; one: string; many: string; intro: string; line: (t: T) => string; link: string },
  ) =>
  (u: { name: string }): Email => ({
    kind: e.kind,
    subject: overdue.length === 1 ? `${e.one}: ${overdue[0].title}` : `${overdue.length} ${e.many}`,
    body: `Hello ${u.name},\n\n${e.intro}\n\n${overdue.map(e.line).join("\n")}\n\nSee them: ${e.link}${sign}`,
  });

export const emails = {
  passwordReset:
    (url: string) =>
    (u: { name: string }): Email => ({
      kind: "account.password-reset",
      subject: "Reset your ThesisDesk password",
      body: `Hello ${u.name},\n\nSomeone, hopefully you, asked to reset the password of your ThesisDesk account. Choose a new password here (the link works once, for one hour):\n\n${url}\n\nIf you did not ask for this, you can ignore this email: your password stays as it is.${signAccount}`,
    }),
  setPassword:
    (url: string, a: { role: string; by: string }) =>
    (u: { name: string }): Email => ({
      kind: "account.set-password",
      subject: "Your ThesisDesk account: choose a password",
      body: `Hello ${u.name},\n\n${a.by} created a ${a.role} account for you on ThesisDesk. Choose your password here (the link works once, for 7 days; the committee can send a new one):\n\n${url}${signAccount}`,
    }),
  /** To the old address when the committee changes a person's email (DESIGN.md §21). */
  emailChanged:
    (a: { to: string; by: string }) =>
    (u: { name: string }): Email => ({
      kind: "account.email-changed",
      subject: "The email address of your ThesisDesk account was changed",
      body: `Hello ${u.name},\n\n${a.by} of the committee changed the email address of your ThesisDesk account from this address to ${maskEmail(a.to)}. ThesisDesk now writes there, and any password link sent here before no longer works.\n\nIf this change is not right, or this is not your account, contact your department's thesis committee (${a.by} made the change).${signAccount}`,
    }),
  proposalSubmitted:
    (publicUrl: string, p: { title: string; by: string }) =>
    (u: { name: string }): Email => ({
      kind: "proposal.submitted",
      subject: `New proposal to review: ${p.title}`,
      body: `Hello ${u.name},\n\n${p.by} submitted the proposal "${p.title}" to you.\n\nReview it: ${publicUrl}/supervisor/requests${sign}`,
    }),
  proposalReviewed:
    (publicUrl: string, p: { title: string; status: string; supervisor: string }) =>
    (u: { name: string }): Email => ({
      kind: "proposal.reviewed",
      subject: `Your proposal was ${p.status.toLowerCase()}: ${p.title}`,
      body: `Hello ${u.name},\n\n${p.supervisor} ${p.status.toLowerCase()} your proposal "${p.title}".\n\nRead the feedback: ${publicUrl}/student/proposal-status${sign}`,
    }),
  invitation:
    (publicUrl: string, p: { title: string; by: string; supervisor: string }) =>
    (u: { name: string }): Email => ({
      kind: "invitation.received",
      subject: `${p.by} invites you to join "${p.title}"`,
      body: `Hello ${u.name},\n\n${p.by} invites you to join the group of the proposal "${p.title}" (supervisor: ${p.supervisor}). Nobody is put into a group without saying yes: accept or decline on your dashboard.\n\nAnswer: ${publicUrl}/student/dashboard${sign}`,
    }),
  /**
   * Anything else that happened to a proposal, told to the people it concerns (DESIGN.md §9):
   * one line of what happened, an optional note (feedback, a reason), and the page to open.
   */
  proposalChanged: changed("proposal.changed"),
  /** Something happened to a thesis (DESIGN.md §16): who did what, an optional note, its page. */
  thesisChanged: changed("thesis.changed"),
  /** The committee's daily list of theses past their due date while still written (§16). */
  thesesOverdue: (publicUrl: string, overdue: { title: string; due: string; members: string }[]) =>
    overdueList(overdue, {
      kind: "theses.overdue",
      one: "A thesis is overdue",
      many: "theses are overdue",
      intro: "These theses are still being written past their due date:",
      line: (t) => `- "${t.title}" by ${t.members} (due ${t.due})`,
      link: `${publicUrl}/committee/theses?overdue=true`,
    }),
  assessmentsOverdue: (publicUrl: string, overdue: { title: string; due: string; waiting: string }[]) =>
    overdueList(overdue, {
      kind: "assessments.overdue",
      one: "An assessment is overdue",
      many: "theses' assessments are overdue",
      intro: "These submitted theses are waiting for an assessment past its due date:",
      line: (t) => `- "${t.title}": waiting for ${t.waiting} (due ${t.due})`,
      link: `${publicUrl}/committee/theses?state=Submitted`,
    }),
  examinerDeactivated:
    (publicUrl: string, examiner: string, theses: { id: string; title: string; place: string }[]) =>
    (u: { name: string }): Email => ({
      kind: "examiner.deactivated",
      subject: `An examiner was deactivated: ${examiner}`,
      body: `Hello ${u.name},\n\n${examiner}'s account was deactivated while their assessment of these theses is not in. Name another examiner:\n\n${theses
        .map((t) => `- "${t.title}" (${t.place} examiner): ${publicUrl}/committee/theses/${t.id}`)
        .join("\n")}${sign}`,
    }),
  noticeSent:
    (publicUrl: string, n: { title: string; supervisor: string; group: string }) =>
    (u: { name: string }): Email => ({
      kind: "notice.sent",
      subject: `Notice from ${n.supervisor}: ${n.title}`,
      body: `Hello ${u.name},\n\n${n.supervisor} sent a notice to your group "${n.group}": ${n.title}\n\nRead it: ${publicUrl}/student/notices${sign}`,
    }),
  reviewsOverdue:
    (publicUrl: string, overdue: { title: string; due: string }[]) =>
    (u: { name: string }): Email => ({
      kind: "reviews.overdue",
      subject:
        overdue.length === 1
          ? `A review is overdue: ${overdue[0].title}`
          : `${overdue.length} reviews are overdue`,
      body: `Hello ${u.name},\n\nThese proposals are waiting for your review past their due date:\n\n${overdue
        .map((p) => `- "${p.title}" (due ${p.due})`)
        .join("\n")}\n\nReview them: ${publicUrl}/supervisor/pending-proposals${sign}`,
    }),
  accountCreated:
    (publicUrl: string, a: { role: string; by: string }) =>
    (u: { name: string }): Email => ({
      kind: "account.created",
      subject: "Your ThesisDesk account",
      body: `Hello ${u.name},\n\n${a.by} created a ${a.role} account for you on ThesisDesk. Your password was set by them; change it in your Profile after you log in.\n\nLog in: ${publicUrl}/login${sign}`,
    }),
};
