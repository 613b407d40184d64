import { isApiError } from "@client/lib/api";
import { notify } from "@client/lib/notify";

/**
 * A refused action, said once where it belongs: a 400 naming fields the form has goes to those
 * fields; anything else is a notification with the server's words. A 409 (the proposal changed
 * meanwhile) or a 404 (it is gone, or no longer ours to see) also closes the form; the page
 * refetches either way (the mutation invalidates the proposal's queries).
 */
export function showActionFailure(
  e: unknown,
  {
    fields = [],
    setErrors,
    close,
  }: {
    fields?: string[];
    setErrors?: (errors: Record<string, string>) => void;
    close: () => void;
  },
) {
  if (isApiError(e)) {
    const known = Object.entries(e.fields).filter(([k]) => fields.includes(k));
    if (e.status === 400 && known.length && setErrors) return setErrors(Object.fromEntries(known));
    notify.error(e.message);
    if (e.status === 409 || e.status === 404) close();
    return;
  }
  notify.error("Something went wrong. Please try again.");
}
