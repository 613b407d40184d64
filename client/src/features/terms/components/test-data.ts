import { makeTerm } from "@client/test/factories";
import type { SupervisorLoad, Term } from "@shared/schemas/terms";

export const ZONE = "Europe/Berlin";

export const term = (i: number, over: Partial<Term> = {}): Term =>
  makeTerm({
    id: `20000000-0000-4000-8000-${String(i).padStart(12, "0")}`,
    name: `Term ${i}`,
    current: false,
    createdAt: new Date(2026, 0, i).toISOString(),
    ...over,
  });

export const load = (i: number, over: Partial<SupervisorLoad> = {}): SupervisorLoad => ({
  supervisorId: `30000000-0000-4000-8000-${String(i).padStart(12, "0")}`,
  name: `Supervisor ${i}`,
  used: i,
  capacity: null,
  override: false,
  overdue: 0,
  ...over,
});

/**
 * The server answers these with 204 and no body; fakeApi cannot build a Response with a 204 and a
 * body, so the tests answer 200 with nothing in it, which the client reads the same way.
 */
export const NO_CONTENT = { status: 200, body: null };
