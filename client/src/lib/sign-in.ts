import type { LoginInput, RegisterInput, SetupInput, User } from "@shared/schemas/auth";
import { SIGN_IN_MSG } from "@shared/sign-in-messages";
import { useNavigate } from "react-router";
import { api } from "./api";
import { notify } from "./notify";
import { keepSignedIn, setMe, startSignOut } from "./session";
import { noteSessionEnd } from "./session-end";
import { useAction } from "./use-action";

/**
 * Signing in and out. Apart from lib/session.ts (who is signed in), which every page needs: the
 * landing page's first load carries none of these changes, and neither page's first load carries
 * TanStack Query (decisions 0064, 0074).
 */

/**
 * Another user's cached data must never show: the query cache is emptied before who is here
 * changes. Loading its module here also fetches TanStack Query for the pages that come next.
 */
async function forgetCachedData() {
  const { queryClient } = await import("./query-client");
  queryClient.clear();
}

/** A request that signs someone in: login, register, setup, a password reset. */
export function useSignedIn<TInput>(fn: (input: TInput) => Promise<{ user: User }>) {
  return useAction(fn, {
    onSuccess: async ({ user }) => {
      await forgetCachedData();
      noteSessionEnd(null);
      setMe(user);
    },
  });
}

export const useLogin = () =>
  useSignedIn((input: LoginInput) => api.post<{ user: User }>("/auth/login", input));
export const useRegister = () =>
  useSignedIn((input: RegisterInput) => api.post<{ user: User }>("/auth/register", input));
export const useSetup = () => useSignedIn((input: SetupInput) => api.post<{ user: User }>("/setup", input));

/**
 * Signs out, leaves the signed-in area for the landing page, and only then forgets who was signed
 * in (forgetting first would send the guard to /login; the screens being left keep their user:
 * useUser). The toasts are the action's own, as the screen that asked may be gone by then.
 */
export function useLogout() {
  const navigate = useNavigate();
  const action = useAction(
    async () => {
      startSignOut();
      await api.post<{ ok: true }>("/auth/logout").catch((e: unknown) => {
        keepSignedIn();
        throw e;
      });
      await navigate("/", { replace: true });
      await forgetCachedData();
      setMe(null);
    },
    {
      onSuccess: () => notify.success(SIGN_IN_MSG.loggedOut),
      onError: () => notify.error(SIGN_IN_MSG.logoutFailed),
    },
  );
  return { ...action, mutate: () => action.mutate(undefined) };
}
