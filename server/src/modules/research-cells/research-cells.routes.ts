import { cellInputSchema, cellListQuery, cellListResponse, cellResponse } from "@shared/schemas/cells";
import { idParams } from "@shared/schemas/common";
import { moduleRoutes } from "../../lib/module-routes";
import { routesOf } from "../../lib/route";
import { createCell, getCell, listCells, updateCell } from "./research-cells.service";

const route = routesOf("research cells", [400, 401, 403, 404, 409]);

export const researchCellRoutes = moduleRoutes(route, ({ api, record }) => {
  api("GET", "/research-cells", {
    access: "cells:read",
    summary:
      "All research cells with their supervisor and proposal counts; ?include=supervisors adds the supervisors",
    querystring: cellListQuery,
    response: cellListResponse,
    run: async (c, { query }) => ({ items: await listCells(c.db, query.include) }),
  });

  api("GET", "/research-cells/:id", {
    access: "cells:read",
    summary: "One research cell with its supervisors",
    params: idParams,
    response: cellResponse,
    run: async (c, { params }) => ({ cell: await getCell(c.db, params.id) }),
  });

  api("POST", "/research-cells", {
    access: "cells:manage",
    summary: "Add a research cell (title unique in any case)",
    body: cellInputSchema,
    response: cellResponse,
    status: 201,
    run: async (c, { body }) => ({ cell: await createCell(c, body) }),
  });

  record({ key: "cell", response: cellResponse, params: idParams })("PATCH", "/research-cells/:id", {
    access: "cells:manage",
    summary: "Change a research cell's title and description",
    body: cellInputSchema,
    run: updateCell,
  });
});
