import { idParams } from "@shared/schemas/common";
import {
  activityCsvQuery,
  activityPageResponse,
  activityQuery,
  timelineResponse,
} from "@shared/schemas/life";
import { moduleRoutes } from "../../lib/module-routes";
import { routesOf } from "../../lib/route";
import { sendCsv } from "../committee/csv";
import { activityExport, activityPage, proposalTimeline } from "./activity.service";

const route = routesOf("activity", [400, 401, 403, 404]);

/** Proposals' timelines and the committee's activity log (DESIGN.md §9). */
export const activityRoutes = moduleRoutes(route, ({ api, app }) => {
  api("GET", "/proposals/:id/timeline", {
    access: "timeline:read",
    summary: "Everything that happened to a proposal, oldest first, to those who may see it",
    params: idParams,
    response: timelineResponse,
    run: async (c, { params }) => ({ items: await proposalTimeline(c.db, c.by, params.id) }),
  });

  api("GET", "/activity", {
    access: "activity:read",
    summary: "The activity log, newest first: by person (who did it or whom it concerns), kind and days",
    querystring: activityQuery,
    response: activityPageResponse,
    run: (c, { query }) => activityPage(c.db, query, c.timeZone),
  });

  app.get(
    "/activity.csv",
    route("activity:read", {
      summary: "The activity log as CSV, with the same filters; streamed",
      querystring: activityCsvQuery,
    }),
    async (request, reply) => sendCsv(reply, activityExport(app.db, request.query, app.config.timeZone)),
  );
});
