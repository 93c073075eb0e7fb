import { useCallback, useState } from 'react';
import { describeFailure } from './server-errors';

type Values = Record<string, unknown>;

/**
 * Wraps a form action for react-admin's <Form onSubmit>: tracks the busy state, returns the
 * server's field errors so they show inline, and keeps any other failure as `formError`.
 * Fields not in `shown` (e.g. a token) are reported as the form error instead.
 */
export function useFormSubmit(action: (values: Values) => Promise<unknown>, shown?: readonly string[]) {
  const [busy, setBusy] = useState(false);
  const [formError, setFormError] = useState<string | null>(null);
  const onSubmit = useCallback(
    async (values: Values) => {
      setBusy(true);
      setFormError(null);
      try {
        await action(values);
        return undefined;
      } catch (e) {
        const { fields, message } = describeFailure(e);
        if (fields) {
          const inline = shown ? Object.fromEntries(Object.entries(fields).filter(([k]) => shown.includes(k))) : fields;
          const other = Object.entries(fields).filter(([k]) => !(k in inline));
          if (other.length) setFormError(other.map(([, m]) => m).join(' '));
          return Object.keys(inline).length ? inline : undefined;
        }
        setFormError(message);
        return undefined;
      } finally {
        setBusy(false);
      }
    },
    [action, shown],
  );
  return { onSubmit, busy, formError, setFormError };
}
