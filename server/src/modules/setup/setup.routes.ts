import { meResponse, setupSchema, setupStatusResponse } from "@shared/schemas/auth";
import { moduleRoutes } from "../../lib/module-routes";
import { routesOf } from "../../lib/route";
import { signedInAnswer } from "../auth/auth.routes";
import { signIn } from "../auth/auth.service";
import { completeSetup, setupNeeded } from "./setup.service";

const route = routesOf("setup", []);

export const setupRoutes = moduleRoutes(route, ({ app }) => {
  app.get(
    "/setup",
    route("anyone", {
      summary: "Whether the first committee account is still to be made",
      response: { 200: setupStatusResponse },
    }),
    async () => ({ needed: await setupNeeded(app.db) }),
  );

  app.post(
    "/setup",
    route("anyone", {
      summary: "Create the first committee account with the start-up token",
      body: setupSchema,
      response: { 201: meResponse },
      errors: [400, 403, 409],
    }),
    async (request, reply) => {
      const created = await completeSetup(app.db, request.body, app.now());
      const { setCookie } = await signIn(app.auth, request, request.body.email, request.body.password);
      return reply.status(201).send(await signedInAnswer(app.db, reply, { userId: created.id, setCookie }));
    },
  );
});
