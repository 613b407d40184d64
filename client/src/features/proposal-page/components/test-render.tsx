import { termsFixture } from "@client/test/factories";
import { fakeApi, renderScreen } from "@client/test/render";
import type { User } from "@shared/schemas/auth";
import type { ActivityItem, Version } from "@shared/schemas/life";
import type { Proposal } from "@shared/schemas/proposals";
import { vi } from "vitest";
import type { ReviewModalComponent } from "./proposal-actions";
import { ProposalPage } from "./proposal-page";
import { activity, ID, version } from "./test-data";

type Routes = Parameters<typeof fakeApi>[0];

/**
 * The proposal page for the client tests: `proposal` answers GET /api/proposals/:id (a function
 * may change its answer between requests), with its versions and timeline, the terms (the
 * department's zone) and any other `routes`.
 */
export function renderPage({
  user,
  proposal,
  versions = [version()],
  timeline = [activity()],
  routes = {},
  reviewModal,
  timeZone = "Europe/Berlin",
}: {
  user: User;
  proposal: Proposal | (() => { status?: number; body: unknown });
  versions?: Version[];
  timeline?: ActivityItem[];
  routes?: Routes;
  reviewModal?: ReviewModalComponent;
  timeZone?: string;
}) {
  const api = fakeApi({
    "GET /api/terms": () => ({ body: termsFixture({ timeZone }) }),
    [`GET /api/proposals/${ID}`]: typeof proposal === "function" ? proposal : () => ({ body: { proposal } }),
    [`GET /api/proposals/${ID}/versions`]: () => ({ body: { items: versions } }),
    [`GET /api/proposals/${ID}/timeline`]: () => ({ body: { items: timeline } }),
    ...routes,
  });
  vi.stubGlobal("fetch", api.fetch);
  const rendered = renderScreen(
    <ProposalPage id={ID} back={{ to: "/back", label: "Back" }} reviewModal={reviewModal} />,
    { user, path: `/x/proposals/${ID}` },
  );
  return { api, ...rendered };
}

export const posts = (api: ReturnType<typeof fakeApi>) => api.calls.filter((c) => c.method === "POST");
