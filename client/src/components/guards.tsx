import { useMe } from "@client/lib/auth";
import { justSignedOut } from "@client/lib/session";
import { sessionEndReason } from "@client/lib/session-end";
import { DASHBOARD_PATH, type Role } from "@shared/enums";
import { safeNextPath } from "@shared/next-path";
import { Navigate, Outlet, useLocation, useSearchParams } from "react-router";

/** Renders nothing until we know whether someone is signed in: no flash of the wrong screen. */
export function AuthGate() {
  const me = useMe();
  if (me.isPending) return null;
  return <Outlet />;
}

/**
 * Comfort only: the server checks every call. Signed out → /login (and back), saying why when the
 * session ended while the page was open (decision 0054); logged out on this page → the landing
 * page; other role → own dashboard.
 */
export function RequireRole({ area: role }: { area: Role }) {
  const { data: user } = useMe();
  const location = useLocation();
  // Logged out here: on to the landing page, where the logout was going (not to /login).
  if (!user && justSignedOut()) return <Navigate to="/" replace />;
  if (!user) {
    const next = `${location.pathname}${location.search}${location.hash}`;
    const reason = sessionEndReason();
    return (
      <Navigate to={`/login?next=${encodeURIComponent(next)}${reason ? `&reason=${reason}` : ""}`} replace />
    );
  }
  if (user.role !== role) return <Navigate to={DASHBOARD_PATH[user.role]} replace />;
  return <Outlet />;
}

/**
 * Login, register and setup are for signed-out people; the signed-in go on to the page they asked
 * for (single sign-on comes back to /login?next=…, signed in) or to their dashboard.
 */
export function SignedOutOnly() {
  const { data: user } = useMe();
  const [params] = useSearchParams();
  if (user) return <Navigate to={safeNext(params.get("next")) ?? DASHBOARD_PATH[user.role]} replace />;
  return <Outlet />;
}

/** A safe in-app path from ?next=, never another site (shared/src/next-path.ts). */
export const safeNext = (next: string | null) => safeNextPath(next);
