import { FormError } from "@client/components/auth-card";
import { safeNext } from "@client/components/guards";
import { api, isApiError } from "@client/lib/api";
import { useLogin } from "@client/lib/auth";
import { authOptionsQuery } from "@client/lib/queries/auth-options";
import { sessionEndMessage } from "@client/lib/session-end";
import { Alert, Anchor, Button, Divider, Group, Stack } from "@mantine/core";
import { isNotEmpty, useForm } from "@mantine/form";
import { DASHBOARD_PATH } from "@shared/enums";
import { MSG, ssoErrorMessage } from "@shared/messages";
import type { LoginInput } from "@shared/schemas/auth";
import { IconBuildingBank, IconClockHour4 } from "@tabler/icons-react";
import { useMutation, useQuery } from "@tanstack/react-query";
import { useEffect, useRef, useState } from "react";
import { Link, useNavigate, useSearchParams } from "react-router";
import { EmailField, PasswordField } from "./account-fields";

/**
 * Email and password, and single sign-on where the department set it up. Success goes to the page
 * asked for (`?next=`) or the person's dashboard; single sign-on comes back here, signed in or
 * with `?error=`.
 */
export function LoginForm() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const login = useLogin();
  const options = useQuery(authOptionsQuery());
  const ssoError = params.get("error");
  // Sent here because the session ended while a page was open (decision 0054): why, in our words.
  const ended = sessionEndMessage(params.get("reason"));
  const [error, setError] = useState<string | null>(null);
  // The page is for typing an email: the cursor starts there (issue 30).
  const emailRef = useRef<HTMLInputElement>(null);
  useEffect(() => emailRef.current?.focus(), []);
  const form = useForm<LoginInput>({
    mode: "uncontrolled",
    initialValues: { email: "", password: "" },
    // Only "is it filled in" here: the server checks the rest with the shared schema. Keeping zod
    // out of this page keeps the first load of /login inside its JavaScript budget.
    validate: { email: isNotEmpty("Email is required."), password: isNotEmpty("Password is required.") },
  });
  // Single sign-on leaves for the provider's page; the way back lands here, signed in or with ?error=.
  const sso = useMutation({
    mutationFn: () =>
      api.post<{ url: string }>("/auth/sso", { next: safeNext(params.get("next")) ?? undefined }),
    onSuccess: ({ url }) => window.location.assign(url),
    onError: (e) => setError(isApiError(e) ? e.message : MSG.ssoFailed),
  });

  const onSubmit = form.onSubmit((values) => {
    setError(null);
    login.mutate(values, {
      onSuccess: ({ user }) =>
        navigate(safeNext(params.get("next")) ?? DASHBOARD_PATH[user.role], { replace: true }),
      onError: (e) => setError(isApiError(e) && e.status !== 401 ? e.message : MSG.invalidLogin),
    });
  });

  const shown =
    error ?? (ssoError ? ssoErrorMessage(ssoError, options.data?.allowedEmailDomains ?? []) : null);
  // "Forgot password?" takes the email typed so far along (in the history entry, not the address).
  const forgotPassword = (event: React.MouseEvent<HTMLAnchorElement>) => {
    if (event.metaKey || event.ctrlKey || event.shiftKey || event.button !== 0) return;
    event.preventDefault();
    void navigate("/forgot-password", { state: { email: form.getValues().email.trim() } });
  };
  return (
    <Stack>
      {ended && !shown && (
        <Alert color="yellow" icon={<IconClockHour4 size={18} />} title="Signed out" role="status">
          {ended}
        </Alert>
      )}
      <FormError message={shown} />
      {options.data?.sso && (
        <>
          <Button
            variant="default"
            fullWidth
            leftSection={<IconBuildingBank size={18} />}
            loading={sso.isPending || sso.isSuccess}
            onClick={() => {
              setError(null);
              sso.mutate();
            }}
          >
            {MSG.signInWith(options.data.sso.name)}
          </Button>
          <Divider label="or with your email" labelPosition="center" />
        </>
      )}
      <form onSubmit={onSubmit} noValidate>
        <Stack>
          <EmailField form={form} ref={emailRef} />
          <PasswordField form={form} path="password" label="Password" autoComplete="current-password" />
          <Group justify="flex-end" mt={-8}>
            <Anchor component={Link} to="/forgot-password" size="sm" onClick={forgotPassword}>
              Forgot password?
            </Anchor>
          </Group>
          <Button type="submit" fullWidth loading={login.isPending}>
            Log in
          </Button>
        </Stack>
      </form>
    </Stack>
  );
}
