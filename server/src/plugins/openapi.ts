import swagger from "@fastify/swagger";
import swaggerUi from "@fastify/swagger-ui";
import type { FastifyInstance } from "fastify";
import { jsonSchemaTransform } from "fastify-type-provider-zod";

export async function registerOpenApi(app: FastifyInstance) {
  await app.register(swagger, {
    openapi: {
      info: {
        title: "ThesisDesk API",
        description:
          "Thesis and project proposals, reviews, notices and group chat. Cookie sessions; errors share one shape.",
        version: "1.0.0",
      },
      components: {
        securitySchemes: { session: { type: "apiKey", in: "cookie", name: "thesisdesk.session_token" } },
      },
    },
    transform: jsonSchemaTransform,
  });
  await app.register(swaggerUi, { routePrefix: "/api/docs", uiConfig: { docExpansion: "list" } });
  app.get("/api/openapi.json", { schema: { hide: true } }, async () => app.swagger());
}
