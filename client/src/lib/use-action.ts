import { useCallback, useRef, useState } from "react";

type Callbacks<T> = { onSuccess?: (result: T) => unknown; onError?: (error: unknown) => unknown };

/**
 * One request a form sends, with its pending state: what TanStack Query's `useMutation` gives, for
 * the first visit's pages, which load without TanStack Query (decision 0074). A second send while
 * one is on its way is ignored. Callbacks passed to `mutate` run after the action's own.
 */
export function useAction<I, T>(fn: (input: I) => Promise<T>, own: Callbacks<T> = {}) {
  const [isPending, setPending] = useState(false);
  const [isSuccess, setSuccess] = useState(false);
  const busy = useRef(false);
  const latest = useRef({ fn, own });
  latest.current = { fn, own };
  const mutate = useCallback((input: I, callbacks: Callbacks<T> = {}) => {
    if (busy.current) return;
    busy.current = true;
    setPending(true);
    const { fn, own } = latest.current;
    fn(input).then(
      async (result) => {
        busy.current = false;
        setPending(false);
        setSuccess(true);
        await own.onSuccess?.(result);
        await callbacks.onSuccess?.(result);
      },
      async (error: unknown) => {
        busy.current = false;
        setPending(false);
        await own.onError?.(error);
        await callbacks.onError?.(error);
      },
    );
  }, []);
  return { mutate, isPending, isSuccess };
}
