import type { SessionAnswer, User } from "@shared/schemas/auth";
import { useSyncExternalStore } from "react";
import { ApiError, api } from "./api";
import { noteSessionEnd } from "./session-end";

/**
 * Who is signed in: the one place the page keeps it (decision 0074). A small store rather than a
 * TanStack Query: the first visit of `/` and `/login` reads the session but needs no query cache,
 * and TanStack Query (9.5 kB) then loads with the first page that does (app/query-area.tsx).
 *
 * `undefined` while the first read is on its way; then the user, or null when nobody is signed in.
 * Signing in or out, and any answer that finds the session ended, set it directly.
 */
let me: User | null | undefined;
let readAt = 0;
let reading: Promise<void> | null = null;
const listeners = new Set<() => void>();

/** How long a read of the session counts as fresh: a page brought back after longer reads it again. */
const FRESH_MS = 60_000;

export function setMe(user: User | null) {
  if (user) signedOut = false;
  me = user;
  readAt = Date.now();
  for (const listener of listeners) listener();
}

let signedOut = false;

/**
 * A deliberate logout on this page has started (until someone signs in again, or `keepSignedIn`
 * when it fails): a 401 any request meets meanwhile is the logout's own, not a session that ended
 * (lib/auth.tsx), and a guard that finds nobody signed in sends to the landing page, where the
 * logout goes, not to /login.
 */
export function startSignOut() {
  signedOut = true;
}

/** The logout failed: the person is still signed in. */
export function keepSignedIn() {
  signedOut = false;
}

/** Whether a logout on this page has started. */
export const justSignedOut = () => signedOut;

/** The signed-in user as the page knows it now (undefined before the first read). */
export const currentMe = () => me;

/**
 * Reads GET /auth/session. A server fault or no network is tried twice more; a refusal is final.
 * When the server says this browser's session has ended, the guard's way to /login says so too.
 */
export function readSession(): Promise<void> {
  reading ??= (async () => {
    for (let attempt = 0; ; attempt++) {
      try {
        const { user, sessionEnded } = await api.get<SessionAnswer>("/auth/session");
        if (!user && sessionEnded) noteSessionEnd("session-ended");
        setMe(user);
        return;
      } catch (e) {
        if ((e instanceof ApiError && e.status >= 400 && e.status < 500) || attempt >= 2) {
          // Unknown is treated as signed out: the server checks every call anyway.
          if (me === undefined) setMe(null);
          return;
        }
        await new Promise((resolve) => setTimeout(resolve, 500 * 2 ** attempt));
      }
    }
  })().finally(() => {
    reading = null;
  });
  return reading;
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  if (me === undefined) void readSession();
  return () => listeners.delete(listener);
}

// A page brought back to the front reads the session again once it is no longer fresh.
if (typeof window !== "undefined")
  window.addEventListener("focus", () => {
    if (me !== undefined && Date.now() - readAt > FRESH_MS) void readSession();
  });

/** The signed-in user (`data`: null when nobody is), and whether the first read is still on its way. */
export function useMe(): { data: User | null | undefined; isPending: boolean } {
  const data = useSyncExternalStore(subscribe, currentMe, currentMe);
  return { data, isPending: data === undefined };
}
