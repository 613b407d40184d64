import { isApiError } from "@client/lib/api";
import { refusedAtField } from "../api/use-life-mutation";

/**
 * What a form does with a refused action (the notification, if any, is the mutation's): a 400
 * naming its fields goes to those fields; a 409 (the proposal changed meanwhile) or a 404 (it is
 * gone, or no longer ours to see) closes the form, and the page shows the proposal as it is now.
 */
export function formAfterRefusal(
  e: unknown,
  {
    fields = [],
    setErrors,
    close,
  }: { fields?: string[]; setErrors?: (errors: Record<string, string>) => void; close: () => void },
) {
  if (!isApiError(e)) return;
  if (refusedAtField(e, fields) && setErrors)
    return setErrors(Object.fromEntries(Object.entries(e.fields).filter(([k]) => fields.includes(k))));
  if (e.status === 409 || e.status === 404) close();
}
