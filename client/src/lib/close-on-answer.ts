import { errorMessage } from "./api";
import { notify } from "./notify";

/**
 * What a confirmation dialog does with its action's answer (publish the allocation, adopt a
 * scenario, withdraw a topic): a success told in `said`'s words, a refusal in the server's; the
 * dialog closed either way, and `then` run after a success. Pass it to `mutate`.
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
