import { committeeDashboardResponse, proposalExportQuery, userExportQuery } from "@shared/schemas/committee";
import { termQuery } from "@shared/schemas/terms";
import { moduleRoutes } from "../../lib/module-routes";
import { routesOf } from "../../lib/route";
import { committeeDashboard, peopleExport, proposalsExport } from "./committee.service";
import { sendCsv } from "./csv";

const route = routesOf("committee", [400, 401, 403]);

export const committeeRoutes = moduleRoutes(route, ({ api, app }) => {
  api("GET", "/committee/dashboard", {
    access: "committee:dashboard",
    summary: "People, cells and the term's proposals counted for the committee's dashboard",
    querystring: termQuery,
    response: committeeDashboardResponse,
    run: (c, { query }) => committeeDashboard(c.db, query.termId, c.now),
  });

  app.get(
    "/exports/users.csv",
    route("exports:read", {
      summary: "The people of a role as CSV, with the list's search; streamed",
      querystring: userExportQuery,
    }),
    async (request, reply) => sendCsv(reply, peopleExport(app.db, request.query.role, request.query.q)),
  );

  app.get(
    "/exports/proposals.csv",
    route("exports:read", {
      summary:
        "Proposals as CSV with the Proposals screen's filters (term, status, type, title search, cell, supervisor); streamed",
      querystring: proposalExportQuery,
    }),
    async (request, reply) => sendCsv(reply, proposalsExport(app.db, request.query)),
  );
});
