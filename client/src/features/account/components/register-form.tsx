import { useRegister } from "@client/lib/auth";
import { showFailure } from "@client/lib/forms";
import { authOptionsQuery } from "@client/lib/queries/auth-options";
import { schemaResolver, useForm } from "@mantine/form";
import { LIMITS } from "@shared/limits";
import { type RegisterInput, registerSchema } from "@shared/schemas/auth";
import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { useNavigate } from "react-router";
import { AccountForm, EmailField, PasswordField, TextField } from "./account-fields";

/** A student's own registration: name, email (of the allowed domains, when set), student ID, password. */
export function RegisterForm() {
  const navigate = useNavigate();
  const register = useRegister();
  const [error, setError] = useState<string | null>(null);
  const domains = useQuery(authOptionsQuery()).data?.allowedEmailDomains ?? [];
  const form = useForm<RegisterInput>({
    mode: "uncontrolled",
    initialValues: { name: "", email: "", studentId: "", password: "" },
    validate: schemaResolver(registerSchema, { sync: true }),
  });

  const onSubmit = form.onSubmit((values) => {
    setError(null);
    register.mutate(values, {
      onSuccess: () => navigate("/student/dashboard", { replace: true }),
      // Field problems show at their field; anything else shows above the form.
      onError: (e) => showFailure(form, e, setError),
    });
  });

  return (
    <AccountForm onSubmit={onSubmit} error={error} submit="Register" busy={register.isPending}>
      <TextField form={form} path="name" label="Name" autoComplete="name" />
      <EmailField
        form={form}
        description={domains.length ? `Your address at ${domains.join(" or ")}.` : undefined}
      />
      <TextField form={form} path="studentId" label="Student ID" />
      <PasswordField
        form={form}
        path="password"
        label="Password"
        description={`At least ${LIMITS.passwordMin} characters.`}
        autoComplete="new-password"
      />
    </AccountForm>
  );
}
