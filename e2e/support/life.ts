import type { APIRequestContext, Browser, BrowserContext, Page } from "playwright-core";
import { DEMO_PASSWORD, login, newPage, registerStudent } from "./harness";

/**
 * The proposal's life (DESIGN.md §9) set up through the API, as the people concerned would do it
 * on their screens, so that a browser test can look at the result: proposals Awaiting members,
 * Awaiting committee, Changes requested and Denied by the committee, and an open invitation.
 */

export interface Session {
  context: BrowserContext;
  page: Page;
  api: APIRequestContext;
}

/** Signs in through the login form; the context's requests carry the session. */
export async function signedIn(browser: Browser, url: string, email: string, password = DEMO_PASSWORD) {
  const { context, page } = await newPage(browser, url);
  await page.goto("/login");
  await login(page, email, password);
  await page.waitForURL("**/dashboard");
  return { context, page, api: context.request };
}

/** A new student, registered through the form (and so signed in). */
export async function newStudent(browser: Browser, url: string, name: string) {
  const { context, page } = await newPage(browser, url);
  const creds = await registerStudent(page, name);
  return { context, page, api: context.request, creds };
}

/** One API call; anything but a success fails the test with the server's words. */
export async function call<T = unknown>(
  api: APIRequestContext,
  method: "GET" | "POST" | "PATCH" | "PUT",
  path: string,
  body?: unknown,
): Promise<T> {
  const res = await api.fetch(`/api${path}`, { method, data: body });
  const text = await res.text();
  if (!res.ok()) throw new Error(`${method} ${path}: ${res.status()} ${text}`);
  return (text ? JSON.parse(text) : undefined) as T;
}

interface CellList {
  items: { id: string; title: string; supervisors?: { id: string; name: string }[] }[];
}

/** The ids of a cell and of one of its supervisors, by their names. */
export async function cellAndSupervisor(api: APIRequestContext, cell: string, supervisor: string) {
  const cells = await call<CellList>(api, "GET", "/research-cells?include=supervisors");
  const c = cells.items.find((x) => x.title === cell);
  const s = c?.supervisors?.find((x) => x.name === supervisor);
  if (!c || !s) throw new Error(`no ${supervisor} in ${cell}`);
  return { researchCellId: c.id, supervisorId: s.id };
}

export async function studentId(api: APIRequestContext, name: string) {
  const found = await call<{ items: { id: string; name: string }[] }>(
    api,
    "GET",
    `/students?q=${encodeURIComponent(name)}`,
  );
  const s = found.items.find((x) => x.name === name);
  if (!s) throw new Error(`no student ${name} free to join`);
  return s.id;
}

export async function submit(
  api: APIRequestContext,
  p: { title: string; researchCellId: string; supervisorId: string; memberIds?: string[]; type?: string },
) {
  const { proposal } = await call<{ proposal: { id: string; status: string } }>(api, "POST", "/proposals", {
    abstract: `${p.title}. We state the problem, survey related work, propose a method and plan its evaluation.`,
    type: "Thesis",
    memberIds: [],
    ...p,
  });
  return proposal;
}

export const review = (api: APIRequestContext, id: string, status: string, feedback = "") =>
  call(api, "POST", `/proposals/${id}/review`, { status, feedback });

export const decide = (api: APIRequestContext, id: string, status: "Approved" | "Denied", feedback = "") =>
  call(api, "POST", `/proposals/${id}/decision`, { status, feedback });

/** The current term asks the committee to sign off after the supervisor approves (or stops asking). */
export async function committeeApproval(api: APIRequestContext, on: boolean) {
  const terms = await call<{ items: { id: string; current: boolean }[] }>(api, "GET", "/terms");
  const current = terms.items.find((t) => t.current)!;
  await call(api, "PATCH", `/terms/${current.id}`, { committeeApproval: on });
}

export const ML = "Machine Learning & Data Science";
export const REVIEWER = { email: "ayesha.rahman@demo.example.edu", name: "Prof. Ayesha Rahman" };
export const COMMITTEE = "committee@demo.example.edu";

export const LIFE = {
  awaitingCommittee: "Federated learning for hospital records",
  awaitingMembers: "Speech interfaces for older adults",
  changesRequested: "Energy-aware scheduling for edge devices",
  denied: "Predicting dropout from campus Wi-Fi logs",
  supervisorFeedback: "A careful plan; the committee should see the data agreement.",
  changesFeedback: "Narrow the scope to one kind of device and name the baseline.",
  committeeFeedback: "Campus Wi-Fi logs cannot be used for this without consent.",
};

/**
 * On the demo department: the current term asks for the committee's sign-off; Daniel Mensah's
 * proposal is Awaiting committee; Fatima Noor's is Awaiting members, Yuki Sato invited; a new
 * student's has Changes requested; another's was denied by the committee. Returns the new
 * students' credentials.
 */
export async function lifeScenario(browser: Browser, url: string) {
  const committee = await signedIn(browser, url, COMMITTEE);
  const reviewer = await signedIn(browser, url, REVIEWER.email);
  await committeeApproval(committee.api, true);
  const sessions: Session[] = [committee, reviewer];
  try {
    const daniel = await signedIn(browser, url, "daniel.mensah@demo.example.edu");
    sessions.push(daniel);
    const target = await cellAndSupervisor(daniel.api, ML, REVIEWER.name);
    const waiting = await submit(daniel.api, { title: LIFE.awaitingCommittee, ...target });
    await review(reviewer.api, waiting.id, "Approved", LIFE.supervisorFeedback);

    const fatima = await signedIn(browser, url, "fatima.noor@demo.example.edu");
    sessions.push(fatima);
    await submit(fatima.api, {
      title: LIFE.awaitingMembers,
      ...target,
      type: "Project",
      memberIds: [await studentId(fatima.api, "Yuki Sato")],
    });

    const nadia = await newStudent(browser, url, "Nadia Rahimi");
    sessions.push(nadia);
    const changes = await submit(nadia.api, { title: LIFE.changesRequested, ...target });
    await review(reviewer.api, changes.id, "Changes requested", LIFE.changesFeedback);

    const ivan = await newStudent(browser, url, "Ivan Petrov");
    sessions.push(ivan);
    const denied = await submit(ivan.api, { title: LIFE.denied, ...target });
    await review(reviewer.api, denied.id, "Approved", "Interesting, if the data can be used.");
    await decide(committee.api, denied.id, "Denied", LIFE.committeeFeedback);
    return { nadia: nadia.creds, ivan: ivan.creds };
  } finally {
    for (const s of sessions) await s.context.close();
  }
}
