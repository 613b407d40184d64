import { makePdf } from "../../server/src/test/pdf";
import { type ApiPerson, registerStudentApi, signInApi } from "./api";
import { call, cellAndSupervisor, decide, review } from "./life";

/**
 * A thesis taken through the API from its approval to its release (DESIGN.md §16, §17, §19), as
 * its people would on their screens: the member uploads the final PDF, declares and submits; the
 * committee names the second examiner; the supervisor proposes the visibility and the member
 * consents; both examiners agree on a grade; the committee releases it.
 */
export const SUPERVISOR = { name: "Dr. Marco Bianchi", email: "marco.bianchi@demo.example.edu" };
export const SECOND_EXAMINER = { name: "Dr. Kenji Watanabe", email: "kenji.watanabe@demo.example.edu" };
export const CELL = "Software Engineering";
export const COMMITTEE = "committee@demo.example.edu";

/** The member uploads the final PDF, declares their own work and submits (the thesis in Writing). */
export async function submitFinal(member: Pick<ApiPerson, "api">, thesisId: string) {
  const th = `/theses/${thesisId}`;
  const upload = await member.api.post("/api/files", {
    multipart: {
      file: { name: "final-thesis.pdf", mimeType: "application/pdf", buffer: makePdf(["Final"]) },
    },
  });
  if (!upload.ok()) throw new Error(`upload: ${upload.status()} ${await upload.text()}`);
  const { id: documentId } = (await upload.json()) as { id: string };
  await call(member.api, "POST", `${th}/drafts`, { documentId });
  await call(member.api, "PUT", `${th}/declaration`, { declaration: true });
  await call(member.api, "POST", `${th}/submission`, {});
}

/**
 * A Submitted thesis of one member to Released with this visibility: the committee names the
 * second examiner, the supervisor proposes the visibility and the member consents, both examiners
 * agree on a grade, the committee releases it.
 */
export async function markAndRelease(
  url: string,
  member: Pick<ApiPerson, "id" | "api">,
  thesisId: string,
  visibility: "Public" | "Internal" | "Private",
) {
  const th = `/theses/${thesisId}`;
  const [committee, supervisor, second] = await Promise.all([
    signInApi(url, COMMITTEE),
    signInApi(url, SUPERVISOR.email),
    signInApi(url, SECOND_EXAMINER.email),
  ]);
  await call(committee.api, "PUT", `${th}/examiners`, { secondExaminerId: second.id });
  await call(supervisor.api, "PUT", `${th}/visibility-proposal`, { visibility });
  await call(member.api, "PUT", `${th}/publication-consent`, { public: true });
  const assessment = {
    scores: { Overall: 78 },
    grades: { [member.id]: "78" },
    studentComment: "A clear, well-argued thesis.",
    internalComment: "Agreed.",
  };
  for (const examiner of [supervisor, second])
    await call(examiner.api, "PUT", `${th}/assessment`, assessment);
  await call(committee.api, "POST", `${th}/release`);
  for (const p of [committee, supervisor, second]) await p.api.dispose();
}

/**
 * A new student's thesis with this title and abstract, approved, written and released with this
 * visibility: its id.
 */
export async function releasedThesis(
  url: string,
  t: { title: string; abstract: string; visibility: "Public" | "Internal" | "Private"; student: string },
) {
  const member = await registerStudentApi(url, t.student);
  const ids = await cellAndSupervisor(member.api, CELL, SUPERVISOR.name);
  const { proposal } = await call<{ proposal: { id: string } }>(member.api, "POST", "/proposals", {
    title: t.title,
    abstract: t.abstract,
    type: "Thesis",
    memberIds: [],
    ...ids,
  });
  const supervisor = await signInApi(url, SUPERVISOR.email);
  const reviewed = await review(supervisor.api, proposal.id, "Approved");
  if ((reviewed as { proposal?: { status: string } }).proposal?.status === "Awaiting committee") {
    const committee = await signInApi(url, COMMITTEE);
    await decide(committee.api, proposal.id, "Approved");
    await committee.api.dispose();
  }
  await supervisor.api.dispose();
  const mine = await call<{ items: { id: string; title: string }[] }>(
    member.api,
    "GET",
    "/theses?termId=all",
  );
  const thesis = mine.items.find((x) => x.title === t.title);
  if (!thesis) throw new Error(`no thesis for ${t.title}`);
  await submitFinal(member, thesis.id);
  await markAndRelease(url, member, thesis.id, t.visibility);
  await member.api.dispose();
  return thesis.id;
}
