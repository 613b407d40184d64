import { myDataResponse } from "@shared/schemas/accounts";
import { meResponse } from "@shared/schemas/auth";
import { moduleRoutes } from "../../lib/module-routes";
import { routesOf } from "../../lib/route";
import { requireUser } from "../../plugins/session";
import { toUserDto } from "../accounts/user-dto";
import { exportMyData } from "./my-data.service";

const route = routesOf("profile", []);

export const meRoutes = moduleRoutes(route, ({ api, app }) => {
  api("GET", "/me", {
    access: "signed-in",
    summary: "The signed-in user",
    response: meResponse,
    errors: [401],
    run: async (c) => ({ user: toUserDto(c.by) }),
  });

  app.get(
    "/me/export",
    route("signed-in", {
      summary:
        "Download my data: the account, proposals, notices and messages ThesisDesk holds about the caller, as a JSON file",
      response: { 200: myDataResponse },
      errors: [401],
    }),
    async (request, reply) => {
      const now = app.now();
      reply.header(
        "content-disposition",
        `attachment; filename="thesisdesk-my-data-${now.toISOString().slice(0, 10)}.json"`,
      );
      return exportMyData(app.db, requireUser(request), now);
    },
  );
});
