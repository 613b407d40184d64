import { everyMinutes, type ScheduledJob } from "../../lib/scheduler";
import { deleteUnusedFiles } from "./files.repository";

const DAY_MS = 86_400_000;

/** Hourly: files that nothing has referred to for a day are deleted (DESIGN.md §10). */
export const fileCleanupJob: ScheduledJob = {
  name: "file-cleanup",
  next: everyMinutes(60),
  run: async (tx, now) => {
    await deleteUnusedFiles(tx, new Date(now.getTime() - DAY_MS));
  },
};
