import type { LiveEvent, LiveEventType } from "@shared/schemas/events";
import { type QueryClient, type QueryKey, useQueryClient } from "@tanstack/react-query";
import { useEffect } from "react";
import { notify } from "./notify";
import { chatQueries } from "./queries/chat";
import { noticeQueries } from "./queries/notices";
import { proposalChangedKeys as proposalChanged } from "./queries/proposal-changed";

/** Which cached queries each event makes stale (each key is a prefix: everything under it). */
const STALE: Record<LiveEventType, (e: LiveEvent) => QueryKey[]> = {
  "proposal.submitted": proposalChanged,
  "proposal.reviewed": proposalChanged,
  "proposal.changed": proposalChanged,
  "thesis.changed": proposalChanged,
  "invitation.received": proposalChanged,
  "allocation.published": proposalChanged,
  "notice.sent": () => [noticeQueries.all()],
  // The sender's "Read by n/m" follows.
  "notice.read": () => [noticeQueries.all()],
  "message.created": (e) => [
    chatQueries.thread((e as { proposalId: string }).proposalId).queryKey,
    chatQueries.unread().queryKey,
  ],
  resync: () => [[]],
  shutdown: () => [],
  replaced: () => [],
};

/** Words for the events a person would want to hear about while looking elsewhere. */
function announce(e: LiveEvent, selfId: string) {
  switch (e.type) {
    case "proposal.submitted":
      return notify.info(`${e.by} submitted "${e.title}".`, "New proposal");
    case "proposal.reviewed":
      return notify.info(`Your proposal "${e.title}" is now ${e.status}.`, "Proposal reviewed");
    case "proposal.changed":
    case "thesis.changed":
      // The words the server chose for this receiver (those of their email): who did what.
      return notify.info(e.message, e.headline);
    case "invitation.received":
      return notify.info(`${e.by} invites you to join "${e.title}".`, "New invitation");
    case "allocation.published":
      return notify.info(`The allocation of ${e.term} is published.`, "Allocation");
    case "notice.sent":
      return notify.info(`${e.from}: ${e.title}`, "New notice");
    case "message.created":
      if (e.authorId !== selfId && !location.pathname.endsWith("/chat"))
        notify.info(`New message from ${e.authorName}.`, "Group chat");
      return;
    default:
      return;
  }
}

export function applyLiveEvent(qc: QueryClient, e: LiveEvent, selfId: string) {
  for (const queryKey of STALE[e.type](e)) void qc.invalidateQueries({ queryKey });
  announce(e, selfId);
}

const TYPES: LiveEventType[] = [
  "proposal.submitted",
  "proposal.reviewed",
  "proposal.changed",
  "thesis.changed",
  "invitation.received",
  "allocation.published",
  "notice.sent",
  "notice.read",
  "message.created",
  "resync",
  "shutdown",
  "replaced",
];

/**
 * One EventSource per signed-in tab. The browser reconnects by itself; after a reconnect we
 * refetch everything on screen, since events sent while we were away are not replayed. A session,
 * and a person, hold at most a few streams: when a newer tab takes this one's place (`replaced`),
 * this tab waits until it is looked at again before it reconnects, so tabs do not take turns
 * closing each other.
 */
export function useLiveEvents(selfId: string) {
  const qc = useQueryClient();
  useEffect(() => {
    let source: EventSource | null = null;
    let retry: ReturnType<typeof setTimeout> | undefined;
    let wasOpen = false;
    let stopped = false;

    const connect = () => {
      source?.close();
      source = new EventSource("/api/events");
      source.onopen = () => {
        if (wasOpen) void qc.invalidateQueries();
        wasOpen = true;
      };
      source.addEventListener("replaced", () => {
        source?.close();
        document.addEventListener("visibilitychange", reconnectWhenShown);
      });
      for (const type of TYPES) {
        source.addEventListener(type, (msg) => {
          try {
            applyLiveEvent(qc, JSON.parse((msg as MessageEvent).data) as LiveEvent, selfId);
          } catch {
            /* a malformed event is ignored */
          }
        });
      }
      source.onerror = () => {
        // Closed for good (for example a 401 after the session ended): try again later ourselves.
        if (source?.readyState === EventSource.CLOSED && !stopped) {
          source.close();
          retry = setTimeout(connect, 10_000);
        }
      };
    };
    const reconnectWhenShown = () => {
      if (document.visibilityState !== "visible" || stopped) return;
      document.removeEventListener("visibilitychange", reconnectWhenShown);
      connect();
    };
    connect();
    return () => {
      stopped = true;
      clearTimeout(retry);
      document.removeEventListener("visibilitychange", reconnectWhenShown);
      source?.close();
    };
  }, [qc, selfId]);
}
