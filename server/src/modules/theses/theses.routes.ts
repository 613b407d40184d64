import {
  thesisGradesCsvQuery,
  thesisIdParams,
  thesisListQuery,
  thesisListResponse,
  thesisReasonSchema,
  thesisResponse,
} from "@shared/schemas/theses";
import { moduleRoutes } from "../../lib/module-routes";
import { contextOf } from "../../lib/request-context";
import { routesOf } from "../../lib/route";
import { sendCsv } from "../committee/csv";
import { gradesExport } from "./grades-export";
import { cancelThesis, getThesis, listTheses, thesisFilter } from "./theses.service";

const route = routesOf("theses", [400, 401, 403, 404]);
/** The routes of a thesis's writing, marking and release, each of which may also answer 409. */
export const thesisRoute = routesOf("theses", [400, 401, 403, 404, 409]);

/** What the routes `/theses/:id/…` of a thesis answer: `{ thesis }` as the caller now sees it. */
export const thesisRecord = { key: "thesis", response: thesisResponse, params: thesisIdParams } as const;

/** A thesis and its life (DESIGN.md §16, §23). */
export const thesisRoutes = moduleRoutes(route, ({ api, record, app }) => {
  const thesis = record(thesisRecord);
  api("GET", "/theses", {
    access: "theses:read",
    summary:
      "Theses: the committee's all, a teacher's as supervisor or examiner, a student's own; filters termId, state (none: those in progress), overdue and examinerId; paged, counted up to 1,000. Students see Graded and Disputed as Submitted until release.",
    querystring: thesisListQuery,
    response: thesisListResponse,
    run: (c, { query }) => listTheses(c, query),
  });

  app.get(
    "/theses/grades.csv",
    route("theses:manage", {
      summary:
        "The committee's grades as CSV: one row per student of each thesis the list's filters find, with the student ID and the grade as it stands; streamed",
      querystring: thesisGradesCsvQuery,
    }),
    async (request, reply) => {
      const ctx = contextOf(request);
      return sendCsv(reply, gradesExport(ctx.db, ctx.by, thesisFilter(ctx, request.query)));
    },
  );

  thesis("GET", "/theses/:id", {
    access: "theses:read",
    summary:
      "One thesis, to its members, examiners and the committee (404 for anyone else); students see Graded and Disputed as Submitted until release",
    run: getThesis,
  });

  thesis("POST", "/theses/:id/cancel", {
    access: "theses:manage",
    summary:
      "Cancel a thesis in Writing, Submitted or Disputed (reason required): Cancelled, and its proposal Withdrawn in the same transaction",
    body: thesisReasonSchema,
    errors: [409],
    run: (c, id, body) => cancelThesis(c, id, body.reason),
  });
});
