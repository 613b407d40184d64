import { formAfterRefusal } from "@client/lib/life-mutation";
import { notify } from "@client/lib/notify";
import type { Thesis } from "@shared/schemas/theses";
import { useState } from "react";
import { useThesisAction } from "../api/use-theses";

/**
 * An action of the thesis asked for in its ActionDialog: `reset` sets the dialog's fields afresh as
 * it opens; done, `done` is said and it closes; refused, a 400 at one of `fields` goes to them
 * (`setErrors`), a 409 or a 404 closes it. Both are handled at the mutation, so that they are not
 * lost if the dialog is gone before the answer. `dialog` is ActionDialog's part of it.
 */
export function useThesisDialog(
  thesis: Thesis,
  {
    done,
    fields,
    reset,
    setErrors,
  }: {
    done: string;
    fields: string[];
    reset?: () => void;
    setErrors: (errors: Record<string, string>) => void;
  },
) {
  const [opened, setOpened] = useState(false);
  const close = () => setOpened(false);
  const action = useThesisAction(thesis.id, {
    fields,
    onSuccess: () => {
      notify.success(done);
      close();
    },
    onRefused: (e) => formAfterRefusal(e, { fields, setErrors, close }),
  });
  const onOpen = () => {
    reset?.();
    setOpened(true);
  };
  return { action, opened, dialog: { opened, onOpen, onClose: close, loading: action.isPending } };
}
