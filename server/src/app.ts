import path from "node:path";
import { fileURLToPath } from "node:url";
import multipart from "@fastify/multipart";
import { LIMITS } from "@shared/limits";
import Fastify, { type FastifyInstance } from "fastify";
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from "fastify-type-provider-zod";
import type { DestinationStream, LoggerOptions } from "pino";
import type { Config } from "./config";
import { analyzeDatabase, type Database, type Db } from "./db/client";
import { BackgroundTasks } from "./lib/background";
import { trustProxyOption } from "./lib/client-address";
import { EventHub } from "./lib/events";
import { boundedLoggerOptions } from "./lib/log";
import { requestId } from "./lib/request-id";
import { Scheduler } from "./lib/scheduler";
import { recordOwnAccount } from "./modules/accounts/accounts.service";
import { writeResetEmail } from "./modules/accounts/password-links";
import { activityRoutes } from "./modules/activity/activity.routes";
import { allocationRoutes } from "./modules/allocation/allocation.routes";
import { scenarioRoutes } from "./modules/allocation/scenarios.routes";
import { archiveRoutes } from "./modules/archive/archive.routes";
import { authRoutes } from "./modules/auth/auth.routes";
import { checkSsoProvider } from "./modules/auth/sso.service";
import { calendarRoutes } from "./modules/calendar/calendar.routes";
import { chatRoutes } from "./modules/chat/chat.routes";
import { committeeRoutes } from "./modules/committee/committee.routes";
import { defenseRoutes } from "./modules/defenses/defenses.routes";
import { directoryRoutes } from "./modules/directory/directory.routes";
import { eventsRoutes } from "./modules/events/events.routes";
import { fileCleanupJob } from "./modules/files/file-cleanup.job";
import { fileRoutes } from "./modules/files/files.routes";
import { moveLegacyPictures } from "./modules/files/legacy-pictures";
import { PdfChecker } from "./modules/files/pdf-check";
import { UploadMemory } from "./modules/files/upload-memory";
import { groupRoutes } from "./modules/groups/groups.routes";
import { healthRoutes } from "./modules/health/health.routes";
import { meRoutes } from "./modules/me/me.routes";
import { noticeRoutes } from "./modules/notices/notices.routes";
import { OutboxSender } from "./modules/outbox/outbox.sender";
import { profileRoutes } from "./modules/profile/profile.routes";
import {
  closeInvitationsJob,
  revisionDeadlineJob,
  revisionReminderJob,
} from "./modules/proposals/deadline.jobs";
import { proposalRoutes } from "./modules/proposals/proposals.routes";
import { researchCellRoutes } from "./modules/research-cells/research-cells.routes";
import { retentionRoutes } from "./modules/retention/retention.routes";
import { retentionJob } from "./modules/retention/retention.service";
import { reviewRoutes } from "./modules/reviews/reviews.routes";
import { roomRoutes } from "./modules/rooms/rooms.routes";
import { setupRoutes } from "./modules/setup/setup.routes";
import { supervisorRoutes } from "./modules/supervisor/supervisor.routes";
import { reviewDigestJob } from "./modules/terms/review-digest.job";
import { termRoutes } from "./modules/terms/terms.routes";
import { thesisAssessmentRoutes } from "./modules/theses/assessment.routes";
import { thesesOverdueDigestJob } from "./modules/theses/overdue-digest.job";
import { thesisReleaseRoutes } from "./modules/theses/release.routes";
import { thesisRoutes } from "./modules/theses/theses.routes";
import { thesisSubmissionRoutes, thesisWritingRoutes } from "./modules/theses/writing.routes";
import { userRoutes } from "./modules/users/users.routes";
import { versionRoutes } from "./modules/versions/versions.routes";
import { type Auth, createAuth } from "./plugins/auth";
import { clientErrorResponse, frameworkErrorResponse, registerErrorHandling } from "./plugins/errors";
import { registerOpenApi } from "./plugins/openapi";
import { registerSecurity } from "./plugins/security";
import { registerSession } from "./plugins/session";
import { registerSpa } from "./plugins/spa";

declare module "fastify" {
  interface FastifyInstance {
    config: Config;
    database: Database;
    db: Db;
    auth: Auth;
    events: EventHub;
    outbox: OutboxSender;
    scheduler: Scheduler;
    /** Work a request starts without waiting for it (the forgot-password email). */
    background: BackgroundTasks;
    /** Uploaded PDFs are checked in worker threads (decision 0037). */
    pdfChecker: PdfChecker;
    /** The memory uploads in progress hold, within UPLOAD_MEMORY_MB (decision 0080). */
    uploadMemory: UploadMemory;
    /** The time now: the server's clock, or a test's. */
    now: () => Date;
    /** Every route as registered (method, url): the permission matrix test walks this list. */
    routeList: { method: string; url: string }[];
  }
}

export interface BuildAppOptions {
  config: Config;
  database: Database;
  /** Built client to serve; default dist/client. */
  clientDir?: string;
  /** pino options (a level, a destination stream); the bounds of decision 0038 are always added. */
  logger?: boolean | (LoggerOptions & { stream?: DestinationStream });
  /** Outbox sender options for tests (fast retries). */
  outbox?: { pollMs?: number; backoffBaseMs?: number };
  /** Tests: the scheduled jobs run only when a test calls scheduler.runDue(). */
  manualJobs?: boolean;
  /** The time now (tests move it); default the system clock. */
  now?: () => Date;
}

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");

/** Builds the whole app on an open database. Never listens: server.ts and the tests do that. */
export async function buildApp(options: BuildAppOptions): Promise<FastifyInstance> {
  const { config, database } = options;
  const app = Fastify({
    logger: boundedLoggerOptions(options.logger ?? { level: config.logLevel }),
    trustProxy: trustProxyOption(config.trustProxy),
    bodyLimit: LIMITS.jsonBodyBytes,
    // Fastify would take any x-request-id as is; requestId takes only a safe token.
    requestIdHeader: false,
    genReqId: requestId,
    return503OnClosing: true,
    forceCloseConnections: "idle",
    frameworkErrors: frameworkErrorResponse,
    clientErrorHandler: clientErrorResponse,
  }).withTypeProvider<ZodTypeProvider>();

  const routeList: { method: string; url: string }[] = [];
  app.decorate("routeList", routeList);
  app.addHook("onRoute", (route) => {
    for (const method of [route.method].flat())
      if (method !== "HEAD") routeList.push({ method, url: route.url });
  });

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  const trustedOrigins = [config.publicUrl];
  if (config.env === "development") trustedOrigins.push("http://localhost:5173", "http://127.0.0.1:5173");

  const auth = createAuth(database.db, {
    secret: config.sessionSecret,
    publicUrl: config.publicUrl,
    trustedOrigins,
    oidc: config.oidc,
    allowedEmailDomains: config.allowedEmailDomains,
    log: app.log,
    sendResetPassword: (user, token) => writeResetEmail(database.db, config.publicUrl, user.id, token),
    // After better-auth's transaction (decision 0028): a failure is logged, the sign-up stands.
    onSignUp: (user) =>
      recordOwnAccount(database.db, user, "register", app.now(), "Single sign-on").catch((err: unknown) =>
        app.log.error({ err, userId: user.id }, "activity: single sign-on sign-up not recorded"),
      ),
  });
  app.decorate("config", config);
  app.decorate("database", database);
  app.decorate("db", database.db);
  app.decorate("auth", auth);
  app.decorate("now", options.now ?? (() => new Date()));
  const background = new BackgroundTasks(app.log);
  app.decorate("background", background);
  const pdfChecker = new PdfChecker({
    threads: config.uploadWorkers,
    queueMax: config.uploadQueueMax,
    heapMb: 256,
  });
  app.decorate("pdfChecker", pdfChecker);
  app.decorate("uploadMemory", new UploadMemory(config.uploadMemoryMb * 1024 * 1024));
  if (config.oidc) app.addHook("onReady", async () => checkSsoProvider(app));

  // Live events (LISTEN/NOTIFY) and the email outbox: every instance runs both.
  const events = new EventHub(database, app.log, config.eventsMaxStreams);
  await events.start();
  app.decorate("events", events);
  const sender = new OutboxSender(database.db, {
    smtpUrl: config.smtpUrl,
    from: config.mailFrom,
    log: app.log,
    ...options.outbox,
  });
  app.decorate("outbox", sender);
  // Scheduled work: the outbox on every instance; the rest once across instances.
  const scheduler = new Scheduler(database.db, app.log, app.now, options.manualJobs);
  scheduler.repeat(sender.work());
  const digest = { publicUrl: config.publicUrl, timeZone: config.timeZone, hour: config.digestHour };
  scheduler.schedule(reviewDigestJob(digest));
  // The committee hears daily of the theses past due while still written (DESIGN.md §16).
  scheduler.schedule(thesesOverdueDigestJob(digest));
  scheduler.schedule(fileCleanupJob);
  // Chat, notices, drafts and internal comments go RETENTION_YEARS after a record ends (DESIGN.md §19).
  scheduler.schedule(retentionJob({ ...digest, years: config.retentionYears }));
  // The deadlines of a proposal's life (DESIGN.md §8): one job each.
  scheduler.schedule(closeInvitationsJob(config));
  scheduler.schedule(revisionReminderJob(config));
  scheduler.schedule(revisionDeadlineJob(config));
  // PGlite has no autovacuum, so nothing refreshes the planner's statistics; without them a grown
  // table gets nested loops and sequential scans. ANALYZE at start-up and every half hour.
  if (database.kind === "pglite")
    scheduler.repeat({
      name: "pglite statistics",
      everyMs: 30 * 60_000,
      atStart: true,
      run: async () => {
        await analyzeDatabase(database.db);
        return false;
      },
    });
  app.decorate("scheduler", scheduler);
  app.addHook("onReady", async () => scheduler.start());
  // Before the first request: pictures still on disk from before the files table move into it.
  app.addHook("onReady", async () => moveLegacyPictures(database.db, config.dataDir, app.log));
  // Open event streams end first, so closing does not wait on them; then the sender stops.
  app.addHook("preClose", async () => events.close());
  app.addHook("onClose", async () => {
    await background.settled();
    await scheduler.stop();
    await sender.close();
    await pdfChecker.close();
  });

  app.addHook("onSend", async (request, reply) => {
    reply.header("x-request-id", request.id);
    if (request.url.startsWith("/api/")) reply.header("cache-control", "no-store");
  });

  registerErrorHandling(app);
  registerSecurity(app, trustedOrigins);
  registerSession(app, auth, events);
  await app.register(multipart, {
    limits: { fileSize: LIMITS.pictureBytesMax, files: 1, fields: 5, parts: 6 },
  });
  await registerOpenApi(app);

  await app.register(
    async (api) => {
      await api.register(healthRoutes);
      await api.register(authRoutes);
      await api.register(setupRoutes);
      await api.register(meRoutes);
      await api.register(researchCellRoutes);
      await api.register(roomRoutes);
      await api.register(retentionRoutes);
      await api.register(calendarRoutes);
      await api.register(defenseRoutes);
      await api.register(userRoutes);
      await api.register(committeeRoutes);
      await api.register(directoryRoutes);
      await api.register(proposalRoutes);
      await api.register(profileRoutes);
      await api.register(reviewRoutes);
      await api.register(supervisorRoutes);
      await api.register(noticeRoutes);
      await api.register(eventsRoutes);
      await api.register(chatRoutes);
      await api.register(termRoutes);
      await api.register(groupRoutes);
      await api.register(versionRoutes);
      await api.register(fileRoutes);
      await api.register(activityRoutes);
      await api.register(allocationRoutes);
      await api.register(scenarioRoutes);
      await api.register(thesisRoutes);
      await api.register(thesisWritingRoutes);
      await api.register(thesisSubmissionRoutes);
      await api.register(thesisAssessmentRoutes);
      await api.register(thesisReleaseRoutes);
      await api.register(archiveRoutes);
    },
    { prefix: "/api" },
  );

  await registerSpa(app, options.clientDir ?? config.clientDir ?? path.join(root, "dist/client"));
  return app;
}
