// 422 answers are {message, errors:{field:[msg,...]}} (docs/api.md): react-admin's <Form> shows
// what onSubmit returns next to each field, so turn the lists into one message per field.

export interface SubmitFailure {
  /** Per-field messages for the form, when the server named fields. */
  fields: Record<string, string> | null;
  /** A message for the whole form (429, 500, network, a 422 without fields). */
  message: string | null;
}

/**
 * One line for a failure shown outside a form: the server's message, else the first field's, else
 * the fallback. It may be a translation key (the fallback): show it through translate(text, { _: text }).
 */
export function failureText(e: unknown, fallback = 'ra.notification.http_error'): string {
  const f = describeFailure(e, fallback);
  return f.message ?? Object.values(f.fields ?? {})[0] ?? fallback;
}

export function describeFailure(e: unknown, fallback = 'ra.notification.http_error'): SubmitFailure {
  const body = typeof e === 'object' && e !== null ? (e as { body?: unknown }).body : undefined;
  const b = (body && typeof body === 'object' ? body : {}) as { message?: unknown; errors?: unknown };
  let fields: Record<string, string> | null = null;
  if (b.errors && typeof b.errors === 'object') {
    fields = {};
    for (const [field, messages] of Object.entries(b.errors as Record<string, unknown>)) {
      const first = Array.isArray(messages) ? messages[0] : messages;
      if (first != null) fields[field] = String(first);
    }
    if (Object.keys(fields).length === 0) fields = null;
  }
  const message = typeof b.message === 'string' && b.message ? b.message : e instanceof Error && e.message ? e.message : fallback;
  return { fields, message: fields ? null : message };
}
