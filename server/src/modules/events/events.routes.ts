import type { LiveEvent } from "@shared/schemas/events";
import { AppError } from "../../lib/errors";
import { moduleRoutes } from "../../lib/module-routes";
import { routesOf } from "../../lib/route";
import { requireUser } from "../../plugins/session";
import { liveSessionToken } from "../accounts/accounts.repository";

const route = routesOf("events", []);

export const EVENTS_MSG = {
  tooManyStreams: "This server holds as many live connections as it can. Live updates resume shortly.",
} as const;

const KEEPALIVE_MS = 25_000;

/** GET /api/events: the caller's live events as server-sent events. */
export const eventsRoutes = moduleRoutes(route, ({ app }) => {
  app.get(
    "/events",
    route("signed-in", {
      summary:
        "Server-sent events for the signed-in user (proposal submitted/reviewed, notice sent, chat message)",
    }),
    async (request, reply) => {
      const user = requireUser(request);
      const sessionId = request.sessionId!;
      const res = reply.raw;
      let open = true;
      let finish = () => {};
      const send = (event: LiveEvent) => {
        if (!open) return;
        res.write(`event: ${event.type}\ndata: ${JSON.stringify(event)}\n\n`);
        if (event.type === "shutdown" || event.type === "replaced") finish();
      };
      // Before the answer starts, so that a full instance can still answer 503.
      const unsubscribe = app.events.subscribe(user.id, sessionId, (event) => send(event));
      if (!unsubscribe)
        throw new AppError(503, "SERVICE_UNAVAILABLE", EVENTS_MSG.tooManyStreams, undefined, {
          "retry-after": "30",
        });
      reply.hijack();
      res.writeHead(200, {
        ...(reply.getHeaders() as Record<string, string>),
        "content-type": "text/event-stream; charset=utf-8",
        "cache-control": "no-store",
        connection: "keep-alive",
        "x-accel-buffering": "no",
      });
      // Browsers reconnect by themselves after this many milliseconds.
      res.write("retry: 3000\n: connected\n\n");

      // A session ended elsewhere (logout, password change) also ends its stream: at once when
      // the database announces the change (by session token), at the latest on the next keepalive.
      let token: string | undefined;
      const check = async (ping: boolean) => {
        try {
          const live = await liveSessionToken(app.db, sessionId, new Date());
          if (live === undefined) return finish();
          token = live;
          if (ping && open) res.write(": ping\n\n");
        } catch {
          /* database briefly away: keep the stream, try again next time */
        }
      };
      const keepalive = setInterval(() => void check(true), KEEPALIVE_MS);
      const offAuth = app.events.onAuthChange((change) => {
        if (change === null || token === undefined || change.session === token) void check(false);
      });
      void check(false);

      finish = () => {
        if (!open) return;
        open = false;
        clearInterval(keepalive);
        offAuth();
        unsubscribe();
        res.end();
      };
      request.raw.on("close", finish);
    },
  );
});
