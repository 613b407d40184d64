import { type APIRequestContext, request } from "playwright-core";
import { DEMO_PASSWORD, uniqueTag } from "./harness";

/**
 * Someone signed in through the API, for setting up what a journey or a scan needs without
 * clicking through it (the journeys themselves click). State-changing requests carry the site's
 * own Origin, as a browser's do.
 */
export interface ApiPerson {
  id: string;
  name: string;
  email: string;
  password: string;
  studentId?: string;
  api: APIRequestContext;
}

async function session(url: string) {
  return request.newContext({ baseURL: url, extraHTTPHeaders: { origin: url } });
}

async function json<T>(res: Awaited<ReturnType<APIRequestContext["get"]>>, what: string): Promise<T> {
  const text = await res.text();
  if (!res.ok()) throw new Error(`${what}: ${res.status()} ${text}`);
  return (text ? JSON.parse(text) : undefined) as T;
}

/** A new student, registered and signed in. */
export async function registerStudentApi(url: string, name: string): Promise<ApiPerson> {
  const api = await session(url);
  const tag = uniqueTag("st");
  const creds = {
    name,
    email: `${tag}@uni.example`,
    studentId: tag.toUpperCase(),
    password: "student-pass-1",
  };
  const { user } = await json<{ user: { id: string } }>(
    await api.post("/api/auth/register", { data: creds }),
    `register ${name}`,
  );
  return { id: user.id, ...creds, api };
}

/** An existing account (a demo one by default password), signed in. */
export async function signInApi(url: string, email: string, password = DEMO_PASSWORD): Promise<ApiPerson> {
  const api = await session(url);
  const { user } = await json<{ user: { id: string; name: string } }>(
    await api.post("/api/auth/login", { data: { email, password } }),
    `log in ${email}`,
  );
  return { id: user.id, name: user.name, email, password, api };
}

export const getJson = async <T>(p: ApiPerson, path: string) => json<T>(await p.api.get(path), `GET ${path}`);
export const postJson = async <T>(p: ApiPerson, path: string, data: unknown = {}) =>
  json<T>(await p.api.post(path, { data }), `POST ${path}`);
export const patchJson = async <T>(p: ApiPerson, path: string, data: unknown) =>
  json<T>(await p.api.patch(path, { data }), `PATCH ${path}`);

/** A research cell's id and its supervisors, by the cell's title and the supervisor's name. */
export async function cellAndSupervisor(p: ApiPerson, cellTitle: string, supervisorName: string) {
  const cells = await getJson<{ items: { id: string; title: string }[] }>(p, "/api/research-cells");
  const cell = cells.items.find((c) => c.title === cellTitle);
  if (!cell) throw new Error(`no cell ${cellTitle}`);
  const sups = await getJson<{ items: { id: string; name: string }[] }>(
    p,
    `/api/supervisors?researchCellId=${cell.id}`,
  );
  const sup = sups.items.find((s) => s.name === supervisorName);
  if (!sup) throw new Error(`no supervisor ${supervisorName} in ${cellTitle}`);
  return { researchCellId: cell.id, supervisorId: sup.id };
}

/** Submits a proposal as `creator`, inviting `members`; answers its id. */
export async function submitProposalApi(
  creator: ApiPerson,
  o: {
    title: string;
    abstract?: string;
    type?: "Thesis" | "Project";
    cell: string;
    supervisor: string;
    members?: ApiPerson[];
  },
): Promise<string> {
  const where = await cellAndSupervisor(creator, o.cell, o.supervisor);
  const { proposal } = await postJson<{ proposal: { id: string } }>(creator, "/api/proposals", {
    title: o.title,
    abstract: o.abstract ?? `${o.title}: the problem, the method and the plan.`,
    type: o.type ?? "Thesis",
    ...where,
    memberIds: (o.members ?? []).map((m) => m.id),
  });
  return proposal.id;
}

/** The current term, as GET /api/terms answers it. */
export async function currentTerm(p: ApiPerson) {
  const terms = await getJson<{ items: { id: string; name: string; current: boolean }[] }>(p, "/api/terms");
  return terms.items.find((t) => t.current)!;
}
