import type { IncomingMessage, ServerResponse } from "node:http";
import type { Permission } from "@shared/permissions";
import { idParams } from "@shared/schemas/common";
import { type Proposal, proposalResponse } from "@shared/schemas/proposals";
import type { FastifyBaseLogger, FastifyInstance, RawServerDefault } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import type { z } from "zod";
import { contextOf, type RequestContext } from "../../lib/request-context";
import type { routesOf } from "../../lib/route";
import type { SessionUser } from "../../plugins/auth";

type App = FastifyInstance<
  RawServerDefault,
  IncomingMessage,
  ServerResponse,
  FastifyBaseLogger,
  ZodTypeProvider
>;

/**
 * The routes `POST /proposals/:id/<action>` of a module: one change of a proposal by the caller,
 * made by its command (decision 0044) and answered with the proposal as the caller sees it. Each
 * names its action, who may take it, its OpenAPI summary and body, and the service that makes it.
 */
export const proposalChanges =
  (app: App, route: ReturnType<typeof routesOf>) =>
  <B extends z.ZodType>(
    action: string,
    access: Permission,
    doc: { summary: string; body: B },
    change: (ctx: RequestContext<SessionUser>, id: string, body: z.infer<B>) => Promise<Proposal>,
  ) =>
    app.post(
      `/proposals/:id/${action}`,
      route(access, {
        summary: doc.summary,
        params: idParams,
        body: doc.body,
        response: { 200: proposalResponse },
      }),
      async (request) => ({
        proposal: await change(contextOf(request), request.params.id, request.body as z.infer<B>),
      }),
    );
