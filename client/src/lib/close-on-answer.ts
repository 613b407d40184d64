import type { UseFormReturnType } from "@mantine/form";
import { errorMessage } from "./api";
import { showFailure } from "./forms";
import { notify } from "./notify";

/**
 * What a confirmation dialog does with its action's answer (publish the allocation, adopt a
 * scenario, withdraw a topic): a success told in `said`'s words, a refusal in the server's; the
 * dialog closed either way, and `then` run after a success. Give it to the mutation hook: given to
 * `mutate`, it is lost if the dialog is gone before the answer.
 */
export const closeOnAnswer = <T>(close: () => void, said: (result: T) => string, then?: () => void) => ({
  onSuccess: (result: T) => {
    notify.success(said(result));
    close();
    then?.();
  },
  onError: (e: unknown) => {
    notify.error(errorMessage(e));
    close();
  },
});

/**
 * What a dialog's form (edit a room, a research cell, a person) does with its save's answer: the
 * success told in `done` and the dialog closed; a refusal shown by showFailure, at its field or
 * in `failed`'s words. Pass it to `mutate`.
 */
export const savedThenClosed = <T>(
  form: UseFormReturnType<T>,
  close: () => void,
  done: string,
  failed: (message: string) => string,
) => ({
  onSuccess: () => {
    notify.success(done);
    close();
  },
  onError: (e: unknown) => showFailure(form, e, (m) => notify.error(failed(m))),
});
