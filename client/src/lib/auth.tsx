import type { User } from "@shared/schemas/auth";
import { useState } from "react";
import { isApiError } from "./api";
import { currentMe, justSignedOut, setMe, useMe } from "./session";
import { noteSessionEnd } from "./session-end";

export { useMe };

/**
 * The user for screens inside a guarded layout, where someone is always signed in. A screen keeps
 * the user it was drawn for while it is being left: when someone signs out, or their session ends,
 * the router leaves the signed-in area in a transition, during which React may draw the old
 * screens once more; without a user they threw, and React reported it as an uncaught error
 * (minified #520, issue 30).
 */
export function useUser(): User {
  const { data } = useMe();
  const [drawnFor, keep] = useState(data);
  if (data && data !== drawnFor) keep(data);
  const user = data ?? drawnFor;
  if (!user) throw new Error("useUser() outside a signed-in area");
  return user;
}

/**
 * A 401 from any API call while someone is signed in: the session ended while the page was open
 * (decision 0054). The person is signed out here; the guard of the signed-in screens then sends
 * them to /login with the reason and the page to come back to. A 401 while signed out (a wrong
 * password on the login form) is the form's own business.
 */
export function onUnauthenticated(error: unknown) {
  if (!isApiError(error) || error.status !== 401) return;
  // Nobody signed in, or the person is logging out here: not a session that ended.
  if (!currentMe() || justSignedOut()) return;
  noteSessionEnd(error.code === "SESSION_ENDED" ? "session-ended" : "signed-out");
  setMe(null);
}
