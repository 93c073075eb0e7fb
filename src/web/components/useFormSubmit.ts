import { useCallback, useState } from 'react';
import { placeFailure, type LabelOf } from './field-messages';

type Values = Record<string, unknown>;

export interface SubmitOptions {
  /** The paths the form shows: server errors for other fields go above the form. */
  shown?: readonly string[];
  /** Field labels for the server's messages (field-messages.ts): never a raw key like start_date. */
  labelOf?: LabelOf;
}

/**
 * Wraps a form action for react-admin's <Form onSubmit>: tracks the busy state, returns the
 * server's field errors so they show inline, and keeps any other failure as `formError`.
 * Fields not in `shown` (e.g. a token) are reported as the form error instead. The form keeps
 * what was typed: a refused save changes no value (the screen must give <Form> a stable record).
 */
export function useFormSubmit(action: (values: Values) => Promise<unknown>, options?: readonly string[] | SubmitOptions) {
  const [busy, setBusy] = useState(false);
  const [formError, setFormError] = useState<string | null>(null);
  const opts: SubmitOptions = Array.isArray(options) ? { shown: options as readonly string[] } : ((options ?? {}) as SubmitOptions);
  const { shown, labelOf } = opts;
  const onSubmit = useCallback(
    async (values: Values) => {
      setBusy(true);
      setFormError(null);
      try {
        await action(values);
        return undefined;
      } catch (e) {
        const placed = placeFailure(e, { shown: shown ? (path) => shown.includes(path) : undefined, labelOf });
        setFormError(placed.formError);
        return placed.inline;
      } finally {
        setBusy(false);
      }
    },
    [action, shown, labelOf],
  );
  return { onSubmit, busy, formError, setFormError };
}
