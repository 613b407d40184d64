import { FormError } from "@client/components/auth-card";
import { safeNext } from "@client/components/guards";
import { api, isApiError } from "@client/lib/api";
import { useAuthOptions } from "@client/lib/auth-options";
import { sessionEndMessage } from "@client/lib/session-end";
import { useLogin } from "@client/lib/sign-in";
import { useAction } from "@client/lib/use-action";
import { Alert, Anchor, Button, Divider, Group, PasswordInput, Stack, TextInput } from "@mantine/core";
import { DASHBOARD_PATH } from "@shared/enums";
import type { LoginInput } from "@shared/schemas/auth";
import { SIGN_IN_MSG, ssoErrorMessage } from "@shared/sign-in-messages";
import { IconBuildingBank, IconClockHour4 } from "@tabler/icons-react";
import { type FormEvent, useEffect, useRef, useState } from "react";
import { Link, useNavigate, useSearchParams } from "react-router";

type FieldErrors = Partial<Record<keyof LoginInput, string>>;

/**
 * Only "is it filled in" before sending: the server checks the rest with the shared schema. Plain
 * inputs checked on submit, without zod or @mantine/form, keep the first load of /login inside its
 * JavaScript budget (DESIGN.md §22, decision 0064).
 */
const check = (values: LoginInput): FieldErrors => ({
  ...(values.email.trim() ? {} : { email: SIGN_IN_MSG.emailRequired }),
  ...(values.password.trim() ? {} : { password: SIGN_IN_MSG.passwordRequired }),
});

/**
 * Email and password, and single sign-on where the department set it up. Success goes to the page
 * asked for (`?next=`) or the person's dashboard; single sign-on comes back here, signed in or
 * with `?error=`.
 */
export function LoginForm() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const login = useLogin();
  const options = useAuthOptions();
  const ssoError = params.get("error");
  // Sent here because the session ended while a page was open (decision 0054): why, in our words.
  const ended = sessionEndMessage(params.get("reason"));
  const [error, setError] = useState<string | null>(null);
  // The page is for typing an email: the cursor starts there (issue 30).
  const emailRef = useRef<HTMLInputElement>(null);
  useEffect(() => emailRef.current?.focus(), []);
  const passwordRef = useRef<HTMLInputElement>(null);
  const [fieldErrors, setFieldErrors] = useState<FieldErrors>({});
  const values = (): LoginInput => ({
    email: emailRef.current?.value ?? "",
    password: passwordRef.current?.value ?? "",
  });
  // A field's error goes as soon as it is typed in.
  const typed = (field: keyof LoginInput) => () =>
    setFieldErrors((errors) => (errors[field] ? { ...errors, [field]: undefined } : errors));
  // Single sign-on leaves for the provider's page; the way back lands here, signed in or with ?error=.
  const sso = useAction(
    () => api.post<{ url: string }>("/auth/sso", { next: safeNext(params.get("next")) ?? undefined }),
    {
      onSuccess: ({ url }) => window.location.assign(url),
      onError: (e) => setError(isApiError(e) ? e.message : SIGN_IN_MSG.ssoFailed),
    },
  );

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const input = values();
    const errors = check(input);
    setFieldErrors(errors);
    if (errors.email || errors.password) return;
    setError(null);
    login.mutate(input, {
      onSuccess: ({ user }) =>
        navigate(safeNext(params.get("next")) ?? DASHBOARD_PATH[user.role], { replace: true }),
      onError: (e) => setError(isApiError(e) && e.status !== 401 ? e.message : SIGN_IN_MSG.invalidLogin),
    });
  };

  const shown = error ?? (ssoError ? ssoErrorMessage(ssoError, options?.allowedEmailDomains ?? []) : null);
  // "Forgot password?" takes the email typed so far along (in the history entry, not the address).
  const forgotPassword = (event: React.MouseEvent<HTMLAnchorElement>) => {
    if (event.metaKey || event.ctrlKey || event.shiftKey || event.button !== 0) return;
    event.preventDefault();
    void navigate("/forgot-password", { state: { email: values().email.trim() } });
  };
  return (
    <Stack>
      {ended && !shown && (
        <Alert color="yellow" icon={<IconClockHour4 size={18} />} title="Signed out" role="status">
          {ended}
        </Alert>
      )}
      <FormError message={shown} />
      {options?.sso && (
        <>
          <Button
            variant="default"
            fullWidth
            leftSection={<IconBuildingBank size={18} />}
            loading={sso.isPending || sso.isSuccess}
            onClick={() => {
              setError(null);
              sso.mutate(undefined);
            }}
          >
            {SIGN_IN_MSG.signInWith(options.sso.name)}
          </Button>
          <Divider label="or with your email" labelPosition="center" />
        </>
      )}
      <form onSubmit={onSubmit} noValidate>
        <Stack>
          <TextInput
            ref={emailRef}
            required
            label="Email"
            type="email"
            autoComplete="email"
            error={fieldErrors.email}
            onChange={typed("email")}
          />
          <PasswordInput
            ref={passwordRef}
            required
            label="Password"
            autoComplete="current-password"
            error={fieldErrors.password}
            onChange={typed("password")}
          />
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
