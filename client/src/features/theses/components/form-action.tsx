import { ActionDialog, ActionText, useActionText } from "@client/components/action-modal";
import { useTimeZone } from "@client/lib/dates";
import { type ButtonProps, Text, TextInput } from "@mantine/core";
import { MSG } from "@shared/messages";
import type { Thesis } from "@shared/schemas/theses";
import { utcToWall, wallToUtc } from "@shared/time";
import { type ReactNode, useState } from "react";
import type { ThesisRequest } from "../api/use-theses";
import { useThesisDialog } from "./thesis-dialog";

export interface FormActionProps {
  thesis: Thesis;
  /** The button's words, also the dialog's confirm button. */
  label: string;
  title: string;
  /** What will happen, first in the dialog. */
  explain: ReactNode;
  color?: ButtonProps["color"];
  variant?: ButtonProps["variant"];
  /** Said once it is done. */
  done: string;
  /** A reason (required) or a note (optional), and a due date (required or optional). */
  text?: { field: "reason" | "note"; label: string; required: boolean };
  dueAt?: { label: string; required: boolean; initial?: string };
  /** More fields of the dialog, before the text. */
  children?: ReactNode;
  /** The request from the dialog's values (the text and the due date, as UTC, when asked). */
  request: (v: { text: string; dueAt?: string }) => ThesisRequest;
}

/**
 * An action of the thesis that asks for a reason, a note or a new due date (in the department's
 * zone) in a dialog, then is sent; a 400 at one of its fields is shown there, a 409 or 404 closes it.
 */
export function FormAction({
  thesis,
  label,
  title,
  explain,
  color,
  variant = "light",
  done,
  text,
  dueAt,
  children,
  request,
}: FormActionProps) {
  const zone = useTimeZone();
  const [wall, setWall] = useState("");
  const [dueError, setDueError] = useState<string | null>(null);
  const fields = [text?.field ?? "", "dueAt"].filter(Boolean);
  const { action, opened, dialog } = useThesisDialog(thesis, {
    done,
    fields,
    reset: () => {
      setWall(dueAt?.initial ? utcToWall(dueAt.initial, zone) : "");
      setDueError(null);
    },
    setErrors: (f) => {
      if (text && f[text.field]) words.setError(f[text.field]);
      if (f.dueAt) setDueError(f.dueAt);
    },
  });
  const words = useActionText(opened);
  const confirm = () => {
    if (text?.required && !words.value.trim()) return words.setError(MSG.thesisReasonRequired);
    const due = wall ? (wallToUtc(wall, zone) ?? undefined) : undefined;
    if (dueAt?.required && !due) return setDueError(MSG.thesisDueAtInvalid);
    action.mutate(request({ text: words.value.trim(), dueAt: due }));
  };
  return (
    <ActionDialog
      {...dialog}
      button={{ color, variant, children: label }}
      title={title}
      confirmLabel={label}
      confirmColor={color}
      onConfirm={confirm}
    >
      <Text size="sm">{explain}</Text>
      {children}
      {dueAt && (
        <TextInput
          type="datetime-local"
          label={dueAt.label}
          description={`In ${zone}.`}
          required={dueAt.required}
          value={wall}
          onChange={(e) => {
            setWall(e.currentTarget.value);
            setDueError(null);
          }}
          error={dueError}
        />
      )}
      {text && <ActionText kind="reason" label={text.label} required={text.required} text={words} />}
    </ActionDialog>
  );
}

/** The required Reason most of the thesis's steps ask for. */
export const REASON = { field: "reason", label: "Reason", required: true } as const;

/**
 * A step that asks only for that reason (and, with `newDueDate`, a required new due date starting
 * from the thesis's) and sends them as `{ reason, dueAt }` to `path`.
 */
export function ReasonAction({
  path,
  newDueDate = false,
  ...props
}: Omit<FormActionProps, "text" | "dueAt" | "request"> & { path: string; newDueDate?: boolean }) {
  return (
    <FormAction
      {...props}
      text={REASON}
      dueAt={newDueDate ? { label: "New due date", required: true, initial: props.thesis.dueAt } : undefined}
      request={({ text, dueAt }) => ({ path, body: newDueDate ? { reason: text, dueAt } : { reason: text } })}
    />
  );
}
