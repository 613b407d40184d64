import type { AuthOptions } from "@shared/schemas/accounts";
import { useEffect, useState } from "react";
import { api } from "./api";

/**
 * GET /api/auth/options: single sign-on (when set up) and the email domains accepted, read when
 * the form opens. Without TanStack Query: the login page is a first visit (decision 0074).
 * Undefined until it answers (and when it fails: the form then offers email and password only).
 */
export function useAuthOptions(): AuthOptions | undefined {
  const [options, setOptions] = useState<AuthOptions>();
  useEffect(() => {
    let open = true;
    api.get<AuthOptions>("/auth/options").then(
      (o) => open && setOptions(o),
      () => undefined,
    );
    return () => {
      open = false;
    };
  }, []);
  return options;
}
