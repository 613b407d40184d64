import Fastify from "fastify";
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from "fastify-type-provider-zod";
import { afterEach, describe, expect, it } from "vitest";
import { z } from "zod";
import { checkJsonText, jsonText, sendJsonText } from "./json-text";

const response = z.object({ items: z.array(z.object({ id: z.string(), at: z.string().nullable() })) });

async function appSending(body: string, check: boolean) {
  const app = Fastify({ logger: false }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  if (check) checkJsonText(app);
  app.get("/x", { schema: { response: { 200: response } } }, async (_request, reply) =>
    sendJsonText(reply, jsonText<z.infer<typeof response>>(body)),
  );
  app.get("/plain", { schema: { response: { 200: response } } }, async () => ({
    items: [{ id: "a", at: null, extra: "dropped by the serializer" }],
  }));
  await app.ready();
  return app;
}

let app: Awaited<ReturnType<typeof appSending>> | undefined;
afterEach(async () => {
  await app?.close();
  app = undefined;
});

describe("JSON text responses", () => {
  it("sends the text unchanged, as JSON", async () => {
    const body = '{"items" : [{"id" : "a", "at" : null}]}';
    app = await appSending(body, true);
    const res = await app.inject({ method: "GET", url: "/x" });
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toBe("application/json; charset=utf-8");
    expect(res.body).toBe(body);
  });

  it.each([
    ["an undeclared field", '{"items":[{"id":"a","at":null,"secret":"x"}]}'],
    ["a missing field", '{"items":[{"id":"a"}]}'],
    ["a wrong type", '{"items":[{"id":1,"at":null}]}'],
    ["an undeclared top-level field", '{"items":[],"total":3}'],
  ])("refuses text with %s outside production (500, the body is not sent)", async (_case, body) => {
    app = await appSending(body, true);
    const res = await app.inject({ method: "GET", url: "/x" });
    expect(res.statusCode).toBe(500);
    expect(res.body).not.toContain("secret");
  });

  it("leaves responses the serializer writes alone", async () => {
    app = await appSending("{}", true);
    const res = await app.inject({ method: "GET", url: "/plain" });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ items: [{ id: "a", at: null }] });
  });

  it("does not check in production (the check is off there)", async () => {
    app = await appSending('{"items":[{"id":"a","at":null,"secret":"x"}]}', false);
    expect((await app.inject({ method: "GET", url: "/x" })).statusCode).toBe(200);
  });
});
