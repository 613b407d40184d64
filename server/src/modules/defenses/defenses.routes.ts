import { idParams, okResponse } from "@shared/schemas/common";
import {
  defenseInputSchema,
  defenseListQuery,
  defenseListResponse,
  defenseMinutesSchema,
  defenseMoveSchema,
  defenseResponse,
  defenseSlotsQuery,
  defenseSlotsResponse,
  thesisDefenseResponse,
} from "@shared/schemas/defenses";
import { thesisIdParams } from "@shared/schemas/theses";
import { z } from "zod";
import { moduleRoutes } from "../../lib/module-routes";
import { contextOf } from "../../lib/request-context";
import { done, routesOf } from "../../lib/route";
import { defenseIcs, listDefenses } from "./defense-reads";
import { findDefenseSlots } from "./defense-slots.service";
import {
  cancelDefense,
  getThesisDefense,
  moveDefense,
  recordMinutes,
  scheduleDefense,
} from "./defenses.service";

const route = routesOf("defenses", [400, 401, 403, 404, 409]);

/** A thesis's defense (DESIGN.md §18, §23; decision 0073). */
export const defenseRoutes = moduleRoutes(route, ({ api, record, app }) => {
  const defense = record({ key: "defense", response: defenseResponse, params: idParams });
  api("GET", "/defenses", {
    access: "defenses:list",
    summary:
      "The committee's defenses of any term that overlap [from, to) (from: now; to: from plus 366 days at most), by start, in a room, of a person (a member, an examiner, the chair or the supervisor); at most 500",
    querystring: defenseListQuery,
    response: defenseListResponse,
    run: (c, { query }) => listDefenses(c, query),
  });

  app.get(
    "/theses/:id/defense.ics",
    route("theses:read", {
      summary:
        "The thesis's active defense as an iCalendar file to add (METHOD:PUBLISH, the UID of its emailed invitations), to everyone who may see the thesis; 404 for anyone else and when it has none",
      params: thesisIdParams,
      response: { 200: z.any().describe("An iCalendar file (RFC 5545), text/calendar") },
    }),
    async (request, reply) =>
      reply
        .type("text/calendar; charset=utf-8")
        .header("content-disposition", 'attachment; filename="defense.ics"')
        .send(await defenseIcs(contextOf(request), request.params.id)),
  );

  api("GET", "/theses/:id/defense", {
    access: "theses:read",
    summary:
      "The thesis's active defense or null, to everyone who may see the thesis (404 for anyone else); its minutes only to the examiners, the committee and those who record them",
    params: thesisIdParams,
    response: thesisDefenseResponse,
    run: async (c, { params }) => ({ defense: await getThesisDefense(c, params.id) }),
  });

  api("GET", "/theses/:id/defense/slots", {
    access: "defenses:schedule",
    summary:
      "Find a time: the first free slots (up to 10) in the next 14 days, on weekdays within WORK_HOURS in TIME_ZONE, when every person of the defense and a room are free; each with the first free room by name",
    params: thesisIdParams,
    querystring: defenseSlotsQuery,
    response: defenseSlotsResponse,
    run: async (c, { params, query }) => ({
      items: await findDefenseSlots(c, params.id, app.config.workHours, query.minutes),
    }),
  });

  defense("POST", "/theses/:id/defense", {
    access: "defenses:schedule",
    summary:
      "Schedule the defense of a Submitted, Disputed or Graded thesis (the committee or its supervisor): a room or an online link, the term's defenseMinutes unless given; 409 naming the room or person already booked then",
    body: defenseInputSchema,
    status: 201,
    run: scheduleDefense,
  });

  defense("PATCH", "/defenses/:id", {
    access: "defenses:schedule",
    summary:
      "Move a defense: its time, duration, room or online link, public or closed, chair (null removes it); 409 naming the room or person already booked then",
    body: defenseMoveSchema,
    run: moveDefense,
  });

  api("DELETE", "/defenses/:id", {
    access: "defenses:schedule",
    summary: "Cancel a defense (kept as cancelled for the record; its room and people are free again)",
    params: idParams,
    response: okResponse,
    run: (c, { params }) => done(cancelDefense(c, params.id)),
  });

  defense("PUT", "/defenses/:id/minutes", {
    access: "defenses:minutes",
    summary: "Record the defense's short minutes (its chair or the thesis's supervisor)",
    body: defenseMinutesSchema,
    run: (c, id, body) => recordMinutes(c, id, body.text),
  });
});
