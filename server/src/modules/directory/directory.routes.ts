import {
  studentSearchQuery,
  studentSearchResponse,
  supervisorListQuery,
  supervisorListResponse,
} from "@shared/schemas/directory";
import { moduleRoutes } from "../../lib/module-routes";
import { routesOf } from "../../lib/route";
import { findStudents, listSupervisorsOfCell } from "./directory.service";

const route = routesOf("directory", [400, 401, 403]);

export const directoryRoutes = moduleRoutes(route, ({ api }) => {
  api("GET", "/supervisors", {
    access: "supervisors:read",
    summary: "The supervisors assigned to a research cell, by name",
    querystring: supervisorListQuery,
    response: supervisorListResponse,
    run: (c, { query }) => listSupervisorsOfCell(c.db, query.researchCellId),
  });

  api("GET", "/students", {
    access: "students:search",
    summary: "Other students by name or student ID (at most 20), for the group picker",
    querystring: studentSearchQuery,
    response: studentSearchResponse,
    run: (c, { query }) => findStudents(c.db, c.by, query.q),
  });
});
