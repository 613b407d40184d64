import { errorMessage, isApiError } from "@client/lib/api";
import { notify } from "@client/lib/notify";
import { proposalChangedKeys } from "@client/lib/queries/proposal-changed";
import { useMutation, useQueryClient } from "@tanstack/react-query";

export interface LifeMutationOptions<TVars, TResult> {
  /** The fields the form shows: a 400 naming one of them is shown there, not as a notification. */
  fields?: string[];
  /** What a success does (a notification, closing the form, leaving the page). */
  onSuccess?: (result: TResult, vars: TVars) => void;
  /** The notification of a refusal, around the server's words (default: those words alone). */
  failed?: (message: string) => string;
  /**
   * What the form does with a refusal (formAfterRefusal), given here rather than to `mutate`: a
   * callback given to `mutate` is lost when the form is gone before the answer.
   */
  onRefused?: (error: unknown) => void;
}

/** Whether a refusal belongs at one of the form's fields (a 400 naming it). */
export const refusedAtField = (e: unknown, fields: string[]) =>
  isApiError(e) && e.status === 400 && Object.keys(e.fields).some((k) => fields.includes(k));

/**
 * A step of the proposal's life (DESIGN.md §9) sent to the server. Its success and its refusal are
 * said here, at the mutation, so they are said even when the answer changes the page so much that
 * the form is gone (a declined invitation, a proposal no longer ours to see): a refusal with no
 * field of the form is a notification in the server's words. Whatever the answer, the proposal, its
 * lists, versions and timeline, the dashboards, places and the activity log are refetched: after a
 * success they changed, after a 409 or a 404 what is on screen is stale.
 */
export function useLifeMutation<TVars, TResult>(
  send: (vars: TVars) => Promise<TResult>,
  { fields = [], onSuccess, failed = (m) => m, onRefused }: LifeMutationOptions<TVars, TResult> = {},
) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: send,
    onSuccess,
    onError: (e) => {
      if (!refusedAtField(e, fields)) notify.error(failed(errorMessage(e)));
      onRefused?.(e);
    },
    onSettled: () => {
      for (const queryKey of proposalChangedKeys()) void qc.invalidateQueries({ queryKey });
    },
  });
}

/**
 * What a form does with a refused action (the notification, if any, is the mutation's): a 400
 * naming its fields goes to those fields; a 409 (the proposal changed meanwhile) or a 404 (it is
 * gone, or no longer ours to see) closes the form, and the page shows the proposal as it is now.
 * Says which it did; nothing for any other refusal, which leaves the form as it is.
 */
export function formAfterRefusal(
  e: unknown,
  {
    fields = [],
    setErrors,
    close,
  }: { fields?: string[]; setErrors?: (errors: Record<string, string>) => void; close: () => void },
): "atField" | "closed" | undefined {
  if (!isApiError(e)) return;
  if (refusedAtField(e, fields) && setErrors) {
    setErrors(Object.fromEntries(Object.entries(e.fields).filter(([k]) => fields.includes(k))));
    return "atField";
  }
  if (e.status === 409 || e.status === 404) {
    close();
    return "closed";
  }
}

/** formAfterRefusal for a dialog whose one field is the action's value (useActionValue's: a reason, feedback, a choice). */
export const textAfterRefusal =
  (field: string, text: { setError: (message: string | null) => void }, close: () => void) => (e: unknown) =>
    formAfterRefusal(e, { fields: [field], setErrors: (f) => text.setError(f[field] ?? null), close });
